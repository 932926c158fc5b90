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
for (const [title, file] of suites) {
  const { rows } = require(file);
  table(title, rows);
  results.suites[title] = rows.map((r) => ({ case: r.name, oursP50Us: r.ours.p50, oursP99Us: r.ours.p99, theirsP50Us: r.theirs?.p50 ?? null, ratio: r.theirs ? r.ours.p50 / r.theirs.p50 : null }));
}
results.driftMemory = require("./drift.bench.cjs").memory;
console.log(`\nwasm memory across 100k scoreDrift calls: ${results.driftMemory.before} -> ${results.driftMemory.after} bytes`);
fs.writeFileSync(path.join(__dirname, "results.json"), JSON.stringify(results, null, 2));
console.log(`\n${results.machine}; ${results.date}; written to bench/results.json`);
