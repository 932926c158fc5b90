"use strict";
// The JSON Schema compiler module (pkg/compiler/), which the full entry loads only when a schema
// must be compiled: a process that checks the built-in contracts never loads it; once loaded, a
// user's schema compiles, validates and sanitizes through it; a compiler that cannot load is a
// typed error and the guard keeps working; a host that bundles passes its bytes.
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { spawnSync } = require("node:child_process");
const { packageDir, consumer } = require("./load.cjs");

/** Runs `script` in a fresh Node process (an entry loads its modules once); its JSON output. */
function inFreshProcess(script) {
  const r = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", cwd: consumer });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

// A schema that needs the compiler's every part: a `$ref` to another registered document, a
// backtracking `pattern` (budgeted), `patternProperties` names and `additionalProperties: false`
// (the sanitizer asks the compiler which names match).
const SCHEMAS = `
  const common = { $id: "https://example.test/common.json", $defs: { id: { type: "string", pattern: "^[A-Z]+-[0-9]+$" } } };
  const result = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://example.test/result.json",
    type: "object",
    required: ["status", "ids"],
    properties: {
      status: { enum: ["done", "blocked"] },
      ids: { type: "array", items: { $ref: "common.json#/$defs/id" } },
      note: { type: "string", pattern: "^(?=.*ok)" },
    },
    patternProperties: { "^x-(?!secret)": { type: "string" } },
    additionalProperties: false,
  };
  const RESULT = JSON.stringify({ status: "done", ids: ["AB-1", "ab-2"], note: "not fine", "x-a": "1", "x-secret": "s", extra: 2 });
`;

test("the full entry loads the compiler module on the first schema, not before, and checks through it", () => {
  const out = inFreshProcess(`
    const loaded = () => Object.keys(require.cache).some((f) => f.includes("boomerang_guard_compiler"));
    const g = require("boomerang-guard");
    ${SCHEMAS}
    const guard = g.createGuardSync();
    const r = {};
    r.builtin = guard.checkTaskResult({ mode: "code", result: "Implemented validateEmail." }).ok;
    guard.checkTaskInput({ mode: "code", message: "Implement validateEmail." });
    guard.scoreDrift("Add a test.", "Added a test.");
    r.beforeSchema = loaded();
    guard.registerSchema(common);
    r.afterSchema = loaded();
    guard.setModeContract("code", { output: guard.registerSchema(result) });
    const report = guard.checkTaskResult({ mode: "code", result: RESULT });
    r.ok = report.ok;
    r.errors = report.errors.map((e) => [e.instancePath, e.keyword]);
    r.removed = report.changes.map((c) => [c.op, c.path]);
    r.value = report.value;
    r.good = guard.checkTaskResult({ mode: "code", result: JSON.stringify({ status: "done", ids: ["AB-1"], "x-b": "2" }) }).ok;
    try { guard.registerSchema({ $id: "broken", type: 12 }); } catch (e) { r.broken = e.code; }
    try { guard.registerSchema({ $id: "dangling", $ref: "missing.json" }); } catch (e) { r.dangling = e.code; }
    try { guard.registerSchema({ $id: "badpattern", properties: { a: { pattern: "(" } } }); } catch (e) { r.badPattern = [e.code, e.path]; }
    process.stdout.write(JSON.stringify(r));
  `);
  assert.equal(out.builtin, true);
  assert.equal(out.beforeSchema, false, "built-in contracts, drift and inputs never load the compiler");
  assert.equal(out.afterSchema, true);
  assert.equal(out.ok, false);
  assert.deepEqual(out.errors, [["/ids/1", "pattern"], ["/note", "pattern"]]);
  // Not allowed by the contract: "extra", and "x-secret" (no pattern matches it); "x-a" matches.
  assert.deepEqual(out.removed.sort(), [["remove", "/extra"], ["remove", "/x-secret"]]);
  assert.deepEqual(Object.keys(out.value).sort(), ["ids", "note", "status", "x-a"]);
  assert.equal(out.good, true);
  assert.equal(out.broken, "INVALID_SCHEMA");
  assert.equal(out.dangling, "UNRESOLVED_REF");
  assert.deepEqual(out.badPattern, ["INVALID_SCHEMA", "/properties/a/pattern"]);
});

test("a compiler module that cannot load is SCHEMAS_UNAVAILABLE, the guard keeps working, and its bytes can be passed", () => {
  // The package's dist/ and pkg/ copied without pkg/compiler/: a host that bundles and forgot it.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bg-no-compiler-"));
  try {
    fs.cpSync(path.join(packageDir(), "dist"), path.join(dir, "dist"), { recursive: true });
    fs.cpSync(path.join(packageDir(), "pkg"), path.join(dir, "pkg"), { recursive: true });
    const bytesAt = path.join(dir, "compiler.wasm");
    fs.renameSync(path.join(dir, "pkg", "compiler", "boomerang_guard_compiler_bg.wasm"), bytesAt);
    const entry = JSON.stringify(path.join(dir, "dist", "cjs", "node.js"));
    const missing = inFreshProcess(`
      const g = require(${entry});
      const guard = g.createGuardSync();
      const attempt = (f) => { try { f(); return "compiled"; } catch (e) { return e.code + ": " + e.message; } };
      const r = {};
      r.first = attempt(() => guard.registerSchema({ $id: "a", type: "object" }));
      r.second = attempt(() => guard.setModeContract("code", { output: { type: "object" } }));
      r.builtin = guard.checkTaskResult({ mode: "code", result: "Done." }).ok;
      r.modes = guard.modes().includes("code");
      // Bytes passed by a later guard are used by the next attempt, for every guard of the entry.
      const later = g.createGuardSync(undefined, { compilerWasm: require("node:fs").readFileSync(${JSON.stringify(bytesAt)}) });
      r.later = attempt(() => later.registerSchema({ $id: "c", type: "object" }));
      r.firstAgain = attempt(() => guard.registerSchema({ $id: "a", type: "object" }));
      process.stdout.write(JSON.stringify(r));
    `);
    assert.match(missing.first, /^SCHEMAS_UNAVAILABLE: schema \S+: the JSON Schema compiler could not be used: .*compiler\/boomerang_guard_compiler_bg\.wasm.*compilerWasm/);
    assert.match(missing.second, /^SCHEMAS_UNAVAILABLE: /, "tried again, failing the same way");
    assert.equal(missing.builtin, true);
    assert.equal(missing.modes, true);
    assert.equal(missing.later, "compiled");
    assert.equal(missing.firstAgain, "compiled");
    const passed = inFreshProcess(`
      const g = require(${entry});
      const guard = g.createGuardSync(undefined, { compilerWasm: require("node:fs").readFileSync(${JSON.stringify(bytesAt)}) });
      guard.setModeContract("code", { output: { type: "object", required: ["status"] } });
      process.stdout.write(JSON.stringify({
        missing: guard.checkTaskResult({ mode: "code", result: "{}" }).errors.map((e) => e.keyword),
        ok: guard.checkTaskResult({ mode: "code", result: '{"status": 1}' }).ok,
        other: g.createGuardSync().registerSchema({ $id: "b", type: "object" }),
      }));
    `);
    assert.deepEqual(passed.missing, ["required"]);
    assert.equal(passed.ok, true);
    assert.equal(passed.other, "https://boomerang-guard.local/schemas/b", "later guards of the entry share the compiler");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the web entry: a guard created before the compiler's bytes arrive gets them; a failed download is fetched again", () => {
  const dir = JSON.stringify(packageDir());
  const out = inFreshProcess(`
    const fs = require("node:fs"), path = require("node:path");
    const bytes = (...p) => fs.readFileSync(path.join(${dir}, "pkg", ...p));
    let compilerFetches = 0, failNext = true, release;
    const gate = new Promise((ok) => (release = ok));
    globalThis.fetch = async (url) => {
      const wasm = (b) => new Response(b, { headers: { "content-type": "application/wasm" } });
      if (!String(url).includes("compiler")) return wasm(bytes("boomerang_guard_bg.wasm"));
      compilerFetches++;
      if (failNext) {
        failNext = false;
        throw new Error("network down");
      }
      await gate;
      return wasm(bytes("compiler", "boomerang_guard_compiler_bg.wasm"));
    };
    const attempt = (f) => { try { f(); return "compiled"; } catch (e) { return e.code + ": " + e.message; } };
    (async () => {
      const web = await import(require("node:url").pathToFileURL(path.join(${dir}, "dist", "esm", "web.js")).href);
      const r = {};
      const first = await web.createGuard();
      r.failed = attempt(() => first.registerSchema({ $id: "a", type: "object" }));
      r.builtin = first.checkTaskResult({ mode: "code", result: "Done." }).ok;
      // Fetched again; a guard created while the bytes are on their way.
      const again = web.initGuard();
      const during = web.createGuardSync();
      r.whileDownloading = attempt(() => during.registerSchema({ $id: "b", type: "object" }));
      release();
      await again;
      r.duringAfter = attempt(() => during.registerSchema({ $id: "b", type: "object" }));
      r.firstAfter = attempt(() => first.registerSchema({ $id: "a", type: "object" }));
      r.compilerFetches = compilerFetches;
      process.stdout.write(JSON.stringify(r));
    })();`);
  assert.match(out.failed, /^SCHEMAS_UNAVAILABLE: .*could not load compiler\/boomerang_guard_compiler_bg\.wasm: network down/);
  assert.equal(out.builtin, true, "the guard loaded without its compiler");
  assert.match(out.whileDownloading, /^SCHEMAS_UNAVAILABLE: .*still downloading: await initGuard\(\)/);
  assert.equal(out.duringAfter, "compiled");
  assert.equal(out.firstAfter, "compiled");
  assert.equal(out.compilerFetches, 2);
});

test("a compiler module that traps stops its port for good; a load that fails is tried again", () => {
  const { lazyPort } = require(path.join(packageDir(), "dist", "cjs", "compiler-port.js"));
  let loads = 0;
  let failLoad = true;
  const glue = {
    build: () => {
      throw new WebAssembly.RuntimeError("unreachable");
    },
    keyPatterns: () => "[0,null]",
  };
  const port = lazyPort(() => {
    loads++;
    if (failLoad) {
      failLoad = false;
      throw new Error("no such file");
    }
    return glue;
  });
  assert.throws(() => port.keyPatterns("[]"), /no such file/);
  assert.equal(port.keyPatterns("[]"), "[0,null]", "loaded on the next call");
  assert.throws(() => port.build("a", "[]", false, true), WebAssembly.RuntimeError);
  // After a trap the instance is never called again, whatever the method.
  assert.throws(() => port.keyPatterns("[]"), /stopped after an error: unreachable/);
  assert.equal(loads, 2);
});
