// checkTaskInput takes an input of up to eight fields field by field (strings cross as
// themselves, any other field as its own JSON text) and anything else as one JSON text. The two
// ways must give the same report: each random input is checked as it is and again with nine
// more fields holding undefined — JSON.stringify leaves those out, so the text is the same, but
// the count sends the input the whole-text way.
const test = require("node:test");
const assert = require("node:assert/strict");
const { requireGuard } = require("./load.cjs");

const { createGuardSync } = requireGuard();

/** xorshift32: the same inputs on every run. */
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

// Pieces a string is made of: what JSON escapes, what it does not, and what it cannot carry.
const PIECES = [
  "Implement validateEmail in src/utils/validation.ts. ", "a", " ", "\t", "\n", "\r\n", '"', "\\", "\u0000", "\u0001", "\u001f",
  "\u007f", "é", "日本", "😀", "\u2028", "\ufdd0", "\ud800", "\udc00", "- [ ] write tests\n", "- [x] done\n", "   ", "{}", "</script>",
];

function text(r, max) {
  let s = "";
  const n = Math.floor(r() * max);
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(r() * PIECES.length)];
  return s;
}

function value(r, depth) {
  const k = Math.floor(r() * (depth > 0 ? 11 : 7));
  switch (k) {
    case 0: return text(r, 6);
    case 1: return Math.floor(r() * 1000) - 500;
    case 2: return [NaN, Infinity, -0, 1.5e300, 0.1][Math.floor(r() * 5)];
    case 3: return r() < 0.5;
    case 4: return null;
    case 5: return undefined;
    case 6: return new Date(Math.floor(r() * 2e12));
    case 7:
    case 8: return Array.from({ length: Math.floor(r() * 4) }, () => value(r, depth - 1));
    default: {
      const o = {};
      for (let i = Math.floor(r() * 4); i > 0; i--) {
        const key = ["files", "__proto__", "", "1", "toJSON", text(r, 2), "repo"][Math.floor(r() * 7)];
        Object.defineProperty(o, key, { value: value(r, depth - 1), enumerable: true, writable: true, configurable: true });
      }
      return o;
    }
  }
}

function nested(depth) {
  let v = { leaf: "x" };
  for (let i = 0; i < depth; i++) v = { v };
  return v;
}

function input(r) {
  const x = {};
  // Half the inputs hold strings only: those take the field-by-field way.
  const plain = r() < 0.5;
  const fields = [
    ["message", () => (plain || r() < 0.8 ? text(r, 60) : value(r, 2))],
    ["todos", () => (plain || r() < 0.6 ? text(r, 8) : [text(r, 3), text(r, 3)])],
    ["context", () => (plain ? (r() < 0.5 ? text(r, 5) : undefined) : r() < 0.15 ? nested(55 + Math.floor(r() * 80)) : value(r, 3))],
    [text(r, 2), () => (plain ? text(r, 3) : value(r, 1))],
    ["__proto__", () => (plain ? text(r, 3) : value(r, 1))],
    ["toJSON", () => text(r, 2)],
    ["parentMode", () => "orchestrator"],
    ["fn", () => (plain ? undefined : () => 1)],
    ["big", () => (plain ? text(r, 30) : r() < 0.5 ? new String(text(r, 4)) : 10n)],
  ];
  for (const [key, make] of fields) {
    if (r() < (key === "message" ? 0.95 : 0.3)) Object.defineProperty(x, key, { value: make(), enumerable: true, writable: true, configurable: true });
  }
  return x;
}

function outcome(guard, mode, x) {
  try {
    const report = guard.checkTaskInput({ mode, ...x });
    // The caller's own object comes back when nothing changed: compare what it says.
    return { ...report, value: JSON.stringify(report.value) };
  } catch (e) {
    return { threw: e.code, message: e.message };
  }
}

const WHOLE = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`zz${i}`, undefined]));

test("field by field and as one JSON text, every input gets the same report (strings only, or anything)", () => {
  const r = rng(20261124);
  const guards = [
    createGuardSync({ judge: { mode: "never" } }),
    // Small limits, so that texts near them take the whole-text way and report it.
    createGuardSync({ judge: { mode: "never" }, limits: { maxBytes: 600, maxStringLength: 50, maxDepth: 6 } }),
    createGuardSync({ judge: { mode: "never" }, modes: { ask: { enabled: false } } }),
  ];
  const modes = ["code", "orchestrator", "architect", "ask", "debug", "nope"];
  const strings = [], others = [];
  for (let i = 0; i < 3000; i++) {
    const x = input(r);
    const guard = guards[i % guards.length];
    const mode = modes[Math.floor(r() * modes.length)];
    const a = outcome(guard, mode, x);
    const b = outcome(guard, mode, { ...x, ...WHOLE });
    if (!require("node:util").isDeepStrictEqual(a, b)) assert.deepEqual(a, b, `input ${i} (${mode}): ${require("node:util").inspect(x).slice(0, 400)}`);
    if (!a.threw) (Object.values(x).every((v) => typeof v === "string" || v === undefined) ? strings : others).push(i);
  }
  assert.ok(strings.length > 1000 && others.length > 400, `only ${strings.length} and ${others.length} reports`);
});

test("a large input near the byte limit is reported the same both ways", () => {
  const guard = createGuardSync({ limits: { maxBytes: 4096 } });
  for (const n of [600, 680, 700, 1000, 2000, 4000, 4100]) {
    for (const piece of ["a", "\u0001", '"', "é", "😀"]) {
      const message = piece.repeat(Math.ceil(n / piece.length)).slice(0, n);
      for (const x of [{ message }, { message, todos: "- [ ] ship" }, { message, context: { files: ["src/a.ts"] } }]) {
        assert.deepEqual(outcome(guard, "code", x), outcome(guard, "code", { ...x, ...WHOLE }), `${n} × ${JSON.stringify(piece)}`);
      }
    }
  }
});

test("contexts nested around the parser's depth limit, and long keys, are reported the same both ways", () => {
  const guard = createGuardSync({ limits: { maxBytes: 4096 } });
  for (let d = 60; d <= 130; d++) {
    const x = { message: "Refactor the parser.", context: nested(d) };
    assert.deepEqual(outcome(guard, "code", x), outcome(guard, "code", { ...x, ...WHOLE }), `depth ${d}`);
  }
  for (const n of [500, 700, 1000, 4000, 5000]) {
    const x = { message: "Refactor the parser.", ["k\u0001".repeat(n / 2)]: "1" };
    assert.deepEqual(outcome(guard, "code", x), outcome(guard, "code", { ...x, ...WHOLE }), `key of ${n}`);
  }
});

test("the host's code inside a field runs once, whichever way the input then crosses", () => {
  const guard = createGuardSync({ limits: { maxBytes: 4096 } });
  // Padding of 10: field by field; 600: the pieces could come near the limit, so the whole text
  // is assembled from them; 5000: that text is over the limit.
  for (const padding of [10, 600, 5000]) {
    const calls = { toJSON: 0, getter: 0, keys: [] };
    const files = {};
    Object.defineProperty(files, "list", { enumerable: true, get: () => (calls.getter++, ["src/a.ts"]) });
    const context = { files, notes: "n".repeat(padding), when: { toJSON: (key) => (calls.toJSON++, calls.keys.push(key), "2026-11-24") } };
    const x = { message: "m".repeat(500), todos: "- [ ] ship", context };
    const report = guard.checkTaskInput({ mode: "code", ...x });
    assert.deepEqual(calls, { toJSON: 1, getter: 1, keys: ["when"] }, `padding of ${padding}`);
    assert.equal(report.ok, padding < 5000, `padding of ${padding}: ${report.summary}`);
    // The same report as the whole text gives (where the host's code runs once again).
    assert.deepEqual(outcome(guard, "code", x), outcome(guard, "code", { ...x, ...WHOLE }));
  }
});

test("a field that cannot be serialized fails as the whole input would", () => {
  const guard = createGuardSync();
  const cyclic = { repo: "acme/web" };
  cyclic.self = cyclic;
  const deep = [];
  let at = deep;
  for (let i = 0; i < 20000; i++) at = at[0] = [];
  const broken = { toJSON: () => { throw new Error("no JSON today"); } };
  const key = { toJSON: (k) => ({ askedFor: k }) };
  for (const context of [cyclic, deep, 10n, broken, key, [broken], () => 1, Symbol("s")]) {
    const x = { message: "Refactor the parser.", context };
    const a = outcome(guard, "code", x);
    assert.deepEqual(a, outcome(guard, "code", { ...x, ...WHOLE }), String(a.message));
  }
  assert.equal(outcome(guard, "code", { message: "m", context: cyclic }).threw, "UNSERIALIZABLE");
  assert.match(outcome(guard, "code", { message: "m", context: broken }).message, /no JSON today/);
  assert.equal(outcome(guard, "code", { message: "m", context: deep }).ok, false);
  assert.equal(JSON.parse(outcome(guard, "code", { message: "m", context: key }).value).context.askedFor, "context");
});
