#!/usr/bin/env bash
# Builds the Python package into a fresh virtual environment (under the
# cargo target dir) with the documented command and its OpenSpiel extra,
# `pip install "./python[openspiel]"`, and runs its pytest suite (the
# OpenSpiel, Gymnasium and PettingZoo tests too). Called by .ci/run after
# the Rust tests.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
target="${CARGO_TARGET_DIR:-$root/target}"
venv="$target/python-ci-venv"
python="${PYTHON:-python3}"

start=$SECONDS
rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements-test.txt"
echo "python/ci.sh: test dependencies installed in $((SECONDS - start)) s"
# maturin (the build backend) builds the native module in release; it
# shares the cargo target dir, so a rebuild is incremental.
CARGO_TARGET_DIR="$target" "$venv/bin/pip" install --quiet --disable-pip-version-check "$here[openspiel]"
echo "python/ci.sh: package built and installed at $((SECONDS - start)) s"

# The `tabletop` command, whose `serve` the replay tests compare against.
(cd "$root" && CARGO_TARGET_DIR="$target" cargo build --quiet -p tabletop-cli)
cd "$here/tests"
TABLETOP_BIN="$target/debug/tabletop" "$venv/bin/python" -m pytest -q -p no:cacheprovider .
echo "python/ci.sh: done in $((SECONDS - start)) s"
