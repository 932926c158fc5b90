// Runs every benchmark suite in one Node process, prints a Markdown table per suite and writes
// bench/results.json (with the date and machine) for the README.
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { table } = require("./measure.cjs");

const suites = [
  ["contracts: boomerang-guard vs Ajv + JS sanitizer", "./contracts.bench.cjs"],
  ["isolation: freezing and hashing", "./freeze.bench.cjs"],
  ["lifecycle", "./lifecycle.bench.cjs"],
  ["drift: boomerang-guard vs natural (tokenizer + stop words + Porter + Jaccard)", "./drift.bench.cjs"],
];
const results = {
  date: new Date().toISOString(),
  machine: `${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, Node ${process.version}`,
  suites: {},
};
const record = (title, rows) => {
  table(title, rows);
  results.suites[title] = rows.map((r) => ({ case: r.name, oursP50Us: r.ours.p50, oursP99Us: r.ours.p99, theirsP50Us: r.theirs?.p50 ?? null, ratio: r.theirs ? r.ours.p50 / r.theirs.p50 : null }));
};
async function main() {
  for (const [title, file] of suites) record(title, require(file).rows);
  results.driftMemory = require("./drift.bench.cjs").memory;
  console.log(`\nwasm memory across 100k scoreDrift calls: ${results.driftMemory.before} -> ${results.driftMemory.after} bytes`);
  const verify = await require("./verify.bench.cjs").run();
  record("verifier overhead over the keyword stage (seed Example 1B)", verify.rows);
  results.verifyConcurrentMs = verify.concurrentMs;
  console.log(`50 concurrent verify() calls whose judge takes 20 ms each: ${verify.concurrentMs.toFixed(1)} ms in all`);
  fs.writeFileSync(path.join(__dirname, "results.json"), JSON.stringify(results, null, 2));
  console.log(`\n${results.machine}; ${results.date}; written to bench/results.json`);
}
main();
