// Two jobs for scripts/profile-drift.sh: with a package folder, run scoreDrift on the seed's
// examples in a loop (under `node --cpu-prof`); with --summary and a .cpuprofile, print the
// functions with the most self time and the boomerang_guard functions with the most inclusive
// time (inlined callees count in their caller).
"use strict";
const fs = require("node:fs");
const path = require("node:path");

function run(pkgDir, rounds) {
  const { createGuardSync } = require(path.resolve(pkgDir, "dist", "cjs", "node.js"));
  const fixtures = path.join(__dirname, "..", "tests", "fixtures", "seed000");
  const read = (f) => fs.readFileSync(path.join(fixtures, f), "utf8");
  const pairs = [
    [read("ex1_instructions.md"), read("ex1_b.js")],
    [read("ex2_instructions.md"), read("ex2_a.txt")],
  ];
  const guard = createGuardSync();
  for (let k = 0; k < rounds; k++) for (const [i, r] of pairs) guard.scoreDrift(i, r);
}

function summary(file) {
  const p = JSON.parse(fs.readFileSync(file, "utf8"));
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of p.nodes) for (const c of n.children || []) parent.set(c, n.id);
  const name = (id) => byId.get(id).callFrame.functionName.replace(/::h[0-9a-f]{16}$/, "") || "(anonymous)";
  const self = new Map();
  p.samples.forEach((s, i) => self.set(s, (self.get(s) || 0) + p.timeDeltas[i]));
  let total = 0;
  const selfByName = new Map();
  const inclusive = new Map();
  for (const [id, t] of self) {
    total += t;
    selfByName.set(name(id), (selfByName.get(name(id)) || 0) + t);
    const seen = new Set();
    for (let c = id; c !== undefined; c = parent.get(c)) {
      const n = name(c);
      if (seen.has(n)) continue;
      seen.add(n);
      inclusive.set(n, (inclusive.get(n) || 0) + t);
    }
  }
  const show = (title, m, keep) => {
    console.log(`\n${title}`);
    [...m].filter(([k]) => keep(k)).sort((a, b) => b[1] - a[1]).slice(0, 25)
      .forEach(([k, v]) => console.log(`${((100 * v) / total).toFixed(1).padStart(5)} %  ${k.slice(0, 120)}`));
  };
  show("self time", selfByName, () => true);
  show("inclusive time, boomerang_guard functions", inclusive, (k) => k.includes("boomerang_guard"));
}

if (process.argv[2] === "--summary") summary(process.argv[3]);
else run(process.argv[2], Number(process.argv[3] || 6000));
