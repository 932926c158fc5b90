"use strict";
// Fault injection through the real wasm boundary (packed package, CommonJS): host objects that
// are proxies with throwing traps or getters, frozen and sealed inputs, callbacks that throw,
// reject, hang or return garbage, and concurrent calls. Each gives a clear, typed error or a
// report, nothing is lost, and the next call works.
const test = require("node:test");
const assert = require("node:assert/strict");
const { requireGuard } = require("./load.cjs");

const { createGuardSync, BoomerangGuardError } = requireGuard();

function stillWorks(guard) {
  assert.equal(guard.checkTaskInput({ mode: "code", message: "Add a unit test for slugify." }).ok, true);
  assert.equal(guard.checkTaskResult({ mode: "code", result: "Added tests/slugify.test.ts." }).ok, true);
  assert.match(guard.contextHash({ a: 1 }), /^xxh3-128:/);
}

const throwingGetter = () => ({
  mode: "code",
  get message() {
    throw new Error("getter exploded");
  },
});
const throwingProxy = (trap) =>
  new Proxy(
    { message: "hello", files: ["a.ts"] },
    {
      [trap]() {
        throw new Error(`${trap} trap exploded`);
      },
    },
  );

test("proxies with throwing traps and throwing getters: typed errors, module still answers", () => {
  const guard = createGuardSync();
  for (const trap of ["get", "ownKeys", "getOwnPropertyDescriptor", "has"]) {
    const p = throwingProxy(trap);
    for (const [what, call] of [
      ["checkTaskInput context", () => guard.checkTaskInput({ mode: "code", message: "x", context: p })],
      ["freezeContext", () => guard.freezeContext(p)],
      ["deepFreeze", () => guard.deepFreeze({ inner: p })],
      ["contextHash", () => guard.contextHash([p])],
    ]) {
      let outcome;
      try {
        outcome = call();
      } catch (e) {
        assert.ok(e instanceof BoomerangGuardError, `${what} with a throwing ${trap}: ${e}`);
        assert.ok(typeof e.code === "string" && e.code.length > 0);
        assert.ok(e.message.length > 0);
      }
      // A trap the operation does not touch may let it succeed: then it must be a real answer.
      if (outcome !== undefined) assert.ok(typeof outcome === "object" || typeof outcome === "string", `${what}/${trap}`);
      stillWorks(guard);
    }
  }
  // A throwing getter on the task input itself.
  assert.throws(() => guard.checkTaskInput(throwingGetter()), (e) => e instanceof BoomerangGuardError && /getter exploded/.test(e.message));
  assert.throws(() => guard.contextHash({ get x() { throw new Error("boom"); } }) && guard.freezeContext({ get x() { throw new Error("boom"); } }), BoomerangGuardError);
  stillWorks(guard);
});

test("verify and scoreDrift with hostile inputs", async () => {
  const guard = createGuardSync({ judge: { mode: "never" } });
  await assert.rejects(guard.verify(throwingProxy("get")), (e) => e instanceof BoomerangGuardError && e.code === "INVALID_ARGUMENT");
  await assert.rejects(guard.verify({ parentInstructions: "Do X.", get childOutput() { throw new Error("nope"); } }), /nope/);
  assert.throws(() => guard.scoreDrift(throwingProxy("get"), "x"), BoomerangGuardError);
  assert.throws(() => guard.scoreDrift("x", { toString() { throw new Error("no"); } }), BoomerangGuardError);
  const ok = await guard.verify({ parentInstructions: "List the files.", childOutput: "a.ts, b.ts" });
  assert.equal(typeof ok.score, "number");
  stillWorks(guard);
});

test("frozen and sealed inputs are read, never written; the sanitized value is a new object", () => {
  const guard = createGuardSync();
  const context = Object.freeze({ files: Object.freeze(["src/a.ts"]), note: "x\u0007y" });
  const input = Object.freeze({ mode: "code", message: Object.freeze({ task: "Refactor\u202e src/a.ts" }), context });
  const r = guard.checkTaskInput(input);
  assert.equal(r.ok, true);
  assert.equal(r.value.context.note, "xy");
  assert.equal(context.note, "x\u0007y", "the caller's frozen object is untouched");
  const sealed = Object.seal({ files: ["a.ts"], meta: { n: 1 } });
  const copy = guard.freezeContext(sealed);
  assert.ok(Object.isFrozen(copy) && !Object.isFrozen(sealed));
  assert.deepEqual(copy, sealed);
  // deepFreeze of something already frozen is a no-op that returns it.
  assert.equal(guard.deepFreeze(context), context);
  stillWorks(guard);
});

test("mode switchers and judges that throw, reject, hang or return garbage", async () => {
  const guard = createGuardSync({ judge: { mode: "always", timeoutMs: 30, retries: 0 } });
  guard.lifecycle.create("p", "architect");
  const switchers = {
    throws: () => {
      throw new Error("switch exploded");
    },
    rejects: () => Promise.reject(new Error("profile missing")),
    hangs: () => new Promise(() => {}),
    garbageThenable: () => ({ then: 42 }),
    throwingThen: () => ({
      get then() {
        throw new Error("then getter");
      },
    }),
  };
  for (const [name, fn] of Object.entries(switchers)) {
    const seen = [];
    guard.setModeSwitcher(
      (mode) => {
        seen.push(mode);
        return mode === "orchestrator" ? undefined : fn();
      },
      { timeoutMs: 30 },
    );
    const r = await guard.beforeModeRestoration({ taskId: "p", savedMode: "architect" });
    if (name === "garbageThenable") {
      // `{ then: 42 }` is not a thenable: it is a (strange) successful return.
      assert.equal(r.mode, "architect", name);
    } else {
      assert.equal(r.mode, "orchestrator", `${name}: falls back`);
      assert.equal(r.fellBack, true, name);
      assert.ok(r.reasons.length > 0, name);
    }
  }
  const judges = [() => Symbol("x"), () => undefined, () => ({ toJSON() { throw new Error("json"); } }), () => new Proxy({}, { ownKeys() { throw new Error("keys"); } })];
  for (const j of judges) {
    guard.setJudge(j);
    const v = await guard.verify({ parentInstructions: "Write a single function add(a, b).", childOutput: "function add(a, b) { return a + b; }" });
    assert.equal(v.judge.fallback, true);
    assert.equal(v.method, "keyword");
  }
  stillWorks(guard);
});

test("concurrent calls: verifications, checks and lifecycle events interleave without loss", async () => {
  const guard = createGuardSync({ judge: { mode: "always" } });
  let inFlight = 0;
  let maxInFlight = 0;
  guard.setJudge(async (req) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, 5 + (req.result.length % 7)));
    inFlight--;
    return `Overall Alignment Score: ${(req.result.length % 5) + 1}`;
  });
  guard.lifecycle.create("root");
  const jobs = [];
  for (let i = 0; i < 40; i++) {
    const result = `Result ${i}: wrote src/module_${i}.ts ${"x".repeat(i)}`;
    jobs.push(guard.verify({ parentInstructions: `Write src/module_${i}.ts.`, childOutput: result }).then((v) => ({ i, v, result })));
    // Synchronous work in between, while judges are pending.
    assert.equal(guard.checkTaskInput({ mode: "code", message: `Task ${i}` }).ok, true);
    if (i % 10 === 0) {
      guard.lifecycle.spawn({ parentTaskId: "root", childTaskId: `c${i}`, mode: "code", message: "m" });
      guard.lifecycle.complete(`c${i}`, `done ${i}`);
      await guard.lifecycle.resume("root", () => {});
    }
  }
  const all = await Promise.all(jobs);
  assert.ok(maxInFlight > 1, "judges ran concurrently");
  for (const { v, result } of all) assert.equal(v.judge.verdict.alignment, (result.length % 5) + 1);
  assert.equal(guard.lifecycle.pending().length, 0);
  assert.equal(new Set(all.map((x) => x.v.record.seq)).size, 40);
  stillWorks(guard);
});

test("a BoomerangGuardError is one to every copy of the class: CommonJS, the bundled ESM entry and a subclass", async () => {
  const { importWeb } = require("./load.cjs");
  const web = await importWeb();
  assert.notEqual(web.BoomerangGuardError, BoomerangGuardError, "two copies of the class");
  const fromCjs = (() => {
    try {
      createGuardSync().checkTaskInput({ mode: "", message: "x" });
    } catch (e) {
      return e;
    }
  })();
  const fromEsm = (() => {
    try {
      web.createGuardSync({}, { wasm: require("./load.cjs").wasmBytes() }).checkTaskInput({ mode: "", message: "x" });
    } catch (e) {
      return e;
    }
  })();
  for (const e of [fromCjs, fromEsm]) {
    assert.equal(e.code, "INVALID_ARGUMENT");
    assert.ok(e instanceof BoomerangGuardError);
    assert.ok(e instanceof web.BoomerangGuardError);
    assert.ok(e instanceof Error);
  }
  // Look-alikes are not: the brand is set by the constructor only.
  const fake = Object.assign(new Error("x"), { name: "BoomerangGuardError", code: "INVALID_ARGUMENT", path: "" });
  assert.ok(!(fake instanceof BoomerangGuardError));
  assert.ok(!(null instanceof BoomerangGuardError) && !("x" instanceof BoomerangGuardError));
  // A subclass keeps the ordinary prototype test.
  class Narrow extends BoomerangGuardError {}
  assert.ok(new Narrow("BUSY", "x") instanceof BoomerangGuardError);
  assert.ok(!(fromCjs instanceof Narrow));
});

test("a record under and over the 64 KB first buffer crosses whole, escapes and all", async () => {
  // Reports are written into a 64 KB buffer first and sized then written again past it.
  const guard = createGuardSync();
  guard.lifecycle.create("root");
  const piece = 'Quote " backslash \\ tab \t é — 🚀 \u0001 ';
  for (const [id, bytes] of [["under", 60_000], ["over", 70_000], ["far", 400_000]]) {
    const message = piece.repeat(Math.ceil(bytes / piece.length)).slice(0, bytes);
    guard.lifecycle.spawn({ parentTaskId: "root", childTaskId: id, mode: "code", message });
    const task = guard.lifecycle.task(id);
    assert.equal(task.instructions, message, id);
    assert.equal(task.parentId, "root");
    guard.lifecycle.complete(id, `done ${id}`);
    await guard.lifecycle.resume("root", () => {});
  }
  assert.equal(guard.lifecycle.tasks().length, 4);
});
