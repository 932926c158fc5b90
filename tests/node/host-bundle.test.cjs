"use strict";
// A host that bundles its extension with esbuild (as VS Code extensions are, Zoo Code's among
// them) and copies the modules beside its bundle, as docs/integration.md says, or forgets one.
// A bundler's module cache hands a glue that threw while loading back half-built on the next
// `require`, unlike Node's: every attempt must still name the missing file and the remedy.
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { spawnSync } = require("node:child_process");
const esbuild = require("esbuild");
const { packageDir } = require("./load.cjs");

/** Bundles a host entry that requires the package's root entry; copies the listed modules. */
function bundledHost(copy) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bg-host-bundle-"));
  const entry = path.join(dir, "entry.js");
  fs.writeFileSync(entry, `module.exports = require(${JSON.stringify(path.join(packageDir(), "dist", "cjs", "node.js"))});\n`);
  const out = path.join(dir, "out");
  esbuild.buildSync({ entryPoints: [entry], bundle: true, platform: "node", format: "cjs", outfile: path.join(out, "extension.js"), external: ["vscode"], logLevel: "silent" });
  for (const file of copy) fs.copyFileSync(path.join(packageDir(), "pkg", file), path.join(out, path.basename(file)));
  return { dir, bundle: path.join(out, "extension.js") };
}

function run(bundle, body) {
  const script = `
    const g = require(${JSON.stringify(bundle)});
    const attempt = (f) => { try { return "ok " + f(); } catch (e) { return e.code + ": " + e.message; } };
    const r = {};
    ${body}
    process.stdout.write(JSON.stringify(r));`;
  const r = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

test("a bundled host that copied both modules checks results and compiles schemas", () => {
  const host = bundledHost(["boomerang_guard_bg.wasm", "compiler/boomerang_guard_compiler_bg.wasm"]);
  try {
    const r = run(host.bundle, `
      const guard = g.createGuardSync();
      r.check = guard.checkTaskResult({ mode: "code", result: "Implemented it." }).ok;
      r.schema = attempt(() => guard.registerSchema({ $id: "a", type: "object" }));`);
    assert.equal(r.check, true);
    assert.equal(r.schema, "ok https://boomerang-guard.local/schemas/a");
  } finally {
    fs.rmSync(host.dir, { recursive: true, force: true });
  }
});

test("a bundled host without the compiler module: every schema attempt names the file and the remedy", () => {
  const host = bundledHost(["boomerang_guard_bg.wasm"]);
  try {
    const r = run(host.bundle, `
      const guard = g.createGuardSync();
      r.first = attempt(() => guard.registerSchema({ $id: "a", type: "object" }));
      r.second = attempt(() => g.createGuardSync().setModeContract("code", { output: { type: "object" } }));
      r.builtin = guard.checkTaskResult({ mode: "code", result: "Done." }).ok;`);
    for (const k of ["first", "second"]) {
      assert.match(r[k], /^SCHEMAS_UNAVAILABLE: .*could not load compiler\/boomerang_guard_compiler_bg\.wasm: .*ENOENT.*copy it beside its bundle or pass \{ compilerWasm: bytes \}/, `${k}: ${r[k]}`);
    }
    assert.equal(r.builtin, true);
  } finally {
    fs.rmSync(host.dir, { recursive: true, force: true });
  }
});

test("a bundled host without the guard's module: every attempt is WASM_LOAD_FAILED naming the file", () => {
  const host = bundledHost([]);
  try {
    const r = run(host.bundle, `
      r.first = attempt(() => g.createGuardSync());
      r.second = attempt(() => g.createGuardSync());`);
    for (const k of ["first", "second"]) {
      assert.match(r[k], /^WASM_LOAD_FAILED: could not load boomerang_guard_bg\.wasm: .*ENOENT.*copy it beside its bundle or pass \{ wasm: bytes \}/, `${k}: ${r[k]}`);
    }
  } finally {
    fs.rmSync(host.dir, { recursive: true, force: true });
  }
});
