#!/usr/bin/env bash
# Two release builds of the wasm: the guard's module, without the JSON Schema compiler (pkg/,
# and the same files in pkg/lite/ for `boomerang-guard/lite`, which never loads the compiler),
# and the compiler module the full entries load on demand (pkg/compiler/); for each,
# wasm-bindgen once per glue and one wasm-opt pass; then the TypeScript wrapper. Everything
# lands in pkg/ and dist/.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '[build] %s\n' "$*"; }

# Panic locations name each dependency's source file by its absolute path in cargo's registry
# (/root/.cargo/registry/src/index.crates.io-<hash>/serde_json-…/src/de.rs). Cut to the crate's
# own name, the module no longer depends on where cargo keeps its sources, and it is 178 bytes
# smaller gzipped (64th session). Only the release wasm builds of this script take the flag;
# clippy and the wasm tests build other profiles, so their artifacts are not rebuilt. A flag
# the user set is kept (then no remap); RUSTFLAGS, if set, takes precedence over it anyway.
if [ -z "${CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS+set}" ]; then
  # The sources must be there to be named (quick when they are).
  cargo fetch --quiet --target wasm32-unknown-unknown
  home="$(cd "${CARGO_HOME:-$HOME/.cargo}" 2>/dev/null && pwd -P || true)"
  remap=""
  for dir in "$home"/registry/src/*/; do
    # Cargo splits the variable on spaces: a folder with one is left as it is.
    case "$dir" in *" "*) continue ;; esac
    if [ -d "$dir" ]; then remap="$remap --remap-path-prefix=$dir="; fi
  done
  if [ -n "$remap" ]; then
    export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="${remap# }"
  fi
  if [ -n "${RUSTFLAGS:-}" ]; then
    say "RUSTFLAGS is set: it replaces the registry path remap"
  fi
fi

# The wasm's path from cargo's own report: the two builds (the guard's module and the compiler
# module) write the same file name, so each is copied away as soon as it is built.
wasm_of() {
  cargo build --release --target wasm32-unknown-unknown --lib --quiet --message-format=json-render-diagnostics "$@" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{for(const l of s.split("\n")){if(!l.startsWith("{"))continue;const m=JSON.parse(l);if(m.reason==="compiler-artifact"&&m.target.name==="boomerang_guard")for(const f of m.filenames)if(f.endsWith(".wasm"))console.log(f)}})'
}
# One variant: wasm-bindgen once per glue (nodejs for require, web for import, no-modules for
# CommonJS hosts that pass the bytes), one wasm-opt pass on the shared module, into $2 (files named after $4).
variant() {
  local raw="$1" out="$2" name="$3" base="$4"
  local stage="target/bindgen/$name"
  rm -rf "$stage"
  mkdir -p "$stage/in" "$out"
  cp "$raw" "$stage/in/$base.wasm"
  for t in nodejs web no-modules; do
    wasm-bindgen --target "$t" --out-dir "$stage/$t" "$stage/in/$base.wasm"
  done
  # The three glues differ; the module is the same bytes. Optimize it once, ship it once.
  for t in web no-modules; do
    cmp -s "$stage/nodejs/${base}_bg.wasm" "$stage/$t/${base}_bg.wasm" ||
      { echo "[build] wasm-bindgen produced different $name modules for nodejs and $t" >&2; exit 1; }
  done
  local stamp="target/bindgen.$name.wasm-opt.stamp"
  local optimized="target/boomerang_guard_bg.$name.opt.wasm"
  local sum
  sum="$(sha256sum "$stage/nodejs/${base}_bg.wasm" | cut -d' ' -f1) ${opt_flags[*]}"
  if [ ! -f "$optimized" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$sum" ]; then
    say "wasm-opt ($name) ${opt_flags[*]}"
    node_modules/.bin/wasm-opt "${opt_flags[@]}" "$stage/nodejs/${base}_bg.wasm" -o "$optimized"
    echo "$sum" > "$stamp"
  fi
  cp "$optimized" "$out/${base}_bg.wasm"
  cp "$stage/nodejs/$base.js" "$out/$base.js"
  cp "$stage/nodejs/$base.d.ts" "$out/$base.d.ts"
  cp "$stage/web/$base.js" "$out/${base}_web.mjs"
  cp "$stage/web/$base.d.ts" "$out/${base}_web.d.mts"
  # no-modules defines a global-free IIFE value; CommonJS needs it exported.
  { cat "$stage/no-modules/$base.js"; printf '\nmodule.exports = wasm_bindgen;\n'; } > "$out/${base}_bytes.cjs"
}

# Inlining single-caller helpers up to 20 instructions and ordering functions by use cut 87 KB
# gzipped with no behaviour change (measured against -Oz alone, issue 14); --converge repeats the
# passes until nothing shrinks (1.6 KB gzipped more, 41st session). No pointer plus a small constant
# wraps past 4 GiB in Rust code: --low-memory-unused folds those adds into load offsets (1.2 KB
# gzipped, 44th session). Not --ignore-implicit-traps: it lets guarded loads and divisions run
# unguarded (Binaryen #2824, #3934). --gufa-optimizing replaces what a whole-program flow
# analysis proves constant (48 bytes gzipped, 74th session; --merge-similar-functions,
# --precompute-propagate and --local-cse changed nothing). Single-caller inlining up to 15
# instructions, not 20: 352 bytes smaller at zlib 9 (12: 298 smaller; 8, 30: 48, 851 larger;
# measured on 2ee2321).
opt_flags=(-Oz --converge --one-caller-inline-max-function-size=15 --reorder-functions --low-memory-unused --strip-debug --strip-producers --gufa-optimizing)
mkdir -p target/variants
core="$(wasm_of --no-default-features)"
cp "$core" target/variants/core.wasm
compiler="$(wasm_of --no-default-features --features compiler-module)"
cp "$compiler" target/variants/compiler.wasm
rm -rf pkg
variant target/variants/core.wasm pkg core boomerang_guard
variant target/variants/compiler.wasm pkg/compiler compiler boomerang_guard_compiler
# boomerang-guard/lite loads its own copy: a module instance no compiler is ever handed to, at
# the path hosts copy it from (docs/integration.md).
mkdir -p pkg/lite
cp pkg/boomerang_guard* pkg/lite/

rm -rf dist
node_modules/.bin/tsc -p ts-wrapper/tsconfig.cjs.json
node_modules/.bin/tsc -p ts-wrapper/tsconfig.esm.json
node_modules/.bin/tsc -p ts-wrapper/tsconfig.types.json
echo '{ "type": "commonjs" }' > dist/cjs/package.json
echo '{ "type": "module" }' > dist/esm/package.json
# The browser entries as one file each (their glue and every module they load): a browser then
# fetches the entry and the wasm, two round trips instead of three (headless Chromium, lite:
# 132 -> 96 ms to a guard). esbuild leaves `new URL("…", import.meta.url)` as written, so the
# glue's default module URL, relative to the glue in pkg/, is pointed at pkg/ again from
# dist/esm/ (bundlers resolve such URLs when they build). The other ESM files stay for the other
# entries.
bundle() {
  local entry="$1"
  shift
  node_modules/.bin/esbuild "dist/esm/$entry.js" --bundle --format=esm --log-level=warning \
    --allow-overwrite --outfile="dist/esm/$entry.js"
  node -e '
    const fs = require("fs");
    const [file, ...wasm] = process.argv.slice(1);
    let text = fs.readFileSync(file, "utf8");
    for (const path of wasm) {
      const from = `new URL("${path.split("/").pop()}", import.meta.url)`;
      if (text.split(from).length !== 2) throw new Error(`${file}: expected the glue default URL of ${path} once`);
      text = text.replace(from, `new URL("${path}", import.meta.url)`);
    }
    fs.writeFileSync(file, text);
  ' "dist/esm/$entry.js" "$@"
}
bundle web ../../pkg/boomerang_guard_bg.wasm ../../pkg/compiler/boomerang_guard_compiler_bg.wasm
bundle lite-web ../../pkg/lite/boomerang_guard_bg.wasm
# The CommonJS entries as one file each with the wrapper modules every process loads (a fresh
# process resolved and compiled five files before its first check: 23.9 -> 22.8 ms to a first
# result check, bench/startup-ab.cjs). The glue stays beside its module (it reads the wasm from
# its own directory); the parts loaded on first use stay files, and so does errors.js, which
# they share with the entries (one BoomerangGuardError module per process).
for entry in node lite-node; do
  node_modules/.bin/esbuild "dist/cjs/$entry.js" --bundle --platform=node --format=cjs \
    --log-level=warning --allow-overwrite --outfile="dist/cjs/$entry.js" \
    '--external:../../pkg/*' --external:./errors.js --external:./freeze.js \
    --external:./lifecycle.js --external:./verify.js --external:./log.js --external:./roo.js
done

for f in pkg/boomerang_guard_bg.wasm pkg/compiler/boomerang_guard_compiler_bg.wasm; do
  bytes=$(wc -c < "$f")
  gz=$(gzip -9 -c "$f" | wc -c)
  say "$f: $bytes bytes raw, $gz bytes gzipped"
done
