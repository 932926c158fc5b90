#!/usr/bin/env bash
# Packs the npm package and installs the tarball into .tmp/consumer, as a user would get it.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp/consumer
rm -f .tmp/boomerang-guard-*.tgz
npm pack --silent --pack-destination .tmp >/dev/null
tarball=$(ls .tmp/boomerang-guard-*.tgz)
cd .tmp/consumer
[ -f package.json ] || echo '{ "name": "consumer", "private": true }' > package.json
npm install --no-save --no-audit --no-fund --loglevel=error "../$(basename "$tarball")"
