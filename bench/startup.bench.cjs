// Start-up in Node (CommonJS): a fresh process loads the package, instantiates the module and
// creates a guard; then the first input check (which compiles that mode's contract). Median of 7.
const { spawnSync } = require("node:child_process");
const path = require("node:path");

const entry = path.join(__dirname, "..", "dist", "cjs", "node.js");
const liteEntry = path.join(__dirname, "..", "dist", "cjs", "lite-node.js");
const script = `
  const t0 = performance.now();
  const { createGuardSync } = require(${JSON.stringify(entry)});
  const guard = createGuardSync();
  const t1 = performance.now();
  guard.checkTaskInput({ mode: "code", message: "Implement validateEmail in src/utils/validation.ts." });
  const t2 = performance.now();
  guard.checkTaskResult({ mode: "code", result: "Implemented validateEmail." });
  const t3 = performance.now();
  // Another mode's first check: its contract compiled by code that already ran once.
  guard.checkTaskInput({ mode: "architect", message: "Design the email validation module." });
  const t4 = performance.now();
  process.stdout.write(JSON.stringify({ loadMs: t1 - t0, firstInputMs: t2 - t1, firstResultMs: t3 - t2, nextModeInputMs: t4 - t3 }));`;

// The issue-14 figure: a fresh process that only needs a result checked (require, create, check).
const firstResultScript = (from) => `
  const t0 = performance.now();
  const { createGuardSync } = require(${JSON.stringify(from)});
  createGuardSync().checkTaskResult({ mode: "code", result: "Implemented validateEmail." });
  process.stdout.write(JSON.stringify({ totalMs: performance.now() - t0 }));`;

/** Medians for the full and the lite entry, their processes alternating. */
function firstResult(runs = 7) {
  const samples = { full: [], lite: [] };
  for (let i = 0; i < runs; i++) {
    for (const [k, from] of [["full", entry], ["lite", liteEntry]]) {
      const r = spawnSync(process.execPath, ["-e", firstResultScript(from)], { encoding: "utf8" });
      if (r.status !== 0) throw new Error(r.stderr);
      samples[k].push(JSON.parse(r.stdout).totalMs);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(runs / 2)];
  return { full: median(samples.full), lite: median(samples.lite) };
}

function startup(runs = 7) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const r = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(r.stderr);
    samples.push(JSON.parse(r.stdout));
  }
  const median = (k) => samples.map((s) => s[k]).sort((a, b) => a - b)[Math.floor(runs / 2)];
  const first = firstResult(runs);
  return { loadMs: median("loadMs"), firstInputMs: median("firstInputMs"), firstResultMs: median("firstResultMs"), nextModeInputMs: median("nextModeInputMs"), toFirstResultMs: first.full, liteToFirstResultMs: first.lite };
}

module.exports = { startup };
if (require.main === module) console.log(startup());
