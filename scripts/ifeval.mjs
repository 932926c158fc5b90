// Measures the checkable-constraint stage on IFEval (../shared/eval/ifeval_gpt4.jsonl: 541
// prompts, GPT-4's responses, the official checker's verdict per instruction). Constraints are
// parsed from the prompt text alone; `instruction_id_list` and `kwargs` are read only to score.
//
//   npm run build && node scripts/ifeval.mjs [--split train|validation|all] [--misses] [--package DIR/dist/cjs/node.js]
//
// Per instruction type: how often the type was found in the prompt (recall of the parser),
// agreement with `follow_strict` where found, and the precision of "violated" verdicts. Per
// response: of the responses that break an instruction, how many have `violations`; of the
// flagged ones (`violations` non-empty), how many really break one. The split (bin/lib/split.cjs on "ifeval-<key>") is
// the same as for the drift weights: the parser was developed on the training half.
import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
// --package DIR/dist/cjs/node.js: another build (a packed copy, to compare two builds).
const pkg = args.includes("--package") ? resolve(args[args.indexOf("--package") + 1]) : join(root, "dist", "cjs", "node.js");
const { createGuardSync } = require(pkg);
const { splitOf } = require(join(root, "bin", "lib", "split.cjs"));

const which = args.includes("--split") ? args[args.indexOf("--split") + 1] : "validation";
const showMisses = args.includes("--misses");
const reportAt = args.includes("--report") ? args[args.indexOf("--report") + 1] : null;

// Our kinds → IFEval instruction ids.
const KIND = {
  words: "length_constraints:number_words",
  sentences: "length_constraints:number_sentences",
  paragraphs: "length_constraints:number_paragraphs",
  bullets: "detectable_format:number_bullet_lists",
  highlights: "detectable_format:number_highlighted_sections",
  sections: "detectable_format:multiple_sections",
  placeholders: "detectable_content:number_placeholders",
  "no-commas": "punctuation:no_comma",
  lowercase: "change_case:english_lowercase",
  uppercase: "change_case:english_capital",
  "capital-words": "change_case:capital_word_frequency",
  title: "detectable_format:title",
  quoted: "startend:quotation",
  json: "detectable_format:json_format",
  postscript: "detectable_content:postscript",
  ending: "startend:end_checker",
  "two-responses": "combination:two_responses",
  "fixed-answer": "detectable_format:constrained_response",
  includes: "keywords:existence",
  forbids: "keywords:forbidden_words",
  "word-count": "keywords:frequency",
  "letter-count": "keywords:letter_frequency",
  script: "language:response_language",
  language: "language:response_language",
  repeat: "combination:repeat_prompt",
  "nth-paragraph": "length_constraints:nth_paragraph_first_word",
};

const guard = createGuardSync({ judge: { mode: "never" } });
const rows = readFileSync(join(root, "..", "shared", "eval", "ifeval_gpt4.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l))
  .filter((r) => which === "all" || splitOf(`ifeval-${r.key}`) === which);

const per = new Map();
const stat = (id) => per.get(id) ?? per.set(id, { n: 0, found: 0, agree: 0, violatedSaid: 0, violatedRight: 0 }).get(id);
let broken = 0;
let brokenFlagged = 0;
let flagged = 0;
let flaggedRight = 0;
const misses = [];
for (const r of rows) {
  const report = guard.scoreDrift(r.prompt, r.response);
  const ours = new Map();
  for (const c of report.checked) {
    const id = KIND[c.kind];
    if (id) ours.set(id, [...(ours.get(id) ?? []), c]);
  }
  // Several of one kind (two keyword counts, "at least 1" and "fewer than 11" capital words):
  // the one that names the instruction's keyword, letter or number, else all of them.
  // An instruction whose keyword, letter or number none of ours names was not found.
  const matching = (id, kw) => {
    const cs = ours.get(id) ?? [];
    const named = Object.entries(kw ?? {})
      .filter(([k, v]) => !k.includes("relation") && !["language", "postscript_marker", "section_spliter", "prompt_to_repeat"].includes(k) && (typeof v === "string" || typeof v === "number"))
      .map(([, v]) => String(v).toLowerCase());
    if (named.length === 0) return cs;
    const tokens = (t) => new Set(t.toLowerCase().split(/[^\p{L}\p{N}]+/u));
    return cs.filter((c) => named.every((v) => tokens(c.constraint).has(v) || c.constraint.toLowerCase().includes(`"${v}"`)));
  };
  const breaks = r.follow_strict.some((f) => !f);
  // As the issue defines a flagged response: \`violations\` non-empty (the checkable constraints
  // broken, and the negative and format constraints of src/drift/constraints.rs).
  const anyViolation = report.violations.length > 0;
  if (breaks) {
    broken++;
    if (anyViolation) brokenFlagged++;
  }
  if (anyViolation) {
    flagged++;
    if (breaks) flaggedRight++;
  }
  r.instruction_id_list.forEach((id, i) => {
    const s = stat(id);
    s.n++;
    const mine = matching(id, r.kwargs[i]);
    if (mine.length === 0) return;
    s.found++;
    const holds = mine.every((c) => c.holds);
    if (holds === r.follow_strict[i]) s.agree++;
    else if (showMisses) misses.push(`${r.key} ${id} official=${r.follow_strict[i]} ours=${holds} ${JSON.stringify(r.kwargs[i])}`);
    if (!holds) {
      s.violatedSaid++;
      if (!r.follow_strict[i]) s.violatedRight++;
    }
  });
}

const pct = (a, b) => (b ? ((100 * a) / b).toFixed(1) : "—");
const lines = [
  `IFEval (${which} split: ${rows.length} responses)`,
  "",
  "| instruction type | instructions | found in the prompt | agreement where found | \"violated\" said | precision of \"violated\" |",
  "|---|---|---|---|---|---|",
];
let tn = 0, tf = 0, ta = 0, tv = 0, tr = 0;
for (const [id, s] of [...per.entries()].sort()) {
  lines.push(`| ${id} | ${s.n} | ${pct(s.found, s.n)} | ${pct(s.agree, s.found)} | ${s.violatedSaid} | ${pct(s.violatedRight, s.violatedSaid)} |`);
  tn += s.n; tf += s.found; ta += s.agree; tv += s.violatedSaid; tr += s.violatedRight;
}
lines.push(`| **all** | ${tn} | ${pct(tf, tn)} | ${pct(ta, tf)} | ${tv} | ${pct(tr, tv)} |`);
lines.push("");
lines.push(`Responses that break at least one instruction: ${broken}; with \`scoreDrift(prompt, response).violations\` non-empty: ${brokenFlagged} (${pct(brokenFlagged, broken)} %).`);
lines.push(`Responses with \`violations\` non-empty: ${flagged}; really breaking one: ${flaggedRight} (${pct(flaggedRight, flagged)} %).`);
process.stdout.write(`${lines.join("\n")}\n`);
if (reportAt) writeFileSync(join(root, reportAt), `# Checkable constraints on IFEval\n\nWritten by \`node scripts/ifeval.mjs --split ${which} --report ${reportAt}\` (after \`npm run build\`). Constraints are parsed from the prompt text alone; the answer key is read only to score. The parser was developed on the training half.\n\n${lines.join("\n")}\n`);
if (showMisses) process.stdout.write(`\n${misses.join("\n")}\n`);
