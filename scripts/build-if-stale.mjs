// `npm start` builds only what changed: the web app when apps/web or packages/contracts is newer
// than apps/web/dist, the API when apps/api or packages/contracts is newer than apps/api/dist.
// A built tree starts in a second or two instead of rebuilding everything (~20 s) every time.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const SKIP = new Set(['node_modules', 'dist', 'e2e', 'test-results', 'playwright-report', '.cache'])

/** Newest modification time under `paths` (files and folders), skipping build output. */
function newest(paths) {
  let max = 0
  const visit = (p) => {
    if (!existsSync(p)) return
    const st = statSync(p)
    if (st.isDirectory()) {
      for (const name of readdirSync(p))
        if (!SKIP.has(name) && !name.endsWith('.test.ts') && !name.endsWith('.test.tsx')) visit(join(p, name))
    } else max = Math.max(max, st.mtimeMs)
  }
  for (const p of paths) visit(join(root, p))
  return max
}

const shared = ['packages/contracts/src', 'packages/contracts/package.json', 'package-lock.json']
const targets = [
  {
    name: 'web',
    output: 'apps/web/dist/index.html',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'apps/web/scripts',
      ...shared,
    ],
  },
  {
    name: 'api',
    output: 'apps/api/dist/supervisor.js',
    inputs: ['apps/api/src', 'apps/api/drizzle', 'apps/api/tsup.config.ts', 'apps/api/package.json', ...shared],
  },
]

// `build-if-stale.mjs api` checks only the API.
const only = process.argv.slice(2)
for (const t of targets.filter((t) => only.length === 0 || only.includes(t.name))) {
  const out = join(root, t.output)
  const builtAt = existsSync(out) ? statSync(out).mtimeMs : 0
  if (builtAt >= newest(t.inputs)) continue
  console.log(`building ${t.name} (sources changed since the last build)`)
  const res = spawnSync('npm', ['run', 'build', '-w', `apps/${t.name}`], { cwd: root, stdio: 'inherit' })
  if (res.status !== 0) process.exit(res.status ?? 1)
}
