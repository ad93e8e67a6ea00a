#!/usr/bin/env bash
# The match server on PostgreSQL, as several instances run it: installs
# Debian's postgresql when missing, starts a throwaway cluster as an
# unprivileged user on a free port under a temp dir, runs the two-instance
# test (cli/tests/server_postgres.rs), and stops and deletes the cluster.
#
#   server/ci-postgres.sh
set -euo pipefail
cd "$(dirname "$0")/.."

bindir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
if [ -z "$(bindir)" ]; then
  echo "server/ci-postgres.sh: installing Debian's postgresql"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql
fi
PG=$(bindir)

# PostgreSQL refuses to run as root: the cluster belongs to an unprivileged
# user (Debian's package makes `postgres`; `nobody` elsewhere).
RUN_AS=postgres
id "$RUN_AS" >/dev/null 2>&1 || RUN_AS=nobody
as_user() {
  if [ "$(id -u)" = 0 ]; then runuser -u "$RUN_AS" -- "$@"; else "$@"; fi
}

DIR=$(mktemp -d /tmp/tabletop-pg.XXXXXX)
chmod 755 "$DIR"
[ "$(id -u)" = 0 ] && chown "$RUN_AS" "$DIR"
PORT=${PG_PORT:-55432}
stop() {
  as_user "$PG/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap stop EXIT

as_user "$PG/initdb" -D "$DIR/data" -U tabletop --auth=trust -E UTF8 >"$DIR/initdb.log" 2>&1 ||
  { cat "$DIR/initdb.log"; exit 1; }
as_user "$PG/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
as_user "$PG/createdb" -h 127.0.0.1 -p "$PORT" -U tabletop tabletop

TABLETOP_TEST_POSTGRES="postgres://tabletop@127.0.0.1:$PORT/tabletop" \
  cargo test --workspace --test server_postgres -- --ignored
