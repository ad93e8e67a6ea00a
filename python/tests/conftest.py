"""Shared paths and helpers of the pytest suite."""

import json
import os
import pathlib
import subprocess

import pytest

import tabletop

#: The repository root (python/tests/ is two levels down).
ROOT = pathlib.Path(__file__).resolve().parents[2]


def is_replay(path):
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        return False
    return isinstance(value, dict) and {"game", "format", "seed", "config", "steps"} <= value.keys()


#: Replay files written by the Rust test suites (golden files, fixtures).
RUST_REPLAYS = sorted(
    p
    for pattern in ("*-core/tests/**/*.json",)
    for p in ROOT.glob(pattern)
    if is_replay(p)
)


@pytest.fixture(params=tabletop.games())
def game_name(request):
    return request.param


@pytest.fixture
def serve():
    """A Rust `tabletop serve` process (docs/protocol.md): the command named
    by TABLETOP_BIN (python/ci.sh builds it); a function sends one request
    and returns the reply."""
    path = os.environ.get("TABLETOP_BIN")
    if not path or not os.path.exists(path):
        pytest.skip("TABLETOP_BIN does not name the built tabletop command (python/ci.sh sets it)")
    proc = subprocess.Popen(
        [path, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8"
    )

    def send(request):
        proc.stdin.write(json.dumps(request) + "\n")
        proc.stdin.flush()
        reply = json.loads(proc.stdout.readline())
        assert reply["ok"], reply
        return reply

    yield send
    proc.stdin.close()
    proc.wait(timeout=10)
