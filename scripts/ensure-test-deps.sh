#!/usr/bin/env bash
# Installs or starts what the tests need, idempotently: Debian's Chromium for the browser suite
# (its headless build, which the suite prefers, and the browser itself),
# a running PostgreSQL for the second run of the server suite, and its client tools for the backup
# test. Sourced by scripts/test.sh.

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi
}

apt_updated=
apt_install() {
  if [ -z "$apt_updated" ]; then as_root apt-get update -qq && apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}

if ! command -v chromium-headless-shell >/dev/null; then
  echo "Installing Chromium's headless build from Debian's packages..."
  apt_install chromium-headless-shell chromium ||
    command -v chromium >/dev/null ||
    { echo "Could not install Chromium: run 'apt-get install -y chromium' as root." >&2; exit 1; }
fi

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    echo "Installing PostgreSQL from Debian's packages..."
    apt_install postgresql || echo "Could not install PostgreSQL: the server suite runs on PGlite only." >&2
  fi
  for version in $(ls /etc/postgresql 2>/dev/null); do
    as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start 2>/dev/null || true
  done
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null && break; sleep 1; done
fi

# A fresh Debian cluster asks for a password over TCP: give the postgres role one for the tests.
if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null && ! psql "$TEST_DATABASE_URL" -Atqc 'select 1' >/dev/null 2>&1; then
  as_root su postgres -c "psql -qc \"ALTER ROLE postgres PASSWORD 'postgres'\"" >/dev/null 2>&1 &&
    export TEST_DATABASE_URL="postgres://postgres:postgres@127.0.0.1:5432/postgres"
fi

# The backup test on PostgreSQL runs pg_dump and pg_restore.
if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null && ! command -v pg_dump >/dev/null; then
  echo "Installing PostgreSQL's client tools from Debian's packages..."
  apt_install postgresql-client || echo "Could not install postgresql-client: the backup test on PostgreSQL will fail." >&2
fi
