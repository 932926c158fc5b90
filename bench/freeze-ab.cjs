// A/B of context hashing (or freezeContext/deepFreeze) between two builds in one process, beside
// structuredClone + a deep freeze: calls alternate, so a busy phase of the machine falls on all
// three. Each folder holds a build's dist/ and pkg/ (copy them aside before rebuilding).
//
//   node bench/freeze-ab.cjs DIR_A DIR_B [contextHash|freezeContext]
"use strict";
const path = require("node:path");
const { context, freezeAll } = require("./payloads.cjs");
const [dirA, dirB, what = "contextHash"] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error("usage: node bench/freeze-ab.cjs DIR_A DIR_B [contextHash|freezeContext]");
const load = (dir) => require(path.resolve(dir, "dist", "cjs", "node.js")).createGuardSync();
const [A, B] = [load(dirA), load(dirB)];

for (const leaves of [1000, 10000, 100000]) {
  const ctx = context(leaves);
  if (A.contextHash(ctx) !== B.contextHash(ctx)) throw new Error("the two builds hash this context differently");
  const rounds = leaves >= 100000 ? 31 : leaves >= 10000 ? 201 : 1001;
  const fns = { A: () => A[what](ctx), B: () => B[what](ctx), clone: () => freezeAll(structuredClone(ctx)) };
  for (let i = 0; i < 20; i++) for (const f of Object.values(fns)) f();
  const times = { A: [], B: [], clone: [] };
  for (let i = 0; i < rounds; i++) {
    for (const [k, f] of Object.entries(fns)) {
      const start = performance.now();
      f();
      times[k].push(performance.now() - start);
    }
  }
  const p50 = (k) => times[k].sort((x, y) => x - y)[rounds >> 1];
  console.log(`${what}, ${leaves / 1000}k leaves: A ${(p50("A") / p50("clone")).toFixed(3)}×, B ${(p50("B") / p50("clone")).toFixed(3)}× structuredClone + freeze (${(p50("clone") * 1000).toFixed(0)} µs); B/A ${(p50("B") / p50("A")).toFixed(3)}`);
}
