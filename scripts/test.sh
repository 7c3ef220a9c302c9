#!/usr/bin/env bash
# Every test: lint and format, types, the contract, web and server suites (PGlite, and PostgreSQL
# when it is reachable), the build, and the browser suite on Debian's Chromium. The type check and
# the build run beside the suites; the browser suite starts once the build is made. Prints each
# stage's wall time at the end, and exits with the first failing stage's code (a failing stage
# does not stop the others: one run shows every failure).
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/ensure-test-deps.sh
source scripts/stages.sh
trap 'status=$?; stage_table; [ "$FIRST_FAILURE" != 0 ] && exit "$FIRST_FAILURE"; exit "$status"' EXIT

stage "lint and format" npx biome check . || true
stage_bg "types" npm run --silent typecheck
stage_bg "build (web app and server)" npm run --silent build
# The server suite on PostgreSQL runs beside the one on PGlite, as a vitest process of its own
# (vitest.config.ts has the project only when PostgreSQL answers, as here). The contract and web
# suites go with it: the PGlite suite, the longer of the two, then ends sooner.
units=(--project contract --project web)
postgres=
if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  postgres="contract, web and server suite on PostgreSQL"
  stage_bg "$postgres" npx vitest run "${units[@]}" --project server:postgres
  units=()
elif [ "${REQUIRE_POSTGRES:-}" = 1 ]; then
  stage "server suite on PostgreSQL" npx vitest run --project server:postgres || true
fi
stage "${units[*]:+contract, web and }server suite on PGlite" \
  npx vitest run "${units[@]}" --project server:pglite || true
if [ -n "$postgres" ]; then stage_wait "$postgres" || true; fi
stage_wait "build (web app and server)" || true
# No trace of a failed browser test: nothing reads it from a run that only prints (see
# e2e/playwright.config.ts); a spec run by hand keeps it.
export E2E_TRACE=0
stage "browser suite" npm run --silent test:e2e || true
stage_wait "types" || true
