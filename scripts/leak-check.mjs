// Lists phrases written in the drift scorer's sources (string literals of two or more words)
// that occur in the labelled evaluation data: a rule copied from an evaluation pair. Exit 1 when
// any is found. usage: node scripts/leak-check.mjs [eval files...] (default: ../shared/eval/*.jsonl)
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const evalDir = join(root, "..", "shared", "eval");
const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : existsSync(evalDir)
    ? readdirSync(evalDir).filter((f) => f.endsWith(".jsonl") && !f.includes(".meta")).map((f) => join(evalDir, f))
    : [];
if (files.length === 0) {
  console.log("leak-check: no evaluation data found; nothing to compare");
  process.exit(0);
}
const norm = (s) => ` ${s.toLowerCase().replace(/\s+/g, " ").trim()} `;
// Per file: the outputs and the instructions, as one normalised text each.
const corpus = [];
for (const f of files) {
  for (const line of readFileSync(f, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const p = JSON.parse(line);
    const outs = [p.output_a, p.output_b, p.response].filter((x) => typeof x === "string");
    const ins = [p.instruction, p.prompt].filter((x) => typeof x === "string");
    corpus.push({ file: f.split("/").pop(), id: p.id ?? p.key, outs: outs.map(norm), ins: ins.map(norm) });
  }
}
// How often a phrase occurs in ordinary text is unknown here; a phrase that occurs in only a
// few pairs (and not across many) is what a copied rule looks like.
const driftDir = join(root, "src", "drift");
const found = [];
for (const f of readdirSync(driftDir, { recursive: true }).filter((x) => String(x).endsWith(".rs"))) {
  const text = readFileSync(join(driftDir, String(f)), "utf8");
  for (const m of text.matchAll(/"((?:[^"\\]|\\.){6,80})"/g)) {
    const phrase = m[1].replace(/\\n/g, " ").trim();
    if (!/^[a-z][a-z' -]*[a-z]$/i.test(phrase) || phrase.split(/\s+/).length < 2) continue;
    const needle = norm(phrase);
    const hits = corpus.filter((c) => c.outs.some((o) => o.includes(needle)) || c.ins.some((o) => o.includes(needle)));
    if (hits.length > 0 && hits.length <= 3) {
      found.push({ file: `src/drift/${f}`, phrase, pairs: hits.map((h) => `${h.file}:${h.id}`) });
    }
  }
}
for (const x of found) console.log(`${x.file}: "${x.phrase}" occurs only in ${x.pairs.join(", ")}`);
console.log(`leak-check: ${found.length} phrase(s) that occur in 1-3 evaluation items`);
process.exit(found.length ? 1 : 0);
