#!/usr/bin/env bash
# The main job: set up (no browser needed), build the package, run the guard end to end on the
# embedded example.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh --no-browser
bash scripts/build.sh
node examples/demo.cjs
echo
echo "== Auditing the embedded Roo Code tasks folder (examples/roo-tasks): npx boomerang-guard audit examples/roo-tasks"
echo
node bin/boomerang-guard.cjs audit examples/roo-tasks
