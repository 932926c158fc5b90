// A/B of scoreDrift between two builds in one process, on the pairs bench/drift.bench.cjs times
// (the seed's Example 1B and 2A): batches alternate, so a busy phase of the machine falls on
// both. Each folder holds a build's dist/ and pkg/ (copy them aside before rebuilding). Also
// checks that both builds give the same reports.
//
//   node bench/drift-ab.cjs DIR_A DIR_B [rounds=60]
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const [dirA, dirB, roundsArg] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error("usage: node bench/drift-ab.cjs DIR_A DIR_B [rounds]");
const rounds = Number(roundsArg ?? 60);
const fixture = (f) => fs.readFileSync(path.join(__dirname, "..", "tests", "fixtures", "seed000", f), "utf8");
const pairs = [
  [fixture("ex1_instructions.md"), fixture("ex1_b.js")],
  [fixture("ex2_instructions.md"), fixture("ex2_a.txt")],
];
const bytes = pairs.reduce((n, [i, r]) => n + i.length + r.length, 0);
const guards = [dirA, dirB].map((d) => require(path.resolve(d, "dist", "cjs", "node.js")).createGuardSync());
for (const [i, r] of pairs) {
  const [a, b] = guards.map((g) => JSON.stringify(g.scoreDrift(i, r)));
  if (a !== b) throw new Error("the two builds report differently on a seed pair");
}
const samples = guards.map(() => []);
for (let k = 0; k < rounds; k++) {
  guards.forEach((g, j) => {
    const t = performance.now();
    for (let n = 0; n < 20; n++) for (const [i, r] of pairs) g.scoreDrift(i, r);
    samples[j].push((performance.now() - t) / 20);
  });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const [a, b] = samples.map(median);
const mbs = (ms) => (bytes / ms / 1000).toFixed(2);
console.log(`scoreDrift, ${bytes} bytes per round, medians of ${rounds} alternating batches: A ${a.toFixed(3)} ms (${mbs(a)} MB/s), B ${b.toFixed(3)} ms (${mbs(b)} MB/s), B/A ${(b / a).toFixed(2)}×`);
