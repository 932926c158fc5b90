#!/usr/bin/env bash
# Installs everything the build and the tests need, when missing: the wasm32 target, the
# wasm-bindgen CLI of the exact version in Cargo.lock, Chromium + chromedriver (for the wasm
# tests in a headless browser) and the npm dev dependencies. Idempotent and quick when all is there.
set -euo pipefail
cd "$(dirname "$0")/.."
want_browser=1
[ "${1:-}" = "--no-browser" ] && want_browser=0

say() { printf '[bootstrap] %s\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# The CLI must equal the wasm-bindgen crate version (pinned with = in Cargo.toml).
wb_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
if [ -z "$wb_version" ]; then
  cargo generate-lockfile
  wb_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
fi
have_wb=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have_wb" != "$wb_version" ]; then
  say "installing wasm-bindgen-cli $wb_version (found: ${have_wb:-none})"
  # No --locked: one of the CLI's locked dependencies is missing from the registry.
  cargo install wasm-bindgen-cli --version "$wb_version"
fi

if [ "$want_browser" = 1 ] && { ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; }; then
  if [ "$(id -u)" = 0 ]; then
    say "installing chromium and chromium-driver"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
  else
    say "chromium/chromedriver missing and not root: run 'sudo apt-get install -y chromium chromium-driver'" >&2
    exit 1
  fi
fi

# npm ci when node_modules is missing or older than the lockfile.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm dev dependencies"
  npm ci --no-audit --no-fund --loglevel=error
fi
