// The packed npm package in Node: the contract surface of ../shared/API.md, seed 001 Examples 1
// and 3, and the foundation issue's bad-input list, each followed by a call that must still work.
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { requireGuard, importWeb, packageDir, wasmBytes } = require("./load.cjs");

const { createGuard, createGuardSync, BoomerangGuardError } = requireGuard();
const fixture = (name) => JSON.parse(fs.readFileSync(path.join(__dirname, "..", "fixtures", name), "utf8"));

function stillWorks(guard) {
  const r = guard.checkTaskInput({ mode: "code", message: "Add a unit test for parseTodos" });
  assert.equal(r.ok, true, r.summary);
}

function throwsCode(fn, code) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof BoomerangGuardError, `not a BoomerangGuardError: ${e}`);
    assert.equal(e.code, code, e.message);
    return true;
  });
}

test("createGuard is async, validates the config and names each bad field", async () => {
  const guard = await createGuard({ strategy: "B", thresholds: { potential: 0.3, significant: 0.7 } });
  assert.equal(guard.settingsFor("code").strategy, "B");
  await assert.rejects(createGuard({ strategy: "Z", limits: { maxDepht: 3 }, judge: { band: [0.9, 0.1] } }), (e) => {
    assert.ok(e instanceof BoomerangGuardError);
    assert.equal(e.code, "INVALID_CONFIG");
    const paths = e.details.map((d) => d.path);
    assert.ok(paths.includes("/strategy"), paths.join());
    assert.ok(paths.includes("/limits/maxDepht"), paths.join());
    return true;
  });
});

test("built-in modes accept Roo Code's message and todos formats", () => {
  const guard = createGuardSync();
  assert.deepEqual(guard.modes().sort(), ["architect", "ask", "code", "debug", "generic", "orchestrator"]);
  const input = {
    mode: "code",
    message: "Implement validateEmail in src/utils.ts. Do not add dependencies.",
    todos: "- [ ] write the function\n- [x] read the spec\n- [-] add tests",
    context: { repo: "acme/web" },
  };
  const r = guard.checkTaskInput(input);
  assert.equal(r.ok, true, r.summary);
  assert.equal(r.contract, "code.input");
  assert.equal(r.valueUnchanged, true);
  assert.deepEqual(r.value, { message: input.message, todos: input.todos, context: input.context });
});

test("seed 001 Example 3: a number for filePath rejects the task before it exists", () => {
  const guard = createGuardSync();
  guard.registerSchema(fixture("file_writing_input.schema.json"));
  guard.setModeContract("file-writing", { input: "file_writing_input" });
  const r = guard.checkTaskInput({ mode: "file-writing", message: { task: "write", filePath: 42, content: "x" } });
  assert.equal(r.ok, false);
  assert.deepEqual(r.errors[0], {
    instancePath: "/message/filePath",
    schemaPath: "#/properties/message/properties/filePath/type",
    keyword: "type",
    params: { type: "string" },
    message: "must be string",
  });
  assert.match(r.summary, /No child task was created/);
  assert.equal(r.errorObject.error, 'Invalid input for a "file-writing" task');
});

test("seed 001 Example 1: malformed child output becomes the standardized error, original kept", () => {
  const guard = createGuardSync();
  guard.registerSchema(fixture("code_generation_output.schema.json"));
  guard.setModeContract("code-generation", { output: "code_generation_output" });
  const xml = "<result><code>print('hi')</code></result>";
  const r = guard.checkTaskResult({ mode: "code-generation", result: xml });
  assert.equal(r.ok, false);
  assert.match(r.errorObject.error, /^Invalid output format from child task/);
  assert.match(r.errorObject.details, /^Schema validation failed/);
  assert.equal(r.original, xml);
  assert.deepEqual(JSON.parse(r.text), r.errorObject);
  const missing = guard.checkTaskResult({ mode: "code-generation", result: 'Result: {"language":"python"}' });
  assert.equal(missing.errors[0].params.missingProperty, "code");
  const good = guard.checkTaskResult({
    mode: "code-generation",
    result: 'Done.\n```json\n{"code":"print(1)","extra":true}\n```',
  });
  assert.equal(good.ok, true, good.summary);
  assert.equal(good.extraction, "fenced");
  assert.deepEqual(good.value, { code: "print(1)" });
  assert.ok(good.changes.some((c) => c.op === "remove" && c.path === "/extra"));
});

test("sanitization: every change is listed; prototype keys neutralized", () => {
  const guard = createGuardSync();
  const result = JSON.stringify({
    summary: "Added \u001b[32mthe\u001b[0m endpoint\r\nand tests \u202Egnp.exe",
    files: [{ path: "src/api.ts", action: "modified", owner: "me" }],
    __proto__: { polluted: true },
  });
  const r = guard.checkTaskResult({ mode: "code", result });
  assert.equal(r.ok, true, r.summary);
  assert.equal(r.value.summary, "Added the endpoint\nand tests gnp.exe");
  const ops = r.changes.map((c) => `${c.op} ${c.path}`);
  for (const want of ["strip-chars /summary", "normalize-newlines /summary", "remove /files/0/owner"]) {
    assert.ok(ops.includes(want), `${want} not in ${ops}`);
  }
  assert.equal(Object.getPrototypeOf(r.value), Object.prototype);
  assert.equal({}.polluted, undefined);
});

test("an object result is checked as its JSON: an accepted one keeps its key order, a cleaned one is rebuilt", () => {
  const guard = createGuardSync();
  // Keys out of alphabetical order: a value rebuilt from a sorted map would reorder them.
  const result = { summary: "Added the endpoint.", status: "completed", files: [{ path: "src/api.ts", action: "modified" }] };
  const r = guard.checkTaskResult({ mode: "code", result });
  assert.equal(r.ok, true, r.summary);
  assert.deepEqual(r.value, result);
  assert.deepEqual(Object.keys(r.value), ["summary", "status", "files"]);
  assert.deepEqual(Object.keys(r.value.files[0]), ["path", "action"]);
  assert.notEqual(r.value, result, "the report's value is a copy, not the caller's object");
  assert.equal(r.text, JSON.stringify(result));
  assert.deepEqual(r.changes, []);

  const dirty = { summary: "Added\r\nthe endpoint.", files: [{ path: "src/api.ts", owner: "me" }] };
  const d = guard.checkTaskResult({ mode: "code", result: dirty });
  assert.equal(d.ok, true, d.summary);
  assert.equal(d.value.summary, "Added\nthe endpoint.");
  assert.deepEqual(d.value.files, [{ path: "src/api.ts" }]);
  assert.equal(JSON.parse(d.text).summary, "Added\nthe endpoint.");
  assert.equal(dirty.files[0].owner, "me", "the caller's object is not changed");
});

test("bad input: null, undefined and numbers for message are contract errors", () => {
  const guard = createGuardSync();
  for (const message of [null, undefined, 42, "", "   "]) {
    const r = guard.checkTaskInput({ mode: "code", message });
    assert.equal(r.ok, false, `message ${String(message)} passed`);
    assert.ok(r.errors.length > 0);
    stillWorks(guard);
  }
});

test("bad input: a 10 MB string is a limit error, for inputs and results", () => {
  const guard = createGuardSync();
  const big = "a".repeat(10 * 1024 * 1024);
  const r = guard.checkTaskInput({ mode: "code", message: big });
  assert.equal(r.ok, false);
  assert.equal(r.errors[0].keyword, "maxBytes");
  const rr = guard.checkTaskResult({ mode: "code", result: big });
  assert.equal(rr.errors[0].keyword, "maxBytes");
  assert.equal(rr.original.length, big.length);
  stillWorks(guard);
});

test("bad input: 10,000-deep nesting", () => {
  const guard = createGuardSync();
  let deep = {};
  const root = deep;
  for (let i = 0; i < 10000; i++) deep = deep.next = {};
  const r = guard.checkTaskInput({ mode: "code", message: "x", context: root });
  assert.equal(r.ok, false);
  assert.equal(r.errors[0].keyword, "maxDepth");
  stillWorks(guard);
});

test("bad input: lone UTF-16 surrogates are replaced and reported", () => {
  const guard = createGuardSync();
  const r = guard.checkTaskInput({ mode: "code", message: "fix \uD800 this \uDC00" });
  assert.equal(r.ok, true, r.summary);
  assert.equal(r.value.message, "fix \uFFFD this \uFFFD");
  assert.equal(r.changes[0].op, "replace-chars");
  const rr = guard.checkTaskResult({ mode: "code", result: "done \uDBFF" });
  assert.equal(rr.text, "done \uFFFD");
  stillWorks(guard);
});

test("bad input: invalid schemas and remote refs fail at registration", () => {
  const guard = createGuardSync();
  throwsCode(() => guard.registerSchema({ $id: "bad", type: "strin" }), "INVALID_SCHEMA");
  throwsCode(() => guard.registerSchema({ type: "string" }), "MISSING_SCHEMA_ID");
  throwsCode(() => guard.registerSchema({ $id: "remote", $ref: "https://example.com/s.json" }), "UNRESOLVED_REF");
  throwsCode(() => guard.setModeContract("x", { input: "no-such-schema" }), "UNKNOWN_SCHEMA");
  stillWorks(guard);
});

test("bad input: an unknown mode", () => {
  const guard = createGuardSync();
  throwsCode(() => guard.checkTaskInput({ mode: "translate", message: "x" }), "UNKNOWN_MODE");
  throwsCode(() => guard.checkTaskResult({ mode: "translate", result: "x" }), "UNKNOWN_MODE");
  stillWorks(guard);
  const lenient = createGuardSync({ contracts: { unknownMode: "generic" } });
  assert.equal(lenient.checkTaskInput({ mode: "translate", message: "x" }).ok, true);
});

test("bad input: a catastrophic pattern finishes", () => {
  const guard = createGuardSync();
  guard.setModeContract("redos", {
    input: { type: "object", properties: { message: { type: "string", pattern: "^(a+)+$" } } },
  });
  const r = guard.checkTaskInput({ mode: "redos", message: "a".repeat(50000) + "!" });
  assert.equal(r.ok, false);
  assert.equal(r.errors[0].keyword, "pattern");
  stillWorks(guard);
});

test("bad input: cyclic objects, BigInt and functions are typed errors", () => {
  const guard = createGuardSync();
  const context = { name: "ctx" };
  context.self = context;
  throwsCode(() => guard.checkTaskInput({ mode: "code", message: "x", context }), "UNSERIALIZABLE");
  throwsCode(() => guard.checkTaskInput({ mode: "code", message: 10n }), "UNSERIALIZABLE");
  throwsCode(() => guard.registerSchema(context), "UNSERIALIZABLE");
  stillWorks(guard);
});

test("the ESM entry works with bytes, and reports a missing module clearly", async () => {
  const web = await importWeb();
  assert.throws(() => web.createGuardSync(), (e) => e.code === "WASM_LOAD_FAILED");
  const guard = await web.createGuard(undefined, { wasm: wasmBytes() });
  stillWorks(guard);
  const r = guard.checkTaskResult({ mode: "ask", result: "The answer is 42." });
  assert.equal(r.ok, true);
  assert.equal(r.text, "The answer is 42.");
});

test("the CommonJS entry takes bytes too (hosts that bundle)", () => {
  const guard = createGuardSync(undefined, { wasm: wasmBytes() });
  stillWorks(guard);
});

test("the package ships its schemas and .d.ts", () => {
  const dir = packageDir();
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  for (const rel of [pkg.exports["."].types, pkg.exports["."].node, pkg.exports["."].browser, "schemas/config.schema.json", "schemas/code.output.schema.json"]) {
    assert.ok(fs.existsSync(path.join(dir, rel)), `${rel} missing from the package`);
  }
  const dts = fs.readFileSync(path.join(dir, pkg.exports["."].types), "utf8");
  assert.match(dts, /createGuard/);
  assert.doesNotMatch(fs.readFileSync(path.join(dir, "dist", "types", "types.d.ts"), "utf8"), /:\s*any\b|<any>|\bany\[\]/);
});

test("a clean report is the caller's own object: changing one never changes the next", () => {
  const guard = createGuardSync();
  const input = { mode: "code", message: "Add a unit test for parseTodos" };
  const first = guard.checkTaskInput(input);
  const expected = structuredClone(first);
  assert.equal(first.ok, true, first.summary);
  first.ok = false;
  first.summary = "changed by the caller";
  first.errors.push({ code: "X" });
  const second = guard.checkTaskInput(input);
  assert.deepEqual(second, expected);
  assert.notEqual(second, first);
  // The same for results, and across modes (each mode's clean report is its own).
  const r1 = guard.checkTaskResult({ mode: "code", result: "Implemented validateEmail." });
  const r2 = guard.checkTaskResult({ mode: "ask", result: "Implemented validateEmail." });
  r1.summary = "x";
  const r3 = guard.checkTaskResult({ mode: "code", result: "Implemented validateEmail." });
  assert.notEqual(r3.summary, "x");
  assert.equal(r3.ok, true);
  assert.equal(typeof r2.ok, "boolean");
});
