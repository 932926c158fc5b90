#!/usr/bin/env bash
# Builds the package and runs the benchmarks (ratios against the JS alternatives).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh --no-browser
bash scripts/build.sh
node --expose-gc bench/run.cjs
