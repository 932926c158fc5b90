// Drift scoring against a JS keyword pipeline (natural's WordTokenizer + its English stop
// words + PorterStemmer + Jaccard) on the same texts, in one process. The guard does far more
// per call (identifiers, checklist, constraints, modality, weights); the ratio is reported with
// throughput in MB/s of scored text.
const fs = require("node:fs");
const path = require("node:path");
const { naturalJaccard } = require("./natural.cjs");
const { createGuardSync } = require("../dist/cjs/node.js");
const { measureTogether } = require("./measure.cjs");

const fixtures = path.join(__dirname, "..", "tests", "fixtures", "seed000");
const read = (f) => fs.readFileSync(path.join(fixtures, f), "utf8");
const pairs = [
  [read("ex1_instructions.md"), read("ex1_b.js")],
  [read("ex2_instructions.md"), read("ex2_a.txt")],
];
const bytes = pairs.reduce((n, [i, r]) => n + Buffer.byteLength(i) + Buffer.byteLength(r), 0);

const guard = createGuardSync();
const [ours, theirs] = measureTogether([() => pairs.forEach(([i, r]) => guard.scoreDrift(i, r)), () => pairs.forEach(([i, r]) => naturalJaccard(i, r))]);
const mbps = (m) => (bytes / (m.p50 / 1e6) / 1e6).toFixed(1);

// Flat memory across 100k calls: wasm linear memory before and after.
const glue = require("../pkg/boomerang_guard.js"); // the same module instance the guard uses
const memBefore = glue.wasmMemoryBytes();
for (let k = 0; k < 100000; k++) guard.scoreDrift(pairs[k % 2][0], pairs[k % 2][1]);
const memAfter = glue.wasmMemoryBytes();

const rows = [
  { name: `scoreDrift on the seed's examples (${bytes} bytes per round): ${mbps(ours)} MB/s vs natural ${mbps(theirs)} MB/s`, ours, theirs },
];
module.exports = { rows, memory: { before: memBefore, after: memAfter } };
if (require.main === module) {
  require("./measure.cjs").table("drift: boomerang-guard vs natural (tokenizer + stop words + Porter + Jaccard)", rows);
  console.log(`wasm memory over 100k calls: ${memBefore} -> ${memAfter} bytes`);
}
