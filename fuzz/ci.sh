#!/usr/bin/env bash
# The fuzz suite in CI: builds every cargo-fuzz target and runs each for a
# short bounded time from its seed corpus, failing on a crash, a broken
# invariant or a hang. It installs cargo-fuzz when missing; without the
# nightly toolchain it says so and passes: the Rust tests are the gate.
#
#   fuzz/ci.sh                  # 20 s per target
#   FUZZ_SECONDS=600 fuzz/ci.sh # longer
set -euo pipefail
cd "$(dirname "$0")"

seconds="${FUZZ_SECONDS:-20}"
# A fixed seed by default, so a CI run walks the same inputs each time and
# a finding in CI is one a run here finds too; FUZZ_SEED=0 asks libFuzzer for
# a fresh seed (the long runs of README.md use fresh seeds).
seed="${FUZZ_SEED:-20261125}"
# FUZZ_REPORT_ONLY=1: report a finding and go on (for a local run while a
# known finding is open).
found=""

# cargo-fuzz installs from crates.io when missing (a fresh machine has
# only what the project's scripts set up); without nightly the suite is
# skipped with a note.
if ! cargo +nightly --version >/dev/null 2>&1; then
    echo "fuzz/ci.sh: skipped, the nightly toolchain is missing (rustup toolchain install nightly)"
    exit 0
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "fuzz/ci.sh: installing cargo-fuzz"
    cargo install --quiet --locked cargo-fuzz
fi

# -a: debug assertions and overflow checks, so arithmetic on untrusted
# numbers that wraps is a crash too. -s none: no AddressSanitizer, which
# halves the speed and finds nothing in code without `unsafe` (the crates
# forbid it); panics, overflows, hangs and broken invariants are the findings.
flags=(-a -s none)
cargo +nightly fuzz build "${flags[@]}"
# The suite's own tests: the walk catches planted flaws (tests/teeth.rs),
# the seed corpus replays clean (tests/seeds.rs).
cargo +nightly test --release --quiet

for target in $(cargo +nightly fuzz list); do
    echo "fuzz/ci.sh: $target for ${seconds} s"
    # New inputs go to ci-corpus/ (git-ignored, emptied first so every run
    # starts from the committed seeds alone); corpus/ holds the seeds.
    rm -rf "ci-corpus/$target"
    mkdir -p "ci-corpus/$target"
    # One input taking over 10 s counts as a hang; one core only.
    if ! cargo +nightly fuzz run "${flags[@]}" "$target" "ci-corpus/$target" "corpus/$target" -- \
        -max_total_time="$seconds" -seed="$seed" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 >"fuzz-$target.log" 2>&1; then
        tail -n 60 "fuzz-$target.log"
        echo "fuzz/ci.sh: $target FAILED; the input is in fuzz/artifacts/$target/"
        if [ -z "${FUZZ_REPORT_ONLY:-}" ]; then
            exit 1
        fi
        found="$found $target"
        continue
    fi
    grep -E "^stat::number_of_executed_units|^Done" "fuzz-$target.log" || true
done
if [ -n "$found" ]; then
    echo "fuzz/ci.sh: FINDINGS in:$found (reported only: FUZZ_REPORT_ONLY is set)"
    exit 0
fi
echo "fuzz/ci.sh: every target ran ${seconds} s without a crash"
