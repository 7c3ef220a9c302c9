#!/usr/bin/env bash
# The server the browser suite drives: the built web app on a fresh embedded database, with the
# demo data and one user per seeded role besides the admin.
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="${E2E_DATA_DIR:-e2e/.data}"
# The publishing specs' receivers listen on the loopback address, which outbound calls refuse.
export OUTBOUND_ALLOWED_RANGES="${OUTBOUND_ALLOWED_RANGES:-127.0.0.1}"
rm -rf "$DATA_DIR"
npx tsx apps/server/src/cli.ts db:seed >/dev/null
for role in editor viewer; do
  npx tsx apps/server/src/cli.ts user:create --email "$role@example.com" --name "Demo ${role^}" --password "${role}12345" --role "$role" >/dev/null
done
exec npx tsx apps/server/src/main.ts
