#!/usr/bin/env bash
# `npm test`: every check of the README's test command, in two stages (decision 212), printing each step's
# wall time and CPU time and the totals (decision 104). .ci/run prepares the machine, then runs this.
set -euo pipefail
cd "$(dirname "$0")/.."
# Node 22+ keeps the code it compiled for each module here and the next process loads it instead of
# compiling again: the API suite on Node 24 starts about sixty servers and commands and a worker
# per isolated file (decision 258). Node 20 ignores it.
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$PWD/node_modules/.cache/node-compile}"

# ---- timed steps ----
names=() walls=() cpus=() results=()
run_start=$(date +%s.%N)

# Sets CPU to the CPU seconds (user + system) of this shell's finished children so far. `times`
# must run in this shell: in a subshell ($(…), a pipeline) it counts only that subshell's children.
times_file=$(mktemp)
children_cpu() {
  times >"$times_file"
  CPU=$(cpu_of "$times_file")
}
# Seconds since $1; $1 minus $2.
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }
minus() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a - b }'; }
# The children's CPU seconds (user + system) in the output of `times` saved in file $1.
cpu_of() { awk 'NR == 2 { n = split($0, t, /[ms ]+/); s = 0; for (i = 1; i < n; i += 2) s += t[i] * 60 + t[i + 1]; print s }' "$1"; }

# finished NAME RESULT_FILE LOG_FILE: prints a step that ran in the background (its whole output,
# then its times) and records it; fails when the step failed.
finished() {
  local wall cpu rc
  read -r wall cpu rc <"$2"
  echo
  echo "== $1"
  cat "$3"
  names+=("$1")
  walls+=("$wall")
  cpus+=("$cpu")
  results+=("$([ "$rc" = 0 ] && echo ok || echo "FAILED ($rc)")")
  echo "== $1: $wall s, $cpu CPU-s, ${results[-1]}"
  [ "$rc" = 0 ]
}

summary() {
  local status=$?
  children_cpu
  local total_cpu=$CPU
  rm -f "$times_file"
  echo
  echo "== step times (wall, CPU = user + system of the step's processes; $(nproc) cores)"
  local i
  for i in "${!names[@]}"; do printf '  %-36s %7.1f s  %7.1f CPU-s  %s\n' "${names[$i]}" "${walls[$i]}" "${cpus[$i]}" "${results[$i]}"; done
  printf '  %-36s %7.1f s  %7.1f CPU-s\n' 'total' "$(since "$run_start")" "$total_cpu"
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

# together NAME COMMAND [NAME COMMAND]…: the steps at once, sharing the two cores (decision 212).
# Each step's output is kept aside and printed whole when it ends, so that outputs never
# interleave; each is timed on its own (wall, and the CPU of its own processes). Fails when any fails.
together() {
  local dir i=0 n pid status=0
  dir=$(mktemp -d)
  local -a tnames=() pids=()
  while [ $# -gt 0 ]; do
    tnames+=("$1")
    (
      start=$(date +%s.%N)
      rc=0
      bash -c "$2" >"$dir/$i.log" 2>&1 || rc=$?
      times >"$dir/$i.times"
      cpu=$(cpu_of "$dir/$i.times")
      echo "$(since "$start") $cpu $rc" >"$dir/$i.result"
    ) &
    pids+=("$!")
    echo "== ${tnames[-1]}: started"
    i=$((i + 1))
    shift 2
  done
  local -A done_=()
  for _ in "${pids[@]}"; do
    wait -n 2>/dev/null || true
    for n in "${!pids[@]}"; do
      [ -n "${done_[$n]:-}" ] && continue
      [ -f "$dir/$n.result" ] || continue
      done_[$n]=1
      finished "${tnames[$n]}" "$dir/$n.result" "$dir/$n.log" || status=1
    done
  done
  rm -rf "$dir"
  return "$status"
}

# lanes LANE [:: LANE]…, each LANE a list of NAME COMMAND pairs: the lanes at once, the steps of a
# lane one after another (every step runs even when one before it failed, so that one run shows
# every failure). Each step is timed on its own and its output printed whole when it ends. Fails
# when any step fails.
lanes() {
  local dir lane=0 status=0
  dir=$(mktemp -d)
  local -a lanepids=()
  while [ $# -gt 0 ]; do
    local -a pairs=()
    while [ $# -gt 0 ] && [ "$1" != '::' ]; do
      pairs+=("$1" "$2")
      shift 2
    done
    [ $# -gt 0 ] && shift
    (
      k=0
      for ((j = 0; j < ${#pairs[@]}; j += 2)); do
        id="$lane.$k"
        echo "${pairs[$j]}" >"$dir/$id.name"
        start=$(date +%s.%N)
        rc=0
        # Its own shell, so that `times` counts this step's processes only.
        bash -c "{ ${pairs[$((j + 1))]}"$'\n''} >"$1" 2>&1; rc=$?; times >"$2"; exit $rc' _ "$dir/$id.log" "$dir/$id.times" || rc=$?
        cpu=$(cpu_of "$dir/$id.times")
        echo "$(since "$start") $cpu $rc" >"$dir/$id.result.tmp" && mv "$dir/$id.result.tmp" "$dir/$id.result"
        k=$((k + 1))
      done
    ) &
    lanepids+=("$!")
    lane=$((lane + 1))
  done
  local -A shown=()
  local running=1 f id
  while [ "$running" = 1 ]; do
    running=0
    for pid in "${lanepids[@]}"; do kill -0 "$pid" 2>/dev/null && running=1; done
    for f in "$dir"/*.result; do
      [ -e "$f" ] || continue
      id=$(basename "$f" .result)
      [ -n "${shown[$id]:-}" ] && continue
      shown[$id]=1
      finished "$(cat "$dir/$id.name")" "$f" "$dir/$id.log" || status=1
    done
    [ "$running" = 1 ] && sleep 2
  done
  wait
  rm -rf "$dir"
  return "$status"
}

# Two stages (decisions 212, 229, 230, 252): first the build beside the checks that read only the
# sources (typecheck, the web unit tests, the API contract: the document lints clean, no
# unacknowledged breaking change against the merge-base with main, issue 28, docs/api.md); then
# the suites, which serve the built apps/web/dist and spawn the built server, and lint.
# Lint reads only the sources too: it runs here, where the two cores had ~12 % idle at the end
# (the second stage is saturated from first to last second, decision 258).
together \
  'build' 'npm run build' \
  'typecheck' 'npm run typecheck' \
  'web unit tests' 'npm run test -w apps/web' \
  'API contract lint' 'npm run lint:api' \
  'API breaking changes' 'npm run api:diff' \
  'lint' 'npm run lint'
# The suites in two lanes (decision 252), measured on one day against the other arrangements: the
# E2E (Chromium's headless shell; it waits on its browsers more than it computes), then the API
# suite on PostgreSQL (the machine's Node); beside them the API suite on PGlite (the default a new
# user runs, on Node 24 LTS, decision 123), then the money bench at S on the embedded database
# (issue 30, decisions 217, 227: the seed passes ledger:check, every operator money and list page
# answers, the CSV export has every entry; its timings are printed, not enforced, on a machine
# this busy), in the shorter lane. Every step runs even when one before it failed, so
# that one run shows every failure.
lanes \
  'E2E' 'npm run e2e -w apps/web' \
  'API tests: PostgreSQL (Node 20)' 'npm run test:postgres -w apps/api' \
  :: \
  'API tests: unit + PGlite (Node 24)' 'npm run test:api:node24' \
  'bench: money S (PGlite)' 'env DATABASE_URL= npm run bench:money -- --scale S --samples 5'
