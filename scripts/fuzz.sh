#!/usr/bin/env bash
# Long fuzz runs: every target of tests/fuzz.rs for N seconds (default 600), one after another,
# optimized. Usage: scripts/fuzz.sh [seconds] [target-name-filter]
set -euo pipefail
cd "$(dirname "$0")/.."
export FUZZ_SECONDS="${1:-600}"
# Optimized code is ~10x faster; keep the per-case limit meaningful.
export FUZZ_MAX_MS="${FUZZ_MAX_MS:-200}"
cargo test --release --test fuzz -- --test-threads=1 --nocapture ${2:-fuzz_}
