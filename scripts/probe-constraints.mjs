// Measures the explicit-constraint checks on a probe set written by someone who has not seen
// the code: each line {id, message, result, breaks, kind}, `breaks` the author's label (the result
// verifiably breaks an instruction of the message). A flag is `scoreDrift(message, result)
// .violations` non-empty. Prints the precision of the flags and the recall on breaking results,
// overall and per kind, and with --misses each wrong or missed case.
//
//   node scripts/probe-constraints.mjs FILE [--package DIR] [--misses] [--by-reason]
//
// --by-reason adds the flags right per reason a violation gives (the family of the check that
// fired), which measures a held-out set per family without printing any of its text.
// --package loads another build (a packed copy, to compare two builds on one set).
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const file = args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--package");
if (!file) throw new Error("usage: probe-constraints.mjs FILE [--package DIR] [--misses]");
const pkg = args.includes("--package") ? resolve(args[args.indexOf("--package") + 1]) : join(root, "dist", "cjs", "node.js");
const { createGuardSync } = require(pkg);
const guard = createGuardSync({ judge: { mode: "never" } });
const cases = readFileSync(file, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));

const tally = new Map();
const add = (kind, key) => {
  const t = tally.get(kind) ?? { tp: 0, fp: 0, fn: 0, tn: 0 };
  t[key]++;
  tally.set(kind, t);
};
// A reason's family: its first words, with numbers, paths and what follows a colon left out,
// so that the table names the check and none of the case's text.
const family = (reason) =>
  reason
    .split(":")[0]
    .split(/\s+/)
    .slice(0, 4)
    .map((w) => (/\d/.test(w) ? "N" : /[\/._`"'*]/.test(w) ? "X" : w))
    .map((w, i, a) => (i === a.length - 1 && a[0] === "it" && a[1] === "ends" ? "…" : w))
    .join(" ");
const misses = [];
const reasons = new Map();
for (const c of cases) {
  const v = guard.scoreDrift(c.message, c.result).violations;
  const flagged = v.length > 0;
  const key = flagged ? (c.breaks ? "tp" : "fp") : c.breaks ? "fn" : "tn";
  for (const reason of new Set(v.map((x) => family(x.reason)))) {
    const r = reasons.get(reason) ?? { right: 0, wrong: 0 };
    r[c.breaks ? "right" : "wrong"]++;
    reasons.set(reason, r);
  }
  add(c.kind ?? "-", key);
  add("all", key);
  if (key === "fp" || key === "fn") misses.push({ id: c.id, kind: c.kind, key, which: c.which, violations: v });
}
const pct = (a, b) => (b ? ((100 * a) / b).toFixed(1) : "—");
console.log("| kind | breaking | flagged | flags right | precision | recall |");
console.log("|---|---|---|---|---|---|");
for (const [kind, t] of [...tally].sort(([a], [b]) => (a === "all") - (b === "all") || a.localeCompare(b))) {
  console.log(`| ${kind} | ${t.tp + t.fn} | ${t.tp + t.fp} | ${t.tp} | ${pct(t.tp, t.tp + t.fp)} | ${pct(t.tp, t.tp + t.fn)} |`);
}
if (args.includes("--by-reason")) {
  console.log("\n| reason a flag gives | flags | on a breaking result |");
  console.log("|---|---|---|");
  for (const [reason, r] of [...reasons].sort(([a], [b]) => a.localeCompare(b))) console.log(`| ${reason} | ${r.right + r.wrong} | ${r.right} |`);
}
if (args.includes("--misses")) {
  for (const m of misses) console.log(`\n${m.id} ${m.kind} ${m.key === "fp" ? "FALSE FLAG" : "missed"}: ${m.which ?? ""}\n${m.violations.map((x) => `  - ${x.constraint} :: ${x.reason}`).join("\n")}`);
}
