// Finds text copied from the labelled evaluation data into the project's code, tests or docs:
// any run of N words (default 6) of a source file that also occurs in an instruction or a result
// of ../shared/eval. The drift stage must not learn from the pairs it is measured on (issue 13),
// and a test that quotes a pair measures nothing new.
//
//   node scripts/phrase-audit.mjs [--words N]      exit 1 when a copy is found
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const evalDir = join(root, "..", "shared", "eval");
const args = process.argv.slice(2);
const N = args.includes("--words") ? Number(args[args.indexOf("--words") + 1]) : 6;
const FILES = ["orchestrator_train.jsonl", "orchestrator_dev.jsonl", "llmbar_casestudy.jsonl"];
// Runs that are idioms of a programming language or of English, in files outside the drift
// stage, reviewed one by one: they say nothing about any pair.
const ALLOWED = new Map([
  ["src/error.rs", ["result t std result result t"]], // Rust: `Result<T> = std::result::Result<T, …>`
  ["bench/verify.bench.cjs", ["await promise all array from length"]], // JS idiom
  ["scripts/make-example-tasks.cjs", ["find the root cause of the", "429 with a retry after header"]],
]);

const words = (text) => text.toLowerCase().match(/[a-z0-9]+(?:['’][a-z]+)?/g) ?? [];
const windows = new Map();
for (const f of FILES) {
  const path = join(evalDir, f);
  if (!existsSync(path)) {
    console.error(`phrase-audit: ${path} is missing; nothing to compare with`);
    process.exit(0);
  }
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const p = JSON.parse(line);
    for (const field of ["instruction", "output_a", "output_b"]) {
      const ws = words(p[field]);
      for (let i = 0; i + N <= ws.length; i++) {
        const key = ws.slice(i, i + N).join(" ");
        if (!windows.has(key)) windows.set(key, p.id);
      }
    }
  }
}
const SCAN = ["src", "tests", "ts-wrapper/src", "bin", "scripts", "bench", "examples"];
const EXT = /\.(rs|ts|mts|cts|cjs|mjs|js|txt|md)$/;
const SKIP = /(^|\/)(generated|node_modules)\//;
const found = [];
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const rel = relative(root, path);
    if (SKIP.test(rel + "/") || rel === "scripts/phrase-audit.mjs") continue;
    if (statSync(path).isDirectory()) walk(path);
    else if (EXT.test(name) && !name.endsWith("background.txt") && !name.endsWith("stopwords.txt")) {
      const ws = words(readFileSync(path, "utf8"));
      for (let i = 0; i + N <= ws.length; i++) {
        const key = ws.slice(i, i + N).join(" ");
        if (windows.has(key) && !(ALLOWED.get(rel) ?? []).includes(key)) {
          found.push(`${rel}: "${key}" (${windows.get(key)})`);
          i += N - 1;
        }
      }
    }
  }
}
for (const d of SCAN) if (existsSync(join(root, d))) walk(join(root, d));
if (found.length) {
  console.log(found.join("\n"));
  console.error(`phrase-audit: ${found.length} runs of ${N} words copied from the evaluation data`);
  process.exit(1);
}
console.log(`phrase-audit: no run of ${N} words from the evaluation data in ${SCAN.join(", ")}`);
