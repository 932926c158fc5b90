// A/B of start-up between two builds: a fresh Node process per sample requires the package,
// creates a guard and checks one result; the two builds alternate so that a busy machine slows
// both alike. Each folder holds a build's dist/ and pkg/ (copy them aside before rebuilding);
// `DIR#lite-node.js` takes another CommonJS entry of dist/cjs (the lite module against the full
// one: `node bench/startup-ab.cjs . .#lite-node.js`).
//
//   node bench/startup-ab.cjs DIR_A DIR_B [runs=21]
"use strict";
const { spawnSync } = require("node:child_process");
const path = require("node:path");

const script = (arg) => {
  const [dir, entry = "node.js"] = arg.split("#");
  return `
  const t0 = performance.now();
  const { createGuardSync } = require(${JSON.stringify(path.join(path.resolve(dir), "dist", "cjs", entry))});
  createGuardSync().checkTaskResult({ mode: "code", result: "Implemented validateEmail." });
  process.stdout.write(String(performance.now() - t0));`;
};

function sample(dir) {
  const r = spawnSync(process.execPath, ["-e", script(dir)], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(r.stderr);
  return Number(r.stdout);
}

const [a, b, n = "21"] = process.argv.slice(2);
if (!a || !b) {
  console.error("usage: node bench/startup-ab.cjs DIR_A DIR_B [runs]");
  process.exit(2);
}
const runs = Number(n);
const sa = [];
const sb = [];
for (let i = 0; i < runs; i++) {
  sa.push(sample(a));
  sb.push(sample(b));
}
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const [ma, mb] = [median(sa), median(sb)];
console.log(`fresh process to first result check, medians of ${runs} alternating runs: A ${ma.toFixed(1)} ms, B ${mb.toFixed(1)} ms, B/A ${(mb / ma).toFixed(2)}×`);
