#!/usr/bin/env bash
# Where scoreDrift spends its time inside the wasm, by function: a release build that keeps
# function names (its own target dir, so the shipped build stays warm), the nodejs glue, a
# wasm-opt pass that keeps the name section, then a V8 CPU profile of scoreDrift on the seed's
# examples, summarised by self and inclusive time. Needs `npm run build` first (for dist/). The
# guard's module is the crate without default features (scripts/build.sh), as its glue checks.
# Usage: scripts/profile-drift.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-6000}"
out=target/profile-drift
mkdir -p "$out"
CARGO_TARGET_DIR="$out/cargo" CARGO_PROFILE_RELEASE_STRIP=none \
  cargo build --release --target wasm32-unknown-unknown --lib --quiet --no-default-features
rm -rf "$out/package" "$out/glue" "$out"/*.cpuprofile
mkdir -p "$out/package" "$out/glue"
cp -r dist pkg package.json "$out/package/"
wasm-bindgen --target nodejs --out-dir "$out/glue" "$out/cargo/wasm32-unknown-unknown/release/boomerang_guard.wasm"
node_modules/.bin/wasm-opt -Oz -g "$out/glue/boomerang_guard_bg.wasm" -o "$out/package/pkg/boomerang_guard_bg.wasm"
cp "$out/glue/boomerang_guard.js" "$out/package/pkg/boomerang_guard.js"
node --cpu-prof --cpu-prof-dir="$out" bench/profile-drift.cjs "$out/package" "$rounds"
node bench/profile-drift.cjs --summary "$out"/*.cpuprofile
