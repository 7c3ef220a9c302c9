#!/usr/bin/env bash
# Every test: lint and format, types, the contract and server suites (PGlite, and PostgreSQL when
# it is reachable), the build, and the browser suite on Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/ensure-test-deps.sh

echo "── lint and format"
npx biome check .
echo "── types"
npm run --silent typecheck
echo "── contract and server suites"
npx vitest run
echo "── build (web app and server)"
npm run --silent build
echo "── browser suite"
npm run --silent test:e2e
