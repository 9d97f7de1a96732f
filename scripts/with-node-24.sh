#!/usr/bin/env bash
# Runs a command on Node 24 LTS (decision 123): the binary the npm registry ships as the package
# node-<os>-<arch>, installed once into a cache directory. Usage: bash scripts/with-node-24.sh npm run …
set -euo pipefail
version="${NODE_24_VERSION:-24.21.0}"
package="node-$(node -p process.platform)-$(node -p process.arch)"
dir="${XDG_CACHE_HOME:-$HOME/.cache}/entrenapp/$package-$version"
if [ ! -x "$dir/node_modules/$package/bin/node" ]; then
  echo "== installing Node $version ($package) into $dir"
  npm install --prefix "$dir" --no-save --no-audit --no-fund --no-package-lock "$package@$version" >/dev/null
fi
export PATH="$dir/node_modules/$package/bin:$PATH"
echo "== on Node $(node --version)"
exec "$@"
