#!/usr/bin/env bash
# Sets up (scripts/bootstrap.sh) and runs every test: lint, native Rust, wasm in headless
# Chromium, and Node tests of the packed npm package. One release wasm build is shared.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '\n[test] %s\n' "$*"; }

bash scripts/bootstrap.sh

say "lint: cargo fmt, clippy, tsc --noEmit"
cargo fmt --all -- --check
cargo clippy --all-targets --quiet -- -D warnings
cargo clippy --target wasm32-unknown-unknown --all-targets --quiet -- -D warnings
# The lite module (no JSON Schema compiler) is the same code with parts left out: lint it too.
cargo clippy --target wasm32-unknown-unknown --lib --no-default-features --quiet -- -D warnings

say "native Rust tests"
cargo test --quiet -- --skip fuzz_

say "fuzz smoke: each proptest-driven target for ${FUZZ_SECONDS:-60} s (scripts/fuzz.sh for long runs)"
FUZZ_SECONDS="${FUZZ_SECONDS:-60}" cargo test --quiet --test fuzz

say "wasm tests in headless Chromium"
export CHROMEDRIVER="${CHROMEDRIVER:-$(command -v chromedriver)}"
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test --target wasm32-unknown-unknown --test web

say "build and pack the npm package"
bash scripts/build.sh
node_modules/.bin/tsc -p ts-wrapper/tsconfig.json --noEmit
bash scripts/pack.sh

say "Node tests of the packed package, and the Roo Code delegation harness"
rm -rf .tmp/harness
node_modules/.bin/tsc -p tests/harness
node --test tests/node/ .tmp/harness/tests/harness/
