// freezeContext / deepFreeze against deep-freeze-strict, Immer's freeze(x, true) and
// structuredClone + a deep freeze, on contexts of 1k, 10k and 100k leaves, in one process.
const deepFreezeStrict = require("deep-freeze-strict");
const { freeze: immerFreeze } = require("immer");
const { createGuardSync } = require("../dist/cjs/node.js");
const { measure } = require("./measure.cjs");

// A realistic shape: a repository context with files, symbols and settings.
function context(leaves) {
  const files = [];
  let n = 0;
  for (let i = 0; n < leaves; i++) {
    const symbols = [];
    for (let j = 0; j < 8 && n < leaves; j++, n += 3) symbols.push({ name: `fn_${i}_${j}`, line: j * 10, exported: j % 2 === 0 });
    files.push({ path: `src/module_${i}/index.ts`, symbols });
  }
  return { repo: "acme/web", settings: { strict: true, target: "es2022" }, files };
}

function freezeAll(o) {
  Object.freeze(o);
  for (const v of Object.values(o)) if (v && typeof v === "object" && !Object.isFrozen(v)) freezeAll(v);
  return o;
}

const guard = createGuardSync();
const rows = [];
for (const leaves of [1000, 10000, 100000]) {
  const seconds = leaves >= 100000 ? 2 : 0.6;
  const opts = { seconds };
  // In-place freezers need a fresh object per call; building it is timed separately and subtracted.
  const build = measure(() => context(leaves), opts).p50;
  const inPlace = (fn) => ({ p50: Math.max(0, measure(() => fn(context(leaves)), opts).p50 - build), p99: NaN });
  const ctx = context(leaves);
  const copy = measure(() => guard.freezeContext(ctx), opts);
  const ours = inPlace((c) => guard.deepFreeze(c));
  const dfs = inPlace(deepFreezeStrict);
  const immer = inPlace((c) => immerFreeze(c, true));
  const clone = measure(() => freezeAll(structuredClone(ctx)), opts);
  const hash = measure(() => guard.contextHash(ctx), opts);
  const plain = inPlace(freezeAll);
  const fastest = Math.min(dfs.p50, immer.p50, plain.p50);
  rows.push({ name: `deepFreeze (in place), ${leaves / 1000}k leaves vs the fastest of deep-freeze-strict (${dfs.p50.toFixed(0)} µs), Immer (${immer.p50.toFixed(0)} µs) and a plain recursive Object.freeze (${plain.p50.toFixed(0)} µs) (target ≤ 1.5×)`, ours, theirs: { p50: fastest } });
  rows.push({ name: `freezeContext (copy + freeze), ${leaves / 1000}k leaves vs structuredClone + deep freeze (target ≤ 1.0×)`, ours: copy, theirs: clone });
  rows.push({ name: `contextHash, ${leaves / 1000}k leaves vs structuredClone + deep freeze (target ≤ 1.0×)`, ours: hash, theirs: clone });
}

module.exports = { rows };
if (require.main === module) require("./measure.cjs").table("isolation: freezing and hashing", rows);
