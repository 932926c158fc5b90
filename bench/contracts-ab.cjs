// A/B of the small contract checks between two builds in one Node process, beside the JS
// alternative (Ajv + sanitizer for inputs, Ajv alone for the 20-file result): the three are
// timed in alternating batches, so the ratios hold on a busy machine. Each folder holds a
// build's dist/ and pkg/ (copy them aside before rebuilding).
//
//   node bench/contracts-ab.cjs DIR_OLD DIR_NEW
"use strict";
const path = require("node:path");
const { measureTogether } = require("./measure.cjs");
const { input, structuredResult } = require("./payloads.cjs");
const { ajvCheckInput, ajvOnlyResult } = require("./ajv.cjs");

const [a = ".", b = "."] = process.argv.slice(2);
const guardOf = (dir) => require(path.join(path.resolve(dir), "dist", "cjs", "node.js")).createGuardSync();
const [oldGuard, newGuard] = [guardOf(a), guardOf(b)];
const p = input(1000);
const strings = { message: p.message, todos: p.todos };
const result = structuredResult(20);
const cases = [
  ["input 1 KB, context object", (g) => g.checkTaskInput({ mode: "code", ...p }), () => ajvCheckInput(p)],
  ["input 1 KB, string fields", (g) => g.checkTaskInput({ mode: "code", ...strings }), () => ajvCheckInput(strings)],
  ["input, one-character message", (g) => g.checkTaskInput({ mode: "code", message: "x" }), () => ajvCheckInput({ message: "x" })],
  ["result, 20 files (vs Ajv alone)", (g) => g.checkTaskResult({ mode: "code", result }), () => ajvOnlyResult(result)],
];
console.log("| case | old | new | JS | new/old | old/JS | new/JS |");
console.log("|---|---|---|---|---|---|---|");
for (const [name, ours, theirs] of cases) {
  const [o, n, t] = measureTogether([() => ours(oldGuard), () => ours(newGuard), theirs], { seconds: 0.4 });
  const f = (x) => `${x.toFixed(2)} µs`;
  console.log(`| ${name} | ${f(o.p50)} | ${f(n.p50)} | ${f(t.p50)} | ${(n.p50 / o.p50).toFixed(2)} | ${(o.p50 / t.p50).toFixed(2)}× | ${(n.p50 / t.p50).toFixed(2)}× |`);
}
