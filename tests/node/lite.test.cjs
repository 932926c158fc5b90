"use strict";
// boomerang-guard/lite (the guard's module without ever loading the JSON Schema compiler
// module), loaded from the packed package as a consumer would: the built-in contracts, the
// configuration, drift and isolation answer exactly as the full entry does; schemas are refused
// with a typed error and the guard stays usable; the module is within its size budget; each
// entry refuses the other module's bytes.
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const zlib = require("node:zlib");
const { createRequire } = require("node:module");
const { requireGuard, requireSubpath, packageDir, consumer } = require("./load.cjs");

const full = requireGuard();
const lite = requireSubpath("lite");

// Inputs and results of every built-in mode, with todos, requirement ids and broken fields.
const INPUTS = [
  { mode: "orchestrator", message: "Split the login work into subtasks.", todos: "- [ ] design\n- [x] build\n  * [-] ship\r\n" },
  { mode: "orchestrator", message: "Split it.", todos: "- [ ] design\nnot an item" },
  { mode: "orchestrator", message: "   ", todos: "[ ]x" },
  { mode: "code", message: "Implement validateEmail in src/utils/validation.ts.\u001b[31m", context: { files: ["src/utils/validation.ts"] } },
  { mode: "code", message: 42 },
  { mode: "code", message: { goal: "Fix the bug", requirements: [{ id: "REQ-12", text: "keep the API" }, { id: "req-1", text: "" }] } },
  { mode: "architect", message: "Design the cache layer.", context: { notes: "a\u0000b" } },
  { mode: "ask", message: "What does the scheduler do?" },
  { mode: "debug", message: "The test fails with TypeError.", todos: ["- [ ] reproduce"] },
  { mode: "generic", message: "" },
];
const RESULTS = [
  { mode: "code", result: "Implemented validateEmail in src/utils/validation.ts." },
  { mode: "code", result: 'Done:\n```json\n{"status": "success", "summary": "ok", "files": [{"path": "a.ts", "action": "modified"}]}\n```' },
  { mode: "code", result: '{"status": "done", "summary": ""}' },
  { mode: "orchestrator", result: "All subtasks finished: REQ-1 and REQ-2 are met." },
  { mode: "architect", result: "# Plan\n\n1. Cache in front of the DB." },
  { mode: "ask", result: "" },
  { mode: "debug", result: "Root cause: a null check was missing.\u0007" },
];

test("lite answers every built-in contract check exactly as the full module", () => {
  const [a, b] = [full.createGuardSync(), lite.createGuardSync()];
  let failing = 0;
  for (const input of INPUTS) {
    const [x, y] = [a.checkTaskInput(input), b.checkTaskInput(input)];
    assert.deepEqual(y, x, JSON.stringify(input));
    failing += Number(!x.ok);
  }
  for (const r of RESULTS) {
    const [x, y] = [a.checkTaskResult(r), b.checkTaskResult(r)];
    assert.deepEqual(y, x, JSON.stringify(r));
    failing += Number(!x.ok);
  }
  assert.ok(failing >= 4, `the cases reach failing reports (${failing})`);
});

test("lite reads configurations as the full module, problems included", () => {
  const configs = [
    {},
    { strategy: "B", thresholds: { potential: 0.4, significant: 0.8 }, modes: { code: { strategy: "C" } } },
    { strategy: "E", thresholds: { potential: 2 }, modes: { "": {}, code: { extra: 1 } } },
  ];
  for (const c of configs) {
    const outcome = (m) => {
      try {
        return { settings: m.createGuardSync(c).settingsFor?.("code") ?? null };
      } catch (e) {
        return { code: e.code, details: e.details };
      }
    };
    assert.deepEqual(outcome(lite), outcome(full), JSON.stringify(c));
    const lenient = (m) => m.createGuardSync(c, { lenient: true }).configProblems;
    assert.deepEqual(lenient(lite), lenient(full));
  }
});

test("lite refuses schemas with SCHEMAS_UNAVAILABLE and stays usable; built-in ids still work", () => {
  // Also after the full entry has loaded the compiler module in this process.
  full.createGuardSync().registerSchema({ $id: "loaded-by-full", type: "object" });
  const g = lite.createGuardSync();
  for (const call of [
    () => g.registerSchema({ $id: "mine", type: "object" }),
    () => g.setModeContract("code", { output: { type: "object", required: ["status"] } }),
  ]) {
    assert.throws(call, (e) => e.name === "BoomerangGuardError" && e.code === "SCHEMAS_UNAVAILABLE" && /boomerang-guard/.test(e.message));
  }
  g.setModeContract("code", { input: "generic.input", output: "generic.output" });
  const r = g.checkTaskResult({ mode: "code", result: "Done." });
  assert.equal(typeof r.ok, "boolean");
  const f = full.createGuardSync();
  f.setModeContract("code", { input: "generic.input", output: "generic.output" });
  assert.deepEqual(r, f.checkTaskResult({ mode: "code", result: "Done." }));
  const d = g.scoreDrift("Create a single function validateEmail. Do NOT create a class.", "class EmailValidator {}");
  assert.deepEqual(d, full.createGuardSync().scoreDrift("Create a single function validateEmail. Do NOT create a class.", "class EmailValidator {}"));
});

test("lite loads from bytes, as a bundling host passes them", () => {
  const bytes = fs.readFileSync(path.join(packageDir(), "pkg", "lite", "boomerang_guard_bg.wasm"));
  const g = lite.createGuardSync(undefined, { wasm: bytes });
  assert.equal(g.checkTaskInput({ mode: "ask", message: "Why?" }).ok, true);
  const resolved = createRequire(path.join(consumer, "index.js")).resolve("boomerang-guard/lite/wasm");
  assert.deepEqual(fs.readFileSync(resolved), bytes, "the ./lite/wasm export is that module");
});

test("the guard's module is within the 600 KB gzipped budget; lite's copy is the same bytes; the compiler is apart", () => {
  const read = (...p) => fs.readFileSync(path.join(packageDir(), "pkg", ...p));
  const gz = (b) => zlib.gzipSync(b, { level: 9 }).length;
  const [core, lite, compiler] = [read("boomerang_guard_bg.wasm"), read("lite", "boomerang_guard_bg.wasm"), read("compiler", "boomerang_guard_compiler_bg.wasm")];
  assert.ok(gz(core) <= 600 * 1024, `the guard's module: ${gz(core)} bytes gzipped`);
  assert.deepEqual(lite, core);
  const section = (b) => new TextDecoder().decode(WebAssembly.Module.customSections(new WebAssembly.Module(b), "boomerang_guard_build")[0]);
  assert.equal(section(core), "core");
  assert.equal(section(compiler), "compiler");
  // The compiler's code (jsonschema's compiler, the regex engines) is not in the guard's module.
  assert.ok(gz(compiler) > 300 * 1024, `compiler: ${gz(compiler)} bytes gzipped`);
  const exports = (b) => WebAssembly.Module.exports(new WebAssembly.Module(b)).map((e) => e.name);
  assert.ok(!exports(core).includes("keyMatches") && exports(compiler).includes("keyMatches"));
});

// Each case in a fresh process: an entry loads its module once.
function inFreshProcess(script) {
  const r = require("node:child_process").spawnSync(process.execPath, ["-e", script], { encoding: "utf8", cwd: consumer });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}
const attempt = (expr) => `(async () => { try { await (${expr}); return "loaded"; } catch (e) { return e.code + ": " + e.message; } })()`;

test("an entry refuses the other module's bytes, and takes its own afterwards", () => {
  const dir = JSON.stringify(packageDir());
  const out = inFreshProcess(`
    const fs = require("node:fs"), path = require("node:path");
    const bytes = (...p) => fs.readFileSync(path.join(${dir}, "pkg", ...p));
    const core = () => bytes("boomerang_guard_bg.wasm"), compiler = () => bytes("compiler", "boomerang_guard_compiler_bg.wasm");
    (async () => {
      const lite = require("boomerang-guard/lite"), full = require("boomerang-guard");
      // The ESM (web) entries by their files: Node's "node" condition would pick the CommonJS ones.
      const esm = (f) => import(require("node:url").pathToFileURL(path.join(${dir}, "dist", "esm", f)).href);
      const [liteWeb, web] = [await esm("lite-web.js"), await esm("web.js")];
      const r = {};
      r.liteWithCompiler = await ${attempt('lite.createGuard(undefined, { wasm: compiler() })')};
      r.liteWithCore = await ${attempt('lite.createGuard(undefined, { wasm: bytes("lite", "boomerang_guard_bg.wasm") })')};
      r.fullWithCompiler = await ${attempt('full.createGuardSync(undefined, { wasm: new WebAssembly.Module(compiler()) })')};
      // The compiler's bytes are checked when a schema first needs them.
      const wrongCompiler = full.createGuardSync(undefined, { wasm: core(), compilerWasm: core() });
      r.fullWithCore = wrongCompiler.checkTaskInput({ mode: "ask", message: "Why?" }).ok ? "loaded" : "failed";
      r.compilerWithCore = await ${attempt('wrongCompiler.registerSchema({ $id: "a", type: "object" })')};
      r.liteWebWithCompiler = await ${attempt('liteWeb.createGuardSync(undefined, { wasm: compiler() })')};
      r.webWithNothing = await ${attempt('web.createGuard(undefined, { wasm: new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]) })')};
      // A compiler that cannot load never fails the guard's load: the first schema reports it.
      r.webWithCoreAsCompiler = await ${attempt('web.createGuard(undefined, { wasm: core(), compilerWasm: core() }).then((g) => g.registerSchema({ $id: "c", type: "object" }))')};
      r.webWithoutCompiler = await ${attempt('web.createGuard(undefined, { wasm: core() })')};
      r.webWithBoth = await ${attempt('web.createGuard(undefined, { wasm: core(), compilerWasm: compiler() }).then((g) => g.registerSchema({ $id: "b", type: "object" }))')};
      r.liteWebWithCore = await ${attempt('liteWeb.createGuard(undefined, { wasm: core() })')};
      process.stdout.write(JSON.stringify(r));
    })();`);
  for (const k of ["liteWithCompiler", "fullWithCompiler", "liteWebWithCompiler"]) {
    assert.match(out[k], /^WASM_LOAD_FAILED: .*the module is the JSON Schema compiler module; this needs the guard's module, pkg\/boomerang_guard_bg\.wasm/, `${k}: ${out[k]}`);
  }
  assert.match(out.compilerWithCore, /^SCHEMAS_UNAVAILABLE: .*the module is the guard's module; this needs the JSON Schema compiler module, pkg\/compiler\//);
  assert.match(out.webWithCoreAsCompiler, /^SCHEMAS_UNAVAILABLE: .*could not load the module passed as \{ compilerWasm \}: the module is the guard's module/);
  assert.match(out.webWithNothing, /^WASM_LOAD_FAILED: .*not a boomerang-guard module/);
  for (const k of ["liteWithCore", "fullWithCore", "webWithoutCompiler", "webWithBoth", "liteWebWithCore"]) assert.equal(out[k], "loaded", k);
});

test("the compiler module beside the lite entry's glue (a bundling mistake) fails at load with WASM_LOAD_FAILED", () => {
  // The package's dist/ and pkg/ copied, with the compiler module where the guard's belongs.
  const dir = fs.mkdtempSync(path.join(require("node:os").tmpdir(), "bg-wrong-build-"));
  try {
    fs.cpSync(path.join(packageDir(), "dist"), path.join(dir, "dist"), { recursive: true });
    fs.cpSync(path.join(packageDir(), "pkg"), path.join(dir, "pkg"), { recursive: true });
    fs.copyFileSync(path.join(dir, "pkg", "compiler", "boomerang_guard_compiler_bg.wasm"), path.join(dir, "pkg", "lite", "boomerang_guard_bg.wasm"));
    const entry = JSON.stringify(path.join(dir, "dist", "cjs", "lite-node.js"));
    const out = inFreshProcess(`
      const { createGuardSync } = require(${entry});
      (async () => {
        const first = await ${attempt("createGuardSync()")};
        const second = await ${attempt("createGuardSync()")};
        process.stdout.write(JSON.stringify({ first, second }));
      })();`);
    assert.match(out.first, /^WASM_LOAD_FAILED: could not load lite\/boomerang_guard_bg\.wasm: the module is the JSON Schema compiler module; this needs the guard's module/);
    assert.equal(out.second, out.first, "it keeps failing the same way");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the web entry fails on the wrong module fetched from its URL, loads the right one after, and waits for a load in progress", () => {
  const dir = JSON.stringify(packageDir());
  const run = (serve) =>
    inFreshProcess(`
      const fs = require("node:fs"), path = require("node:path");
      const bytes = (...p) => fs.readFileSync(path.join(${dir}, "pkg", ...p));
      (async () => {
        const web = await import(require("node:url").pathToFileURL(path.join(${dir}, "dist", "esm", "lite-web.js")).href);
        const r = {};
        ${serve}
        process.stdout.write(JSON.stringify(r));
      })();`);
  // The lite entry's URL serves the compiler module: it cannot even be instantiated with the guard's
  // glue, so the glue holds nothing and the right bytes load afterwards.
  const wrong = run(`
    globalThis.fetch = async () => new Response(bytes("compiler", "boomerang_guard_compiler_bg.wasm"), { headers: { "content-type": "application/wasm" } });
    r.init = await ${attempt("web.initGuard()")};
    r.syncAfter = await ${attempt('web.createGuardSync(undefined, { wasm: bytes("lite", "boomerang_guard_bg.wasm") })')};
    r.asyncAfter = await ${attempt("web.createGuard()")};`);
  assert.match(wrong.init, /^WASM_LOAD_FAILED: could not load lite\/boomerang_guard_bg\.wasm: /);
  assert.equal(wrong.syncAfter, "loaded");
  assert.equal(wrong.asyncAfter, "loaded");
  // While its own module loads, a synchronous load with bytes waits its turn instead of loading twice.
  const racing = run(`
    globalThis.fetch = async () => { await new Promise((ok) => setTimeout(ok, 50)); return new Response(bytes("lite", "boomerang_guard_bg.wasm"), { headers: { "content-type": "application/wasm" } }); };
    const loading = web.initGuard();
    r.during = await ${attempt('web.createGuardSync(undefined, { wasm: bytes("lite", "boomerang_guard_bg.wasm") })')};
    await loading;
    const g = web.createGuardSync();
    r.after = g.checkTaskInput({ mode: "ask", message: "Why?" }).ok;`);
  assert.match(racing.during, /^WASM_LOAD_FAILED: the module is still loading/);
  assert.equal(racing.after, true);
});

test("any view of the module's bytes loads, a DataView too", () => {
  const dir = JSON.stringify(packageDir());
  const out = inFreshProcess(`
    const fs = require("node:fs"), path = require("node:path");
    const b = fs.readFileSync(path.join(${dir}, "pkg", "boomerang_guard_bg.wasm"));
    (async () => {
      const full = require("boomerang-guard");
      const r = {};
      r.dataView = await ${attempt("full.createGuardSync(undefined, { wasm: new DataView(b.buffer, b.byteOffset, b.byteLength) })")};
      process.stdout.write(JSON.stringify(r));
    })();`);
  assert.equal(out.dataView, "loaded");
});

// Both CommonJS entries load their helpers (the Roo Code hooks, the Markdown renderer) on their
// first call, not with the entry: a fresh process reads neither before its first check. Called
// through the entry, each helper answers as the one of its own subpath does.
test("the entries load createRooHooks and renderVerificationMarkdown on first use", () => {
  const { spawnSync } = require("node:child_process");
  for (const entry of ["boomerang-guard", "boomerang-guard/lite"]) {
    const script = `
      const req = require("node:module").createRequire(${JSON.stringify(path.join(consumer, "index.js"))});
      const loaded = () => Object.keys(require.cache).map((f) => require("node:path").basename(f));
      const g = req(${JSON.stringify(entry)});
      const before = loaded();
      g.createGuardSync().checkTaskResult({ mode: "code", result: "Done." });
      const afterCheck = loaded();
      const hooks = g.createRooHooks(() => g.createGuardSync());
      const viaRoo = req("boomerang-guard/roo").createRooHooks(() => g.createGuardSync());
      (async () => {
        const guard = g.createGuardSync();
        const records = [];
        guard.onLog((r) => records.push(r));
        await guard.verify({ parentInstructions: "Add a unit test for parseDate.", childOutput: "Added a unit test for parseDate." });
        const md = g.renderVerificationMarkdown(records[0]);
        process.stdout.write(JSON.stringify({ before, afterCheck, hookKeys: Object.keys(hooks).sort(), rooKeys: Object.keys(viaRoo).sort(), md, after: loaded() }));
      })();`;
    const r = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
    const o = JSON.parse(r.stdout);
    for (const lazy of ["roo.js", "log.js"]) {
      assert.ok(!o.before.includes(lazy) && !o.afterCheck.includes(lazy), `${entry} loaded ${lazy} before its use`);
      assert.ok(o.after.includes(lazy), `${entry}: ${lazy} after use`);
    }
    assert.deepEqual(o.hookKeys, o.rooKeys);
    assert.ok(o.hookKeys.length > 3);
    assert.match(o.md, /^## \d{4}-.* (CONSISTENT|POTENTIAL_DRIFT|SIGNIFICANT_DRIFT)/);
  }
});
