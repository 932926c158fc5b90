// freezeContext / deepFreeze against deep-freeze-strict, Immer's freeze(x, true) and
// structuredClone + a deep freeze, on contexts of 1k, 10k and 100k leaves, in one process.
const deepFreezeStrict = require("deep-freeze-strict");
const { freeze: immerFreeze } = require("immer");
const { createGuardSync } = require("../dist/cjs/node.js");
const { measureTogether } = require("./measure.cjs");
const { context, freezeAll } = require("./payloads.cjs");

// payloads.cjs's freezeAll over every own property (Reflect.ownKeys: symbol-keyed and
// non-enumerable ones too), which is what deepFreeze must walk so that no reachable object stays
// mutable: the floor for a freezer that keeps the rules.
function freezeAllOwn(o) {
  Object.freeze(o);
  const keys = Reflect.ownKeys(o);
  for (let i = 0; i < keys.length; i++) {
    const v = o[keys[i]];
    if (v && typeof v === "object" && !Object.isFrozen(v)) freezeAllOwn(v);
  }
  return o;
}

// The same over Object.getOwnPropertyNames (non-enumerable keys too, no symbols): what visiting
// every string-keyed property costs before symbols are looked at, a floor under the rules.
function freezeAllNames(o) {
  Object.freeze(o);
  const keys = Object.getOwnPropertyNames(o);
  for (let i = 0; i < keys.length; i++) {
    const v = o[keys[i]];
    if (v && typeof v === "object" && !Object.isFrozen(v)) freezeAllNames(v);
  }
  return o;
}

// Object.values (as the plain one) plus Object.getOwnPropertySymbols per object, with no
// check for non-enumerable keys (which the rules also walk): what merely adding the symbol
// call to the bare freeze costs. Not a lower bound on a freezer that keeps the rules (ours can
// be faster), but the ≤ 1.5× target is set against the plain one, which reads no symbols.
function freezeValuesSymbols(o) {
  Object.freeze(o);
  const values = Object.values(o);
  const symbols = Object.getOwnPropertySymbols(o);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v && typeof v === "object" && !Object.isFrozen(v)) freezeValuesSymbols(v);
  }
  for (let i = 0; i < symbols.length; i++) {
    const v = o[symbols[i]];
    if (v && typeof v === "object" && !Object.isFrozen(v)) freezeValuesSymbols(v);
  }
  return o;
}

const guard = createGuardSync();
const rows = [];
for (const leaves of [1000, 10000, 100000]) {
  const seconds = leaves >= 100000 ? 2 : 0.6;
  const opts = { seconds };
  // In-place freezers need a fresh object per call: each round builds one per freezer, then the
  // freezers take turns (the order flips every round), each call timed alone (subtracting a
  // separately timed build swung the ratios by 3× between runs). Two heap states, because the
  // ratio depends on it: a context just built (young objects, cache-hot: every freezer is fastest
  // here, and our fixed cost per object, Object.getOwnPropertySymbols at ~80 ns, weighs most) and
  // one that has survived a collection (old objects: with --expose-gc a full collection runs
  // after the build, outside the timing). Pools built up front instead (45 contexts of 100k
  // leaves alive) put collections of a 450 MB heap inside some calls and not others: ratios
  // moved 1.3–2.0× between runs of one build.
  const freezers = {
    ours: (c) => guard.deepFreeze(c),
    dfs: deepFreezeStrict,
    immer: (c) => immerFreeze(c, true),
    plain: freezeAll,
    names: freezeAllNames,
    own: freezeAllOwn,
    symbols: freezeValuesSymbols,
  };
  const rounds = leaves >= 100000 ? 21 : leaves >= 10000 ? 61 : 201;
  for (const f of Object.values(freezers)) for (let i = 0; i < 30; i++) f(context(1000)); // warm up
  const states = globalThis.gc ? ["just built", "after a collection"] : ["just built"];
  for (const state of states) {
    const times = Object.fromEntries(Object.keys(freezers).map((k) => [k, []]));
    for (let i = 0; i < rounds; i++) {
      const order = Object.entries(freezers);
      if (i % 2) order.reverse();
      for (const [k, f] of order) {
        const fresh = context(leaves);
        if (state !== "just built") globalThis.gc();
        const start = performance.now();
        f(fresh);
        times[k].push((performance.now() - start) * 1000);
      }
    }
    const p50 = (k) => ({ p50: times[k].sort((a, b) => a - b)[rounds >> 1], p99: NaN });
    const [ours, dfs, immer, plain, names, own, symbols] = ["ours", "dfs", "immer", "plain", "names", "own", "symbols"].map(p50);
    const fastest = Math.min(dfs.p50, immer.p50, plain.p50);
    rows.push({ name: `deepFreeze (in place), ${leaves / 1000}k leaves, context ${state}, vs the fastest of deep-freeze-strict (${dfs.p50.toFixed(0)} µs), Immer (${immer.p50.toFixed(0)} µs) and a plain recursive Object.freeze over Object.values (${plain.p50.toFixed(0)} µs) (target ≤ 1.5×)`, ours, theirs: { p50: fastest } });
    rows.push({ name: `deepFreeze (in place), ${leaves / 1000}k leaves, context ${state}, vs a recursive Object.freeze over Object.getOwnPropertyNames (string keys, non-enumerable too, no symbols; itself ${(names.p50 / plain.p50).toFixed(2)}× the Object.values one)`, ours, theirs: names });
    rows.push({ name: `deepFreeze (in place), ${leaves / 1000}k leaves, context ${state}, vs a recursive Object.freeze over Object.values plus Object.getOwnPropertySymbols (symbol keys, no non-enumerable ones: a naive freezer short of the rules; itself ${(symbols.p50 / plain.p50).toFixed(2)}× the Object.values one)`, ours, theirs: symbols });
    rows.push({ name: `deepFreeze (in place), ${leaves / 1000}k leaves, context ${state}, vs a recursive Object.freeze over Reflect.ownKeys (every own property, as the rules need; ${(own.p50 / plain.p50).toFixed(2)}× the Object.values one)`, ours, theirs: own });
  }
  const ctx = context(leaves);
  const [copy, clone, hash] = measureTogether([() => guard.freezeContext(ctx), () => freezeAll(structuredClone(ctx)), () => guard.contextHash(ctx)], opts);
  rows.push({ name: `freezeContext (copy + freeze), ${leaves / 1000}k leaves vs structuredClone + deep freeze (target ≤ 1.0×)`, ours: copy, theirs: clone });
  rows.push({ name: `contextHash, ${leaves / 1000}k leaves vs structuredClone + deep freeze (target ≤ 1.0×)`, ours: hash, theirs: clone });
}

module.exports = { rows };
if (require.main === module) require("./measure.cjs").table("isolation: freezing and hashing", rows);
