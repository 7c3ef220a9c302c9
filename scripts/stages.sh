#!/usr/bin/env bash
# Stage bookkeeping for scripts/test.sh: each stage's wall time and exit code, and the table of
# them printed on exit, whether the run passed or a stage failed. Sourced, not run.

STAGE_NAMES=()
declare -A STAGE_START STAGE_END STAGE_STATUS STAGE_PID STAGE_LOG
STAGE_LOG_DIR="$(mktemp -d "${TMPDIR:-/tmp}/sitefleet-test.XXXXXX")"
RUN_START=$(date +%s.%N)
FIRST_FAILURE=0

stage_record() {
  local name=$1 status=$2
  STAGE_END[$name]=$(date +%s.%N)
  STAGE_STATUS[$name]=$status
  if [ "$status" != 0 ] && [ "$FIRST_FAILURE" = 0 ]; then FIRST_FAILURE=$status; fi
}

# stage NAME COMMAND...: runs a stage in the foreground, its output as it comes.
stage() {
  local name=$1
  shift
  STAGE_NAMES+=("$name")
  STAGE_START[$name]=$(date +%s.%N)
  STAGE_LOG[$name]="$STAGE_LOG_DIR/${#STAGE_NAMES[@]}.log"
  echo "── $name"
  local status=0
  "$@" 2>&1 | tee "${STAGE_LOG[$name]}" || status=${PIPESTATUS[0]}
  stage_record "$name" "$status"
  return "$status"
}

# stage_bg NAME COMMAND...: starts a stage beside the others; its output is kept and printed,
# whole, by stage_wait, so that two stages' lines never interleave.
stage_bg() {
  local name=$1
  shift
  STAGE_NAMES+=("$name")
  STAGE_START[$name]=$(date +%s.%N)
  STAGE_LOG[$name]="$STAGE_LOG_DIR/${#STAGE_NAMES[@]}.log"
  echo "── $name (started in the background)"
  (
    status=0
    "$@" >"${STAGE_LOG[$name]}" 2>&1 || status=$?
    date +%s.%N >"${STAGE_LOG[$name]}.end"
    echo "$status" >"${STAGE_LOG[$name]}.status"
    exit "$status"
  ) &
  STAGE_PID[$name]=$!
}

# stage_wait NAME: waits for a background stage, prints its output and answers its exit code.
stage_wait() {
  local name=$1 status=0
  wait "${STAGE_PID[$name]}" || status=$?
  unset 'STAGE_PID[$name]'
  echo "── $name (output)"
  cat "${STAGE_LOG[$name]}"
  stage_record "$name" "$status"
  STAGE_END[$name]=$(cat "${STAGE_LOG[$name]}.end" 2>/dev/null || date +%s.%N)
  return "$status"
}

# Stops a process and everything it started, deepest first.
stage_kill_tree() {
  local child
  for child in $(pgrep -P "$1" 2>/dev/null); do stage_kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}

stage_seconds() {
  awk -v a="$1" -v b="$2" 'BEGIN { printf "%7.1f", b - a }'
}

# The failures of each failed stage again, from the summary its runner prints (vitest's "Failed
# Tests", Playwright's numbered list) or else its last lines: a log read from its end then shows
# why a run failed, however long the output before it.
stage_failures() {
  local name log
  for name in "${STAGE_NAMES[@]}"; do
    case ${STAGE_STATUS[$name]:-0} in 0 | stopped) continue ;; esac
    log=${STAGE_LOG[$name]:-}
    [ -f "$log" ] || continue
    echo
    echo "── $name: failures"
    if grep -qE 'Failed Tests|^ +1\) ' "$log"; then
      sed -n '/Failed Tests\|^ \+1) /,$p' "$log" | head -n 120
    else
      tail -n 40 "$log"
    fi
  done
}

stage_table() {
  local name status
  # A background stage not waited for when the run stops: its result if it ended, else stopped.
  for name in "${!STAGE_PID[@]}"; do
    if [ -f "${STAGE_LOG[$name]}.status" ]; then
      stage_record "$name" "$(cat "${STAGE_LOG[$name]}.status")"
      STAGE_END[$name]=$(cat "${STAGE_LOG[$name]}.end")
    else
      stage_kill_tree "${STAGE_PID[$name]}"
      stage_record "$name" "stopped"
    fi
    wait "${STAGE_PID[$name]}" 2>/dev/null || true
  done
  stage_failures
  echo
  echo "── stage times (wall clock; background stages overlap the others)"
  printf '%-34s %9s %8s %8s\n' stage seconds start result
  for name in "${STAGE_NAMES[@]}"; do
    status=${STAGE_STATUS[$name]:-not run}
    case $status in 0) status=ok ;; stopped | "not run") ;; *) status="exit $status" ;; esac
    printf '%-34s %9s %8s %8s\n' "$name" \
      "$(stage_seconds "${STAGE_START[$name]}" "${STAGE_END[$name]:-$(date +%s.%N)}")" \
      "+$(stage_seconds "$RUN_START" "${STAGE_START[$name]}" | tr -d ' ')" "$status"
  done
  printf '%-34s %9s\n' total "$(stage_seconds "$RUN_START" "$(date +%s.%N)")"
  rm -rf "$STAGE_LOG_DIR"
}
