#!/usr/bin/env bash
# Browser tests of the web pages: installs Debian's chromium when it is
# missing, installs playwright-core from the lock file (never a browser of
# its own), builds the `tabletop` command in the dev profile (the test
# build has compiled its dependencies; the tests seat random bots), starts
# `tabletop web` (the lab page, browser.test.mjs) and `tabletop server`
# with a fresh SQLite file (the players' page, players.test.mjs) on
# 127.0.0.1, runs web/tests, stops both.
#
#   web/ci.sh                    # screenshots go to target/web-screenshots/
#   UPDATE_DOCS=1 web/ci.sh      # also refresh docs/screenshots/ for the README
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
PORT=${WEB_PORT:-18080}
PLAY_PORT=${PLAY_PORT:-18081}
DB_DIR=$(mktemp -d)

if [ ! -x /usr/bin/chromium ]; then
  echo "web/ci.sh: installing Debian's chromium"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
fi

(cd web/tests && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)

cargo build -p tabletop-cli

"$TARGET/debug/tabletop" web --addr "127.0.0.1:$PORT" >"$TARGET/web-server.log" 2>&1 &
SERVER=$!
# Every test browser comes from 127.0.0.1: the per-address limits, meant
# for one person, would be shared by all of them.
"$TARGET/debug/tabletop" server --addr "127.0.0.1:$PLAY_PORT" --db "sqlite://$DB_DIR/t.db" \
  --http-rate 10000 --http-burst 10000 --matches-per-address 10000 \
  >"$TARGET/play-server.log" 2>&1 &
PLAY_SERVER=$!
trap 'kill "$SERVER" "$PLAY_SERVER" 2>/dev/null || true; wait "$SERVER" "$PLAY_SERVER" 2>/dev/null || true; rm -rf "$DB_DIR"' EXIT

# Wait (at most 10 s each) until the pages are served.
for url in "http://127.0.0.1:$PORT/" "http://127.0.0.1:$PLAY_PORT/"; do
  node -e '
const url = process.argv[1];
const until = Date.now() + 10000;
(async function poll() {
  try { if ((await fetch(url)).ok) process.exit(0); } catch {}
  if (Date.now() > until) { console.error(`no server at ${url}`); process.exit(1); }
  setTimeout(poll, 100);
})();
' "$url"
done

export WEB_URL="http://127.0.0.1:$PORT"
export PLAY_URL="http://127.0.0.1:$PLAY_PORT"
export TABLETOP_BIN="$TARGET/debug/tabletop"
export SHOTS_DIR="$TARGET/web-screenshots"
if [ -n "${UPDATE_DOCS:-}" ]; then
  export DOCS_DIR="$ROOT/docs/screenshots"
fi
(cd web/tests && npm test)
