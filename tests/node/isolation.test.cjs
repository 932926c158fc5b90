"use strict";
// Task isolation through the packed package: frozen contexts (seed 001 Example 2), the context
// hash, the lifecycle with both Roo Code event APIs, resumes that never lose a result, deadlines,
// mode restoration with every kind of failing switcher, and the three hooks.
const test = require("node:test");
const assert = require("node:assert/strict");
const { requireGuard, packageDir } = require("./load.cjs");
const sloppy = require("./sloppy.cjs");

const { createGuardSync, BoomerangGuardError } = requireGuard();

function throwsCode(fn, code) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof BoomerangGuardError, `not a BoomerangGuardError: ${e}`);
    assert.equal(e.code, code, e.message);
    return true;
  });
}

test("seed 001 Example 2: a child cannot corrupt the configuration its siblings and parent use", () => {
  const guard = createGuardSync();
  const config = { retries: 3, endpoints: { api: "https://api.example" }, flags: ["fast"] };
  const forA = guard.freezeContext(config);
  const forB = guard.freezeContext(config);
  // Child A tries to change the shared configuration: strict code throws...
  assert.throws(() => {
    forA.retries = 0;
  }, TypeError);
  assert.throws(() => {
    forA.endpoints.api = "http://evil";
  }, TypeError);
  assert.throws(() => forA.flags.push("slow"), TypeError);
  // ...and sloppy code is silently ignored.
  assert.equal(sloppy.write(forA, "retries", 0), 3);
  assert.equal(sloppy.remove(forA.endpoints, "api"), false);
  // The parent's original and child B's copy are untouched; the original is not frozen.
  assert.deepEqual(config, { retries: 3, endpoints: { api: "https://api.example" }, flags: ["fast"] });
  assert.equal(forB.endpoints.api, "https://api.example");
  assert.equal(Object.isFrozen(config), false);
  config.retries = 4; // the parent still owns its object
  assert.equal(forB.retries, 3);
});

test("freezeContext: cycles and shared references keep their identity inside the copy", () => {
  const guard = createGuardSync();
  const shared = { id: 1 };
  const ctx = { a: shared, b: shared, list: [shared] };
  ctx.self = ctx;
  const f = guard.freezeContext(ctx);
  assert.notEqual(f, ctx);
  assert.equal(f.self, f);
  assert.equal(f.a, f.b);
  assert.equal(f.list[0], f.a);
  assert.notEqual(f.a, shared);
  assert.ok(Object.isFrozen(f) && Object.isFrozen(f.a) && Object.isFrozen(f.list));
});

test("freezeContext and contextHash: a reference again to any earlier object is that object, whichever came first", () => {
  const guard = createGuardSync();
  // Equal content, different identities: which one a later reference points at must matter.
  const build = (pick) => {
    const items = Array.from({ length: 40 }, (_, i) => ({ i: i % 2 }));
    const refs = pick.map((k) => items[k]);
    return { items, refs, tail: { again: items[pick[0]] } };
  };
  const first = build([1, 37, 3]);
  const copy = guard.freezeContext(first);
  assert.equal(copy.refs[0], copy.items[1]);
  assert.equal(copy.refs[1], copy.items[37]);
  assert.equal(copy.refs[2], copy.items[3]);
  assert.equal(copy.tail.again, copy.items[1]);
  assert.notEqual(copy.refs[1], copy.items[35]);
  // Same shape of sharing: same hash; another object of equal content: another hash.
  assert.equal(guard.contextHash(first), guard.contextHash(build([1, 37, 3])));
  assert.equal(guard.contextHash(copy), guard.contextHash(first));
  assert.notEqual(guard.contextHash(first), guard.contextHash(build([1, 35, 3])));
  assert.notEqual(guard.contextHash(first), guard.contextHash(build([3, 37, 1])));
});

test("freezeContext: Map, Set and Date cannot be mutated through their methods", () => {
  const guard = createGuardSync();
  const key = { k: true };
  const ctx = { m: new Map([[key, { v: 1 }], ["s", "x"]]), s: new Set([1, key]), d: new Date(1000) };
  const f = guard.freezeContext(ctx);
  for (const op of [() => f.m.set("n", 1), () => f.m.delete("s"), () => f.m.clear()]) assert.throws(op, TypeError);
  for (const op of [() => f.s.add(3), () => f.s.delete(1), () => f.s.clear()]) assert.throws(op, TypeError);
  for (const op of [() => f.d.setTime(0), () => f.d.setFullYear(1999), () => f.d.setUTCHours(1)]) assert.throws(op, TypeError);
  assert.equal(f.m.size, 2);
  assert.equal(f.d.getTime(), 1000);
  // Keys that are objects are copied too, and the copy's entries are read-only.
  const [[copiedKey, copiedValue]] = f.m;
  assert.notEqual(copiedKey, key);
  assert.ok(Object.isFrozen(copiedValue));
  assert.ok(f.s.has(1));
  // The originals still work.
  ctx.m.set("n", 2);
  ctx.d.setTime(0);
  assert.equal(ctx.m.size, 3);
});

test("freezeContext: symbol keys, non-enumerable properties, accessors and class instances", () => {
  const guard = createGuardSync();
  const sym = Symbol("secret");
  class Point {
    constructor(x) {
      this.x = x;
    }
    norm() {
      return Math.abs(this.x);
    }
  }
  let reads = 0;
  const ctx = { [sym]: "s", p: new Point(-2), get computed() {
    reads += 1;
    return { n: reads };
  } };
  Object.defineProperty(ctx, "hidden", { value: { h: 1 }, enumerable: false });
  const f = guard.freezeContext(ctx);
  assert.equal(f[sym], "s");
  assert.equal(Object.getOwnPropertyDescriptor(f, "hidden").enumerable, false);
  assert.ok(Object.isFrozen(f.hidden));
  // Accessors are snapshotted once into data properties.
  const d = Object.getOwnPropertyDescriptor(f, "computed");
  assert.equal(reads, 1);
  assert.deepEqual(d.value, { n: 1 });
  assert.equal(d.get, undefined);
  // Class instances keep their prototype and methods.
  assert.ok(f.p instanceof Point);
  assert.equal(f.p.norm(), 2);
  assert.throws(() => {
    f.p.x = 5;
  }, TypeError);
});

test("freezeContext refuses functions, weak collections and shared memory with a path", () => {
  const guard = createGuardSync();
  const shared = new SharedArrayBuffer(8);
  for (const [value, path, says] of [
    [{ list: [1, () => 2] }, "/list/1", /functions/],
    [{ w: new WeakMap() }, "/w", /not enumerable/],
    [{ mem: shared }, "/mem", /SharedArrayBuffer/],
    [{ data: { view: new Int32Array(shared, 4, 1) } }, "/data/view", /SharedArrayBuffer/],
  ]) {
    assert.throws(
      () => guard.freezeContext(value),
      (e) => e instanceof BoomerangGuardError && e.code === "UNFREEZABLE" && e.path === path && says.test(e.message),
    );
  }
  // Hashing shared memory is fine (nothing is handed on).
  assert.match(guard.contextHash({ mem: shared }), /^xxh3-128:/);
  // The module still answers.
  assert.ok(Object.isFrozen(guard.freezeContext({ ok: true })));
});

test("bytes in a context: the child gets its own copy of each (Buffer, typed arrays, DataView, ArrayBuffer), the parent's never change", () => {
  const guard = createGuardSync();
  const file = Buffer.from("export const answer = 42;\n");
  const backing = new ArrayBuffer(16);
  new Uint8Array(backing).set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
  const parent = {
    file,
    floats: new Float64Array([1.5, -2]),
    window: new Uint16Array(backing, 4, 3), // bytes 4..10 of a larger buffer
    view: new DataView(backing, 2, 4),
    raw: backing,
    nested: [{ blob: new Uint8Array([7, 7]) }],
  };
  const before = guard.contextHash(parent);
  const report = guard.isolateContext(parent);
  const copy = report.value;
  // Same content, same types, own memory.
  assert.ok(Buffer.isBuffer(copy.file));
  assert.equal(copy.file.toString(), "export const answer = 42;\n");
  assert.ok(copy.floats instanceof Float64Array);
  assert.deepEqual([...copy.floats], [1.5, -2]);
  assert.ok(copy.window instanceof Uint16Array);
  assert.deepEqual([...copy.window], [...parent.window]);
  // Only the view's window is copied: the child cannot read the rest of the parent's buffer.
  assert.equal(copy.window.buffer.byteLength, 6);
  assert.equal(copy.view.byteLength, 4);
  assert.equal(copy.view.getUint8(0), 3);
  assert.ok(copy.raw instanceof ArrayBuffer);
  assert.notEqual(copy.raw, backing);
  for (const k of ["file", "floats", "window", "view"]) assert.notEqual(copy[k].buffer, parent[k].buffer, k);
  // The copy hashes as the original: nothing changed.
  assert.equal(report.hash, before);
  assert.equal(guard.contextHash(copy), before);
  // The report lists every run of bytes with its path, type and size.
  assert.deepEqual(
    report.binary.map((b) => [b.path, b.type, b.byteLength, b.handling]).sort(),
    [
      ["/file", "Buffer", file.length, "copied"],
      ["/floats", "Float64Array", 16, "copied"],
      ["/nested/0/blob", "Uint8Array", 2, "copied"],
      ["/raw", "ArrayBuffer", 16, "copied"],
      ["/view", "DataView", 4, "copied"],
      ["/window", "Uint16Array", 6, "copied"],
    ],
  );
  // The child writes its bytes: the parent's stay as they were, and the hash sees the write.
  copy.file[0] = 0x58;
  copy.window[0] = 0xffff;
  new Uint8Array(copy.raw)[0] = 99;
  copy.view.setUint8(0, 200);
  assert.equal(file.toString().slice(0, 6), "export");
  assert.deepEqual([...new Uint8Array(backing)].slice(0, 6), [1, 2, 3, 4, 5, 6]);
  assert.equal(guard.contextHash(parent), before);
  assert.notEqual(guard.contextHash(copy), before);
  // The objects around the bytes are frozen as always.
  assert.ok(Object.isFrozen(copy) && Object.isFrozen(copy.nested[0]));
  // freezeContext gives the same copy without the report.
  assert.equal(guard.freezeContext(parent).file.toString(), file.toString());
});

test("a context with a file read as a Buffer goes through beforeTaskCreation, and its hash catches a child's write", () => {
  const guard = createGuardSync();
  const context = { files: { "src/a.ts": Buffer.from("let a = 1;") } };
  const creation = guard.beforeTaskCreation({ mode: "code", message: "Rename a to b in src/a.ts", context });
  assert.equal(creation.ok, true);
  assert.deepEqual(creation.contextBinary.map((b) => [b.path, b.type, b.handling]), [["/files/src~1a.ts", "Buffer", "copied"]]);
  guard.lifecycle.create("p", "orchestrator");
  guard.afterTaskCreation({ parentTaskId: "p", childTaskId: "c", mode: "code", message: "Rename a to b in src/a.ts", creation });
  creation.frozenContext.files["src/a.ts"][4] = 0x62;
  assert.equal(context.files["src/a.ts"].toString(), "let a = 1;");
  const r = guard.beforeResultIntegration({ childTaskId: "c", result: "Renamed a to b." });
  assert.equal(r.contextIntact, false);
});

test("deepFreeze freezes in place, Maps included; functions are frozen, not refused", () => {
  const guard = createGuardSync();
  const handler = () => 1;
  const ctx = { nested: { list: [{ x: 1 }] }, m: new Map([["a", { y: 2 }]]), handler };
  const same = guard.deepFreeze(ctx);
  assert.equal(same, ctx);
  assert.ok(Object.isFrozen(ctx.nested.list[0]));
  assert.ok(Object.isFrozen(ctx.m.get("a")));
  assert.throws(() => ctx.m.set("b", 1), TypeError);
  assert.ok(Object.isFrozen(handler));
  assert.equal(sloppy.write(ctx.nested, "list", null).length, 1);
  // Bytes cannot be frozen in place: they are left as they are and reported, not refused.
  const withBytes = { meta: { n: 1 }, bytes: new Uint16Array(4) };
  const report = guard.isolateContext(withBytes, { inPlace: true });
  assert.equal(report.value, withBytes);
  assert.ok(Object.isFrozen(withBytes.meta));
  assert.deepEqual(report.binary, [{ path: "/bytes", type: "Uint16Array", byteLength: 8, handling: "not-frozen" }]);
  assert.equal(guard.deepFreeze({ more: new Uint8Array(2) }).more.length, 2);
  throwsCode(() => guard.deepFreeze({ shared: new SharedArrayBuffer(4) }), "UNFREEZABLE");
});

test("deepFreeze's own walk (no path kept while walking) reports the faults the in-place isolation walk reports, with the same paths", () => {
  const guard = createGuardSync();
  const trap = (name) =>
    new Proxy(
      { a: 1 },
      {
        [name]() {
          throw new Error(`${name} trap`);
        },
      },
    );
  let deep = { leaf: new SharedArrayBuffer(1) };
  for (let i = 0; i < 1000; i++) deep = i % 2 ? { [`k${i}`]: deep } : [deep];
  const hostile = [
    () => ({ a: [{ b: new SharedArrayBuffer(4) }] }),
    () => ({ a: { b: { get x() { throw new Error("getter at depth"); } } } }),
    () => ({ list: [1, 2, { ["weird/key~"]: [new SharedArrayBuffer(2)] }] }),
    () => ({ m: new Map([["k", { v: [0, new SharedArrayBuffer(1)] }]]) }),
    () => ({ s: new Set([1, { t: new SharedArrayBuffer(1) }]) }),
    () => ({ [Symbol("sym")]: { q: new SharedArrayBuffer(1) } }),
    () => ({ frozen: Object.freeze({ inner: { x: new SharedArrayBuffer(1) } }) }),
    () => deep,
    ...["get", "ownKeys", "getOwnPropertyDescriptor", "getPrototypeOf", "preventExtensions", "defineProperty"].map((t) => () => ({ x: { y: [trap(t)] } })),
  ];
  const outcome = (fn) => {
    try {
      fn();
      return "ok";
    } catch (e) {
      assert.ok(e instanceof BoomerangGuardError, String(e));
      // The isolation walk freezes an object after its entries, deepFreeze before them: a trap
      // both meet may be met first while reading in one and while freezing in the other.
      return [e.code, e.path, e.message.replace(/^(reading|freezing) /, "")];
    }
  };
  let faults = 0;
  for (const make of hostile) {
    const theirs = outcome(() => guard.isolateContext(make(), { inPlace: true }));
    const ours = outcome(() => guard.deepFreeze(make()));
    assert.deepEqual(ours, theirs);
    if (ours !== "ok") faults++;
  }
  assert.ok(faults >= 12, `${faults} of ${hostile.length} inputs failed`);
  // Deep paths are built as the stack unwinds: innermost key last.
  assert.equal(outcome(() => guard.deepFreeze({ a: [{ b: new SharedArrayBuffer(4) }] }))[1], "/a/0/b");
  // Only deepFreeze asks whether an object is already frozen (the isolation walk keeps an
  // identity map): a throwing isExtensible trap is met by it alone.
  assert.deepEqual(outcome(() => guard.deepFreeze({ x: { y: [trap("isExtensible")] } })).slice(0, 2), ["UNFREEZABLE", "/x/y/0"]);
  // Shared and cyclic references, objects frozen beforehand: every reachable object frozen.
  const shared = { n: 1 };
  const cyclic = { shared, again: shared, list: [shared], pre: Object.freeze({ inside: { z: 1 } }) };
  cyclic.self = cyclic;
  cyclic.list.push(cyclic);
  guard.deepFreeze(cyclic);
  for (const o of [cyclic, shared, cyclic.list, cyclic.pre.inside]) assert.ok(Object.isFrozen(o));
});

test("contextHash: equal content hashes equal, any change is seen, including one that got around the freeze", () => {
  const guard = createGuardSync();
  const a = { x: 1, y: [1, 2, { z: "s" }], m: new Map([["k", 1]]), d: new Date(5) };
  const b = { y: [1, 2, { z: "s" }], m: new Map([["k", 1]]), d: new Date(5), x: 1 };
  assert.equal(guard.contextHash(a), guard.contextHash(b));
  assert.match(guard.contextHash(a), /^xxh3-128:[0-9a-f]{32}$/);
  const frozen = guard.freezeContext(a);
  const before = guard.contextHash(frozen);
  assert.equal(before, guard.contextHash(a));
  // Map.prototype.set.call bypasses the shadowed method: the hash notices.
  Map.prototype.set.call(frozen.m, "k", 2);
  assert.notEqual(guard.contextHash(frozen), before);
  assert.notEqual(guard.contextHash({ x: 1 }), guard.contextHash({ x: "1" }));
  assert.notEqual(guard.contextHash([1, 2]), guard.contextHash([2, 1]));
});

test("contextHash: walks that reuse the stream's buffers, a hash started inside a getter, and a big walk before a small one all hash as alone", () => {
  const guard = createGuardSync();
  const big = (n) => ({ files: Array.from({ length: n }, (_, i) => ({ path: `src/f${i}.ts`, line: i, ok: i % 3 === 0 })) });
  const small = { x: 1, y: [2.5, "s"] };
  // Each hashed alone, in a fresh process: no buffer of an earlier walk.
  const fresh = (expr) =>
    require("node:child_process")
      .execFileSync(process.execPath, ["-e", `const { createGuardSync } = require(${JSON.stringify(packageDir())}); process.stdout.write(createGuardSync().contextHash(${expr}))`])
      .toString();
  const alone = { small: fresh(`{ x: 1, y: [2.5, "s"] }`), big: guard.contextHash(big(20000)) };
  // After a large walk, its (longer) buffers hold stale tokens past the small walk's end.
  assert.equal(guard.contextHash(big(20000)), alone.big);
  assert.equal(guard.contextHash(small), alone.small);
  assert.notEqual(guard.contextHash({ x: 1, y: [2.5] }), alone.small);
  // A getter that hashes (through a second guard: the first refuses re-entry) in the middle of a
  // walk: the inner walk must not write into the outer's buffers.
  const other = createGuardSync();
  const quiet = {
    x: 1,
    get y() {
      return [2.5, "s"];
    },
  };
  let inner;
  const sneaky = {
    x: 1,
    get y() {
      inner = other.contextHash(big(3000));
      return [2.5, "s"];
    },
  };
  assert.equal(guard.contextHash(sneaky), guard.contextHash(quiet));
  assert.equal(inner, guard.contextHash(big(3000)));
  // The same through isolateContext, which hashes while it copies.
  const nested = {
    a: big(500),
    get b() {
      return other.contextHash(big(2000));
    },
  };
  const quietNested = {
    a: big(500),
    get b() {
      return "xxh3-128:0";
    },
  };
  const copied = guard.isolateContext(nested);
  assert.equal(copied.value.b, guard.contextHash(big(2000)));
  assert.equal(copied.hash, guard.contextHash({ a: big(500), b: copied.value.b }));
  assert.notEqual(copied.hash, guard.isolateContext(quietNested).hash);
});

function lifecycleGuard(config) {
  const guard = createGuardSync(config);
  let now = 1000;
  guard.lifecycle.setClock(() => now);
  const transitions = [];
  guard.lifecycle.on((t) => transitions.push(`${t.taskId}:${t.to}`));
  return { guard, lc: guard.lifecycle, transitions, advance: (ms) => (now += ms) };
}

test("lifecycle: today's Roo Code events, with transitions sent to listeners", () => {
  const { lc, transitions } = lifecycleGuard();
  lc.handle({ type: "TaskCreated", taskId: "root", mode: "orchestrator" });
  lc.handle({ type: "TaskDelegated", parentTaskId: "root", childTaskId: "c1", mode: "code", message: "Add tests" });
  lc.handle({ type: "TaskDelegationCompleted", parentTaskId: "root", childTaskId: "c1", completionResultSummary: "Added 3 tests" });
  assert.equal(lc.pending()[0].result.text, "Added 3 tests");
  lc.handle({ type: "TaskDelegationResumed", parentTaskId: "root", childTaskId: "c1" });
  assert.deepEqual(transitions, ["root:active", "root:delegated", "c1:active", "c1:completed", "root:awaiting-result", "root:resuming", "root:active"]);
  assert.equal(lc.task("c1").instructions, "Add tests");
  assert.equal(lc.pending().length, 0);
});

test("lifecycle: the seeds' events (taskSpawned, taskPaused, taskCompleted, taskUnpaused)", () => {
  const { lc } = lifecycleGuard();
  lc.handle({ type: "taskCreated", taskId: "p" });
  lc.handle({ type: "taskSpawned", parentTaskId: "p", childTaskId: "c", mode: "ask" });
  lc.handle({ type: "taskPaused", taskId: "p" });
  lc.handle({ type: "taskCompleted", taskId: "c", result: "42" });
  lc.handle({ type: "taskUnpaused", taskId: "p" });
  assert.equal(lc.task("p").state, "active");
  assert.equal(lc.task("c").result.text, "42");
});

test("lifecycle: a resume that throws keeps the result; the next one delivers it (Roo Code #1547, #3716)", async () => {
  const { lc } = lifecycleGuard();
  lc.create("p");
  lc.spawn({ parentTaskId: "p", childTaskId: "c", mode: "code" });
  lc.complete("c", "the precious result");
  await assert.rejects(lc.resume("p", () => Promise.reject(new Error("webview crashed"))), /webview crashed/);
  assert.equal(lc.task("p").state, "awaiting-result");
  assert.equal(lc.pending()[0].result.text, "the precious result");
  let got;
  const d = await lc.resume("p", (delivery) => {
    got = delivery.result.text;
  });
  assert.equal(got, "the precious result");
  assert.equal(d.attempts, 2);
  assert.equal(lc.task("p").state, "active");
  assert.equal(lc.pending().length, 0);
});

test("lifecycle: nobody waits forever; aborted children resume their parent (Roo Code #9886)", () => {
  const { lc, advance } = lifecycleGuard({ timeouts: { childMs: 60000 }, modes: { ask: { timeouts: { childMs: 500 } } } });
  lc.create("p");
  lc.spawn({ parentTaskId: "p", childTaskId: "slow", mode: "ask" });
  assert.equal(lc.nextDeadline(), 1500);
  advance(499);
  assert.deepEqual(lc.tick(), []);
  advance(2);
  const t = lc.tick().map((x) => `${x.taskId}:${x.to}`);
  assert.deepEqual(t, ["slow:timed-out", "p:awaiting-result"]);
  assert.equal(lc.pending()[0].result.outcome, "timed-out");
  lc.commitResume; // eslint
  lc.prepareResume("p");
  lc.commitResume("p");
  lc.spawn({ parentTaskId: "p", childTaskId: "cancelled", mode: "code" });
  lc.handle({ type: "TaskAborted", taskId: "cancelled", reason: "user pressed cancel" });
  assert.equal(lc.pending()[0].result.outcome, "aborted");
  assert.match(lc.pending()[0].result.text, /user pressed cancel/);
});

test("lifecycle: faults are typed errors and leave the state as it was", () => {
  const { lc } = lifecycleGuard();
  lc.create("p");
  lc.spawn({ parentTaskId: "p", childTaskId: "c", mode: "code" });
  const before = lc.exportState();
  const faults = [
    [() => lc.handle({ type: "TaskDelegated", parentTaskId: "ghost", childTaskId: "x" }), "UNKNOWN_TASK"],
    [() => lc.spawn({ parentTaskId: "p", childTaskId: "c", mode: "code" }), "DUPLICATE_TASK"],
    [() => lc.spawn({ parentTaskId: "p", childTaskId: "c2", mode: "code" }), "CHILD_ALREADY_OPEN"],
    [() => lc.handle({ type: "taskUnpaused", taskId: "p" }), "NOTHING_TO_RESUME"],
    [() => lc.complete("p", "too early"), "INVALID_TRANSITION"],
    [() => lc.handle({ type: "taskPaused", taskId: "c" }), "INVALID_TRANSITION"],
    [() => lc.handle({ type: "NoSuchEvent", taskId: "p" }), "INVALID_ARGUMENT"],
    [() => lc.importState("{corrupt"), "INVALID_STATE"],
    [() => lc.importState(JSON.stringify({ version: 7, tasks: [] })), "UNSUPPORTED_VERSION"],
    [() => lc.commitResume("p"), "INVALID_TRANSITION"],
  ];
  for (const [fn, code] of faults) {
    throwsCode(fn, code);
    assert.equal(lc.exportState().replace(/"savedAtMs": \d+/, ""), before.replace(/"savedAtMs": \d+/, ""));
  }
  lc.complete("c", "once");
  throwsCode(() => lc.complete("c", "twice"), "INVALID_TRANSITION");
  assert.equal(lc.pending()[0].result.text, "once");
});

test("lifecycle: export and import continue every delegation after a reload (Roo Code #8081, #7780)", () => {
  const a = lifecycleGuard();
  a.lc.create("p");
  a.lc.spawn({ parentTaskId: "p", childTaskId: "c", mode: "code" });
  a.lc.complete("c", "result before reload");
  a.lc.prepareResume("p"); // the window reloads mid-resume
  const saved = a.lc.exportState();
  const b = lifecycleGuard();
  b.lc.importState(saved);
  assert.equal(b.lc.task("p").state, "awaiting-result");
  assert.equal(b.lc.pending()[0].result.text, "result before reload");
});

test("mode restoration: switch, fall back on throw, reject, hang or a vanished mode; read back", async () => {
  const guard = createGuardSync({ defaultMode: "orchestrator" });
  const none = await guard.beforeModeRestoration({ savedMode: "code" });
  assert.equal(none.ok, false);
  let current = "code";
  const calls = [];
  const cases = [
    ["works", async (m) => { current = m; }, "architect", { ok: true, mode: "architect", fellBack: false }],
    ["throws", (m) => { if (m !== "orchestrator") throw new Error("no such profile"); current = m; }, "architect", { ok: true, mode: "orchestrator", fellBack: true }],
    ["rejects", async (m) => { if (m !== "orchestrator") throw new Error("rejected"); current = m; }, "debug", { ok: true, mode: "orchestrator", fellBack: true }],
    ["hangs", (m) => (m === "orchestrator" ? ((current = m), undefined) : new Promise(() => {})), "ask", { ok: true, mode: "orchestrator", fellBack: true }],
    ["vanished", async (m) => { calls.push(m); current = m; }, "my-deleted-mode", { ok: true, mode: "orchestrator", fellBack: true }],
    // A switch that did not take effect reports the mode the host is really in, for its records.
    ["ignored", async () => {}, "code", { ok: false, mode: "something-else", tookEffect: false }],
  ];
  for (const [name, fn, saved, want] of cases) {
    current = "something-else";
    guard.setModeSwitcher(fn, { current: () => current, modes: () => ["orchestrator", "code", "architect", "ask", "debug"], timeoutMs: 50 });
    const r = await guard.beforeModeRestoration({ savedMode: saved });
    for (const [k, v] of Object.entries(want)) assert.equal(r[k], v, `${name}: ${k} ${JSON.stringify(r)}`);
    if (want.fellBack) assert.ok(r.reasons.length > 0, name);
  }
  assert.deepEqual(calls, ["orchestrator"], "a vanished mode is not even tried");
  guard.setModeSwitcher(() => { throw new Error("everything is broken"); }, { timeoutMs: 20 });
  const broken = await guard.beforeModeRestoration({ savedMode: "code" });
  assert.equal(broken.ok, false);
  assert.equal(broken.mode, null);
  assert.equal(broken.reasons.length, 2);
});

test("the three hooks around one delegation, with the context hash checked at completion and resume", async () => {
  const guard = createGuardSync();
  const lc = guard.lifecycle;
  lc.create("root", "orchestrator");
  const context = { settings: new Map([["lint", "strict"]]), files: ["src/a.ts"] };
  const creation = guard.beforeTaskCreation({ parentTaskId: "root", mode: "code", message: "Fix the lint errors in src/a.ts", context });
  assert.equal(creation.ok, true, creation.summary);
  assert.ok(Object.isFrozen(creation.frozenContext));
  assert.equal(creation.contextHash, guard.contextHash(context));
  guard.afterTaskCreation({ parentTaskId: "root", childTaskId: "child", mode: "code", message: creation.message, creation });
  assert.equal(lc.task("child").contextHash, creation.contextHash);

  const ok = guard.beforeResultIntegration({ childTaskId: "child", result: "Fixed 4 lint errors." });
  assert.equal(ok.ok, true);
  assert.equal(ok.contextIntact, true);
  assert.equal(ok.text, "Fixed 4 lint errors.");

  // A child that got around the freeze is reported at completion and on resume.
  Map.prototype.set.call(creation.frozenContext.settings, "lint", "off");
  const tampered = guard.beforeResultIntegration({ childTaskId: "child", result: "Fixed 4 lint errors." });
  assert.equal(tampered.ok, false);
  assert.equal(tampered.contextIntact, false);
  assert.match(tampered.summary, /got around the freeze/);
  lc.complete("child", ok.text);
  const delivery = await lc.resume("root", () => {});
  assert.equal(delivery.contextIntact, false);

  const bad = guard.beforeTaskCreation({ parentTaskId: "root", mode: "code", message: 42, context });
  assert.equal(bad.ok, false);
  assert.equal(bad.frozenContext, undefined);
});

// The walk's token stream writes each repeated key once, drops that cache when keys do not
// repeat, and separates a lone high surrogate from a following lone low one (joined, they would
// encode as one character). A plain stream written here — no sharing, every string on its own —
// must hash the same.
test("contextHash equals the hash of a plain token stream: shared keys, distinct keys, lone surrogates", () => {
  const path = require("node:path");
  const { packageDir } = require("./load.cjs");
  const { RULES } = require(path.join(packageDir(), "dist", "cjs", "generated", "freeze-rules.js"));
  const glue = require(path.join(packageDir(), "pkg", "boomerang_guard.js"));
  const OP = RULES.ops;
  // An object of string keys to strings or numbers, as the core's stream format has it.
  const plainHash = (obj) => {
    const ops = [];
    const numbers = [];
    let text = "";
    const str = (s) => {
      text += " ";
      const at = text.length;
      text += s;
      return at;
    };
    const keys = Object.keys(obj);
    ops.push(OP.object, 0, keys.length, 0);
    for (const k of keys) {
      ops.push(OP.key, str(k), k.length);
      const v = obj[k];
      if (typeof v === "number") ops.push(OP.number, numbers.push(v) - 1);
      else ops.push(OP.string, str(v), v.length);
    }
    ops[3] = ops.length;
    // The text crosses as UTF-8 (a lone surrogate as U+FFFD), as the walk sends it.
    return glue.hashStream(Uint32Array.from(ops), Float64Array.from(numbers), new TextEncoder().encode(text), new Uint8Array());
  };
  const guard = createGuardSync();
  const distinct = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`file_${i}.ts`, i]));
  const surrogates = { a: "\uD83D", b: "\uDE00", "\uDE01": "x\uD83D", "\uDC00y": 1 };
  for (const value of [distinct, surrogates, { only: "one" }]) {
    assert.equal(guard.contextHash(value), plainHash(value));
  }
  // Repeated keys inside an array of objects: written once, hashed as if written each time.
  const rows = Array.from({ length: 2000 }, (_, i) => ({ name: `fn_${i}`, line: i }));
  assert.equal(guard.contextHash(rows), guard.contextHash(JSON.parse(JSON.stringify(rows))));
  assert.notEqual(guard.contextHash(rows), guard.contextHash(rows.slice(1)));
  // Before the separator, a lone high surrogate followed by a lone low one failed to hash.
  assert.match(guard.contextHash(["\uD83D", "\uDE00"]), /^xxh3-128:/);
  assert.match(guard.contextHash([{ k: 1 }, "\uD83D", { k: "\uDE00" }]), /^xxh3-128:/);
});
