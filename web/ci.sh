#!/usr/bin/env bash
# Browser tests of the web page: installs Debian's chromium when it is
# missing, installs playwright-core from the lock file (never a browser of
# its own), builds the `tabletop` command in the dev profile (the test
# build has compiled its dependencies; the tests seat random bots), starts
# `tabletop web` on 127.0.0.1, runs web/tests, stops it.
#
#   web/ci.sh                    # screenshots go to target/web-screenshots/
#   UPDATE_DOCS=1 web/ci.sh      # also refresh docs/screenshots/ for the README
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
PORT=${WEB_PORT:-18080}

if [ ! -x /usr/bin/chromium ]; then
  echo "web/ci.sh: installing Debian's chromium"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
fi

(cd web/tests && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)

cargo build -p tabletop-cli

"$TARGET/debug/tabletop" web --addr "127.0.0.1:$PORT" >"$TARGET/web-server.log" 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true' EXIT

# Wait (at most 10 s) until the page is served.
node -e '
const url = process.argv[1];
const until = Date.now() + 10000;
(async function poll() {
  try { if ((await fetch(url)).ok) process.exit(0); } catch {}
  if (Date.now() > until) { console.error("web server did not start"); process.exit(1); }
  setTimeout(poll, 100);
})();
' "http://127.0.0.1:$PORT/"

export WEB_URL="http://127.0.0.1:$PORT"
export TABLETOP_BIN="$TARGET/debug/tabletop"
export SHOTS_DIR="$TARGET/web-screenshots"
if [ -n "${UPDATE_DOCS:-}" ]; then
  export DOCS_DIR="$ROOT/docs/screenshots"
fi
(cd web/tests && npm test)
