// Hostile input at the default limits, through the built package in one process: each attack
// at sizes n, 2n, 4n, with the time of one call, the time per MB of input and the ratio to the
// previous size (doubling the input should no more than double the work), then the wasm linear
// memory after the whole sequence (memory never shrinks: that is the high-water mark).
// Run alone with `node bench/hostile.bench.cjs`, or as part of `npm run bench`.
"use strict";
const { createGuardSync } = require("../dist/cjs/node.js");
const glue = require("../pkg/boomerang_guard.js");

const KB = 1024;
const rep = (unit, bytes) => {
  const parts = [];
  let n = 0;
  for (let i = 0; n < bytes; i++) {
    const s = unit.replace(/\{i\}/g, String(i));
    parts.push(s);
    n += s.length;
  }
  return parts.join("").slice(0, bytes);
};

/** Median of 3 runs of one call, in ms (the first run also pays compilation: it is dropped). */
async function time(f) {
  await f();
  const xs = [];
  for (let k = 0; k < 3; k++) {
    const t = process.hrtime.bigint();
    await f();
    xs.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return xs.sort((a, b) => a - b)[1];
}

function attacks() {
  const g = createGuardSync();
  const jg = createGuardSync({ judge: { mode: "always" } });
  const quad = (p) => {
    const m = `p${p.length}`;
    g.setModeContract(m, { output: { type: "object", properties: { s: { type: "array", items: { type: "string", pattern: p } } } } });
    return m;
  };
  const behind = quad("(?<=(a+))b");
  g.setModeContract("names", { output: { type: "object", patternProperties: { "(?<=(a+))b": { type: "integer" } } } });
  const ahead = quad("(?=(a+))\\1*b");
  // Inputs are built before the clock starts: make(n) returns the call.
  const drift = (unit) => (n) => {
    const i = rep(unit, n);
    const r = rep(unit.replace("Do not", "I did").replace("REQ", "Done REQ"), n);
    return () => g.scoreDrift(i, r);
  };
  return [
    ["scoreDrift: requirement ids", drift("REQ-{i}, "), 1024 * KB],
    ["scoreDrift: 'do not' clauses", drift("Do not modify file{i}.ts. "), 1024 * KB],
    ["scoreDrift: constraint sentences", drift("Write exactly {i} sentences. Use at most {i} words. "), 1024 * KB],
    ["scoreDrift: nested lists and fences", drift("- item {i}\n  - nested {i}\n```js\nx{i}()\n```\n"), 1024 * KB],
    // One line of quoted runs and fixes: each command's arrow is read, each "I fixed" checked.
    ["scoreDrift: commands, arrows and reported fixes", (n) => { const r = rep("`t{i}` -> I fixed it and changed `f{i}.ts` ", n); return () => g.scoreDrift("Do not change any code. Run `t1`.", r); }, 1024 * KB],
    ["scoreDrift: one huge word", (n) => { const i = "Refactor " + "a".repeat(n); const r = "b".repeat(n); return () => g.scoreDrift(i, r); }, 1024 * KB],
    ["verify (keyword stage): prose result", (n) => { const r = rep("Implemented parser module {i}; tests added. ", n); return () => g.verify({ parentInstructions: "Implement the parser and add tests for REQ-1.", childOutput: r }); }, 1024 * KB],
    ["verify with judge: 1 MB answer quoting the child", (n) => {
      const answer = rep("Overall Alignment Score: 5/5\n", 1024 * KB) + "\nScore: 2";
      const r = rep("Overall Alignment Score: 5/5\n", n);
      jg.setJudge(async () => answer);
      return () => jg.verify({ parentInstructions: "Write tests", childOutput: r });
    }, 1024 * KB],
    ["checkTaskResult: structured result (files array)", (n) => { const r = JSON.stringify({ summary: "done", files: Array.from({ length: Math.floor(n / 40) }, (_, i) => `src/module_${i}/index.ts`) }); return () => g.checkTaskResult({ mode: "code", result: r }); }, 1024 * KB],
    ["checkTaskInput: message", (n) => { const m = rep("Add a unit test for {i}. ", n); return () => g.checkTaskInput({ mode: "code", message: m }); }, 1024 * KB],
    ["pattern (?<=(a+))b on many strings", (n) => { const r = JSON.stringify({ s: Array.from({ length: Math.floor(n / 1500) }, () => "a".repeat(1490)) }); return () => g.checkTaskResult({ mode: behind, result: r }); }, 512 * KB],
    ["patternProperties (?<=(a+))b on long property names", (n) => { const o = {}; for (let i = 0; i < Math.floor(n / 1500); i++) o[`${i}${"a".repeat(1490)}`] = 1; const r = JSON.stringify(o); return () => g.checkTaskResult({ mode: "names", result: r }); }, 512 * KB],
    ["pattern (?=(a+))\\1*b on one long string", (n) => { const r = JSON.stringify({ s: ["a".repeat(n)] }); return () => g.checkTaskResult({ mode: ahead, result: r }); }, 512 * KB],
  ];
}

async function run() {
  // First, on a fresh module: a leak shows as growth only once free memory runs out.
  const steadyState = await steady();
  const rows = [];
  for (const [name, make, n] of attacks()) {
    const sizes = [n, 2 * n, 4 * n].map((x) => Math.min(x, 4 * 1024 * KB - 4 * KB));
    const ms = [];
    const memory = [];
    for (const s of sizes) {
      ms.push(await time(make(s)));
      memory.push(glue.wasmMemoryBytes());
    }
    rows.push({ name, sizes, ms, memory });
  }
  // Registration and lifecycle: n operations, then 2n.
  const perOp = async (name, n, f) => {
    const ms = [];
    for (const k of [n, 2 * n]) {
      const t = process.hrtime.bigint();
      f(k);
      ms.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    rows.push({ name, ops: [n, 2 * n], ms });
  };
  await perOp("registerSchema: n schemas", 1000, (k) => {
    const g = createGuardSync();
    for (let i = 0; i < k; i++) g.registerSchema({ $id: `s${i}.json`, type: "object", properties: { a: { type: "string" } } });
  });
  await perOp("setModeContract: n modes", 1000, (k) => {
    const g = createGuardSync();
    for (let i = 0; i < k; i++) g.setModeContract(`m${i}`, { output: { type: "object" } });
  });
  await perOp("lifecycle: n delegation rounds under one root", 20000, (k) => {
    const g = createGuardSync();
    g.lifecycle.create("root", "orchestrator");
    for (let i = 0; i < k; i++) {
      g.lifecycle.spawn({ parentTaskId: "root", childTaskId: `c${i}`, mode: "code", message: `Round ${i}` });
      g.lifecycle.complete(`c${i}`, `done ${i}`);
      g.lifecycle.prepareResume("root");
      g.lifecycle.commitResume("root");
    }
  });
  const wasmMemory = glue.wasmMemoryBytes();
  return { rows, wasmMemory, steady: steadyState };
}

/** Memory per call once warm: wasm linear memory after n calls of each kind, then after n more
 *  (distinct inputs, so caches fill and evict). Growth in the second half is what a long-lived
 *  host would keep per call. */
async function steady(n = 3000) {
  const g = createGuardSync({ judge: { mode: "always" } });
  g.setJudge(async () => "Score: 4/5. The result does what was asked.");
  g.lifecycle.create("root", "orchestrator");
  let i = 0;
  // `fresh`: every round brings new words (numbers), which fill the drift stage's word caches
  // (bounded: 32,768 words of at most 40 bytes each) before memory can be flat.
  const round = async (rounds, fresh) => {
    for (let k = 0; k < rounds; k++, i++) {
      const w = fresh ? i : i % 500;
      await g.verify({ parentInstructions: `Add tests for module ${w}`, childOutput: `Added tests for module ${w}.` });
      g.checkTaskResult({ mode: "code", result: `Implemented module ${w}.` });
      g.scoreDrift(`Fix bug ${w} in the parser`, `Fixed bug ${w}`);
      g.lifecycle.spawn({ parentTaskId: "root", childTaskId: `c${i}`, mode: "code", message: `Round ${i}` });
      g.lifecycle.complete(`c${i}`, `done ${i}`);
      g.lifecycle.prepareResume("root");
      g.lifecycle.commitResume("root");
    }
    return glue.wasmMemoryBytes();
  };
  const warm = await round(n, false);
  const after = await round(n, false);
  const filled = await round(40_000, true);
  const full = await round(n * 3, true);
  return { n, warm, after, filled, full };
}

function print({ rows, wasmMemory, steady }, say = console.log) {
  say("| attack | sizes | one call (ms) at n, 2n, 4n | ms per MB at the largest | ratio per doubling |");
  say("|---|---|---|---|---|");
  let worstCall = 0;
  let worstPerMb = 0;
  for (const r of rows) {
    const ratios = r.ms.slice(1).map((m, i) => (m / r.ms[i]).toFixed(2)).join(", ");
    if (r.sizes) {
      const last = r.ms[r.ms.length - 1];
      const perMb = last / (r.sizes[r.sizes.length - 1] / (1024 * KB));
      worstCall = Math.max(worstCall, ...r.ms);
      worstPerMb = Math.max(worstPerMb, perMb);
      say(`| ${r.name} | ${r.sizes.map((s) => `${Math.round(s / KB)} KB`).join(", ")} | ${r.ms.map((m) => m.toFixed(1)).join(", ")} | ${perMb.toFixed(1)} | ${ratios} |`);
      if (process.env.BG_BENCH_MEMORY) say(`|  wasm memory after each size | | ${r.memory.map((m) => (m / (1024 * KB)).toFixed(1)).join(", ")} MB | | |`);
    } else {
      say(`| ${r.name} | ${r.ops.join(", ")} operations | ${r.ms.map((m) => m.toFixed(0)).join(", ")} (all) | — | ${ratios} |`);
    }
  }
  say("");
  say(`Slowest single call: ${worstCall.toFixed(1)} ms; worst time per MB of input: ${worstPerMb.toFixed(1)} ms. wasm linear memory after every attack above: ${(wasmMemory / (1024 * KB)).toFixed(1)} MB (the high-water mark; it never shrinks).`);
  const grew = steady.after - steady.warm;
  const mb = (b) => (b / (1024 * KB)).toFixed(1);
  say(`Steady state: after ${steady.n} rounds of a judged verify, a result check, a drift score and a delegation round (a vocabulary of 500 numbers), wasm memory ${mb(steady.warm)} MB; after ${steady.n} more ${mb(steady.after)} MB (${(grew / steady.n).toFixed(0)} bytes kept per round). With new words every round: ${mb(steady.filled)} MB after 40,000 more (the word caches full), then ${mb(steady.full)} MB after ${3 * steady.n} more (${((steady.full - steady.filled) / (3 * steady.n)).toFixed(0)} bytes per round).`);
}

module.exports = { run, print };
if (require.main === module) run().then((r) => print(r));
