#!/usr/bin/env bash
# `npm test`: every check of the README's test command, one step at a time, printing each step's
# wall time and CPU time and the totals (decision 104). .ci/run prepares the machine, then runs this.
set -euo pipefail
cd "$(dirname "$0")/.."

# ---- timed steps ----
names=() walls=() cpus=() results=()
run_start=$(date +%s.%N)

# Sets CPU to the CPU seconds (user + system) of this shell's finished children so far. `times`
# must run in this shell: in a subshell ($(…), a pipeline) it counts only that subshell's children.
times_file=$(mktemp)
children_cpu() {
  times >"$times_file"
  CPU=$(awk 'NR == 2 { n = split($0, t, /[ms ]+/); s = 0; for (i = 1; i < n; i += 2) s += t[i] * 60 + t[i + 1]; print s }' "$times_file")
}
# Seconds since $1; $1 minus $2.
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }
minus() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a - b }'; }

summary() {
  local status=$?
  children_cpu
  local total_cpu=$CPU
  rm -f "$times_file"
  echo
  echo "== step times (wall, CPU = user + system of the step's processes; $(nproc) cores)"
  local i
  for i in "${!names[@]}"; do printf '  %-28s %7.1f s  %7.1f CPU-s  %s\n' "${names[$i]}" "${walls[$i]}" "${cpus[$i]}" "${results[$i]}"; done
  printf '  %-28s %7.1f s  %7.1f CPU-s\n' 'total' "$(since "$run_start")" "$total_cpu"
  exit "$status"
}
trap summary EXIT

# step NAME COMMAND…: runs it, records its times, stops the run when it fails.
step() {
  local name=$1
  shift
  echo
  echo "== $name"
  local start cpu0 status=0
  start=$(date +%s.%N)
  children_cpu
  cpu0=$CPU
  "$@" || status=$?
  children_cpu
  names+=("$name")
  walls+=("$(since "$start")")
  cpus+=("$(minus "$CPU" "$cpu0")")
  results+=("$([ "$status" = 0 ] && echo ok || echo "FAILED ($status)")")
  echo "== $name: ${walls[-1]} s, ${cpus[-1]} CPU-s, ${results[-1]}"
  return "$status"
}

# both() A B: two single-threaded checks at once on the two cores; fails when either fails (each
# prints its own output; one runs with its output buffered so the two do not interleave).
both() {
  local out status_a=0 status_b=0
  out=$(mktemp)
  bash -c "$2" >"$out" 2>&1 &
  local pid=$!
  bash -c "$1" || status_a=$?
  wait "$pid" || status_b=$?
  cat "$out"
  rm -f "$out"
  [ "$status_a" = 0 ] && [ "$status_b" = 0 ]
}

step 'typecheck + lint' both 'npm run typecheck' 'npm run lint'
# The API suite once per database, each on one of the two supported Nodes (decision 123): PGlite,
# the default a new user runs, on Node 24 LTS; PostgreSQL on the machine's Node.
step 'API tests: unit + PGlite (Node 24)' npm run test:api:node24
step 'API tests: PostgreSQL (Node 20)' npm run test:postgres -w apps/api
step 'web unit tests + build' both 'npm run test -w apps/web' 'npm run build'
step 'E2E' npm run e2e -w apps/web
# API contract (issue 28; docs/api.md): the document lints clean, no unacknowledged breaking change
# against the merge-base with main.
step 'API contract lint' npm run lint:api
step 'API breaking changes' npm run api:diff
