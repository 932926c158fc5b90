// The verifier's own overhead (seed 000 §3.7): verify() with a judge that answers at once, and
// verify() with the judge off, each against the keyword stage alone (scoreDrift) on the same
// texts. Also: concurrent verify() calls with a slow judge overlap instead of queueing.
const fs = require("node:fs");
const path = require("node:path");
const { createGuardSync } = require("../dist/cjs/node.js");

const fixtures = path.join(__dirname, "..", "tests", "fixtures", "seed000");
const read = (f) => fs.readFileSync(path.join(fixtures, f), "utf8");
const instructions = read("ex1_instructions.md");
const result = read("ex1_b.js");

async function measureAsync(fn, { seconds = 0.6 } = {}) {
  for (let i = 0; i < 100; i++) await fn(i);
  const samples = [];
  let k = 0;
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end || samples.length < 50) {
    const t0 = process.hrtime.bigint();
    for (let b = 0; b < 10; b++) await fn(k++);
    samples.push(Number(process.hrtime.bigint() - t0) / 10 / 1000);
  }
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { p50: at(0.5), p99: at(0.99), samples: samples.length };
}

async function run() {
  const judged = createGuardSync({ judge: { mode: "always" } });
  judged.setJudge(() => '{"alignment": 2, "explanation": "Output is a class, not a single function."}');
  const keywordOnly = createGuardSync({ judge: { mode: "never" } });
  // A distinct result per call, so the verdict cache never answers for the judge.
  const text = (k) => `${result}\n// ${k}`;
  const keyword = await measureAsync(async (k) => judged.scoreDrift(instructions, text(k)));
  const never = await measureAsync((k) => keywordOnly.verify({ parentInstructions: instructions, childOutput: text(k) }));
  const instant = await measureAsync((k) => judged.verify({ parentInstructions: instructions, childOutput: text(k) }));

  // 50 verifications whose judge takes 20 ms each: overlapping, they take ~20 ms, not ~1 s.
  const slow = createGuardSync({ judge: { mode: "always" } });
  slow.setJudge(() => new Promise((r) => setTimeout(() => r("Overall Alignment Score: 3"), 20)));
  const t0 = process.hrtime.bigint();
  await Promise.all(Array.from({ length: 50 }, (_, k) => slow.verify({ parentInstructions: instructions, childOutput: text(k) })));
  const concurrentMs = Number(process.hrtime.bigint() - t0) / 1e6;

  const rows = [
    { name: "verify, judge off, vs scoreDrift alone", ours: never, theirs: keyword },
    { name: "verify, judge answering at once, vs scoreDrift alone", ours: instant, theirs: keyword },
  ];
  return { rows, concurrentMs };
}

module.exports = { run };
if (require.main === module) {
  run().then(({ rows, concurrentMs }) => {
    require("./measure.cjs").table("verifier overhead over the keyword stage", rows);
    console.log(`50 concurrent verify() calls, judge 20 ms each: ${concurrentMs.toFixed(1)} ms in all`);
  });
}
