#!/usr/bin/env bash
# The server the browser suite drives: the built web app on a fresh embedded database, with the
# demo data and one user per seeded role besides the admin.
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="${E2E_DATA_DIR:-e2e/.data}"
# The publishing specs' receivers listen on the loopback address, which outbound calls refuse.
export OUTBOUND_ALLOWED_RANGES="${OUTBOUND_ALLOWED_RANGES:-127.0.0.1}"
rm -rf "$DATA_DIR"
# The compiled server and CLI, as `npm start` runs them (`npm run build` makes them).
node apps/server/dist/cli.js db:seed >/dev/null
for role in editor viewer; do
  node apps/server/dist/cli.js user:create --email "$role@example.com" --name "Demo ${role^}" --password "${role}12345" --role "$role" >/dev/null
done
# The untouched demo server runs no scheduler (RUN_WORKERS=false): its tasks keep the states
# apps/server/test/demo-states.ts gives them.
if [ "${E2E_DEMO_STATES:-}" = 1 ]; then node_modules/.bin/tsx apps/server/test/demo-states.ts; fi
# The shared server's websites with a week of page views (apps/server/test/e2e-traffic.ts).
if [ "${E2E_DEMO_STATES:-}" != 1 ]; then node_modules/.bin/tsx apps/server/test/e2e-traffic.ts; fi
# With the young generation npm start gives it (apps/server/src/heap.ts).
exec node --max-semi-space-size=8 apps/server/dist/main.js
