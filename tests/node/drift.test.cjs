"use strict";
// Drift scoring through the packed package, and the CLI's eval command on ../shared/eval.
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const os = require("node:os");
const { execFileSync, spawnSync } = require("node:child_process");
const { requireGuard, packageDir } = require("./load.cjs");

const { createGuardSync, BoomerangGuardError } = requireGuard();
const seed = (f) => fs.readFileSync(path.join(__dirname, "..", "fixtures", "seed000", f), "utf8");
const evalDir = path.join(__dirname, "..", "..", "..", "shared", "eval");

test("seed 000 Examples 1 and 2: scenarios A consistent, B drifted with readable reasons", () => {
  const guard = createGuardSync();
  for (const [i, a, b, word] of [["ex1_instructions.md", "ex1_a.js", "ex1_b.js", "class"], ["ex2_instructions.md", "ex2_a.txt", "ex2_b.txt", "code"]]) {
    const ra = guard.scoreDrift(seed(i), seed(a));
    const rb = guard.scoreDrift(seed(i), seed(b));
    assert.equal(ra.status, "CONSISTENT", ra.reasons.join(" | "));
    assert.equal(rb.status, "SIGNIFICANT_DRIFT", rb.reasons.join(" | "));
    assert.ok(rb.alignment <= 2 && ra.alignment >= 4);
    assert.ok(rb.violations.some((v) => v.reason.includes(word)));
    assert.ok(Array.isArray(ra.checklist) && ra.checklist.length > 0);
    assert.ok(ra.preserved.length > 0 && typeof ra.coverage === "number");
  }
});

test("per-mode thresholds from the configuration decide the status", () => {
  // Thresholds set around the default score (which moves with each refit), for one mode only.
  const [instructions, result] = [seed("ex1_instructions.md"), seed("ex1_b.js")];
  const { score } = createGuardSync().scoreDrift(instructions, result);
  assert.ok(score > 0 && score < 1, String(score));
  const thresholds = { potential: score / 2, significant: (score + 1) / 2 };
  const guard = createGuardSync({ modes: { code: { thresholds } } });
  assert.equal(guard.scoreDrift(instructions, result, { mode: "code" }).status, "POTENTIAL_DRIFT");
  assert.equal(guard.scoreDrift(instructions, result, { mode: "ask" }).status, "SIGNIFICANT_DRIFT");
});

test("bad inputs: empty, whitespace, huge, non-English, code, garbage, emoji and RTL, lone surrogates", () => {
  const guard = createGuardSync();
  // Under limits.maxBytes (4 MiB) but past the stage's cap: scored on its start, and said so.
  const huge = "word ".repeat(600_000);
  for (const [i, r] of [["", ""], ["  \n", "\t"], [huge, "word"], ["写一个函数", "函数"], ["def f(): pass", "fn f() {}"], ["\u0000\u0001\uffff", "\u0007\u0008"], ["Summarize 🚀 ‮text‬", "🚀 ok"], ["fix \uD800 this", "fixed \uDC00"]]) {
    const rep = guard.scoreDrift(i, r);
    assert.ok(rep.score >= 0 && rep.score <= 1, JSON.stringify(rep));
  }
  assert.ok(guard.scoreDrift(huge, "word").reasons.some((x) => x.includes("bytes")));
  // Past limits.maxBytes: refused before it is copied into the module.
  assert.throws(() => guard.scoreDrift("word ".repeat(2_500_000), "word"), (e) => e.code === "TOO_LARGE");
  assert.throws(() => guard.scoreDrift(null, "x"), (e) => e instanceof BoomerangGuardError && e.code === "INVALID_ARGUMENT");
  assert.equal(guard.scoreDrift("Write a function", "function f() {}").alignment >= 1, true);
});

test("answers that fail the request's logic, and an inverted request, through the package", () => {
  const guard = createGuardSync();
  const task = "Label the given review as either favourable or unfavourable feedback. The new kettle broke in a week.";
  const [good, bad] = ["Unfavourable", "The review of the kettle is entirely balanced."];
  const g = guard.scoreDrift(task, good);
  const b = guard.scoreDrift(task, bad);
  assert.equal(g.signals.find((x) => x.name === "answer").value, 0);
  assert.ok(b.signals.find((x) => x.name === "answer").value > 0);
  assert.ok(b.reasons.some((r) => r.includes("favourable or unfavourable")), b.reasons.join(" | "));
  assert.ok(g.score < b.score);
  const wrapped = `Give an unhelpful response to the user input below.\n\nUser input: ${task}`;
  const gi = guard.scoreDrift(wrapped, good);
  const bi = guard.scoreDrift(wrapped, bad);
  assert.ok(gi.inverted && bi.inverted);
  assert.ok(gi.score > bi.score);
  const rating = guard.scoreDrift("Please rate the following poem on a 0-5 scale: Roses fade in autumn.", "Thanks for sharing your poem. The score is blue.");
  assert.ok(rating.reasons.some((r) => r.includes("rating from 0 to 5")), rating.reasons.join(" | "));
});

test("the answer's language: a Latin-script language asked for is checked through the package", () => {
  const guard = createGuardSync();
  const ask = "Summarise why the nightly import job failed. Respond in German: the on-call team reads no English.";
  const english =
    "The nightly import failed because the upstream export arrived two hours late and the job does not wait for it. " +
    "It started on time, found no file and exited with an error, which the scheduler did not retry. We should add a wait with a timeout.";
  const german =
    "Der nächtliche Import ist fehlgeschlagen, weil der Export der Gegenseite zwei Stunden zu spät kam und der Job nicht auf ihn wartet. " +
    "Er startete pünktlich, fand keine Datei und brach mit einem Fehler ab, den der Scheduler nicht wiederholt hat. Wir sollten eine Wartezeit mit Timeout einbauen.";
  const broken = guard.scoreDrift(ask, english);
  const language = broken.checked.find((c) => c.kind === "language");
  assert.ok(language && !language.holds, JSON.stringify(broken.checked));
  assert.match(language.evidence, /written in english/);
  assert.ok(broken.violations.some((v) => /german/i.test(v.constraint)));
  const kept = guard.scoreDrift(ask, german);
  assert.ok(kept.checked.some((c) => c.kind === "language" && c.holds));
  assert.ok(!kept.violations.some((v) => /german/i.test(v.constraint)));
});

test("npx boomerang-guard eval: accuracy, decided share and precision per source, a split, per-pair signals", () => {
  const bin = path.join(packageDir(), "bin", "boomerang-guard.cjs");
  const files = [path.join(evalDir, "orchestrator_train.jsonl"), path.join(evalDir, "llmbar_casestudy.jsonl")];
  const perPair = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bg-eval-")), "pairs.jsonl");
  const all = JSON.parse(execFileSync(process.execPath, [bin, "eval", ...files], { encoding: "utf8" }));
  assert.equal(all.pairs, 128 + 315);
  const val = JSON.parse(execFileSync(process.execPath, [bin, "eval", ...files, "--split", "validation", "--per-pair", perPair], { encoding: "utf8" }));
  const train = JSON.parse(execFileSync(process.execPath, [bin, "eval", ...files, "--split", "train"], { encoding: "utf8" }));
  // The split is a partition, and each side holds every family.
  assert.equal(val.pairs + train.pairs, all.pairs);
  assert.ok(val.pairs > 100 && train.pairs > 250, `${val.pairs} / ${train.pairs}`);
  assert.equal(val.split, "validation");
  for (const s of ["orchestrator/deferral", "CaseStudy/Constraint"]) assert.ok(s in val.by_source && s in train.by_source, s);
  for (const k of Object.keys(val.by_source)) {
    assert.ok(val.decided[k] >= 0 && val.decided[k] <= 1, k);
    assert.ok(val.precision[k] === null || (val.precision[k] >= 0 && val.precision[k] <= 1), k);
  }
  assert.ok(val.overall > 0 && val.overall <= 1);
  // One line per pair with both sides' probability, decision and every signal.
  const lines = fs.readFileSync(perPair, "utf8").trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(lines.length, val.pairs);
  const first = lines[0];
  assert.ok(["consistent", "unsure", "drift"].includes(first.a.decision));
  assert.ok(Object.keys(first.a.signals).includes("coverage") && Object.keys(first.b.signals).includes("constraints"));
  assert.equal(lines.reduce((n, l) => n + l.right, 0) / lines.length, val.overall);
  const bad = spawnSync(process.execPath, [bin, "eval", "/no/such/file.jsonl"], { encoding: "utf8" });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /cannot read/);
  assert.equal(spawnSync(process.execPath, [bin, "eval", files[0], "--split", "dev"], { encoding: "utf8" }).status, 2);
  const unknown = spawnSync(process.execPath, [bin, "frobnicate"], { encoding: "utf8" });
  assert.equal(unknown.status, 2);
});

test("no run of six words of the labelled evaluation data appears in the code, tests or scripts", () => {
  const audit = path.join(__dirname, "..", "..", "scripts", "phrase-audit.mjs");
  const run = spawnSync(process.execPath, [audit], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /no run of 6 words/);
});

test("docs/ifeval.md holds the figures this build gives on IFEval's validation half", () => {
  // The README quotes this report; a parser change that moves a figure must rewrite it
  // (`node scripts/ifeval.mjs --split validation --report docs/ifeval.md`).
  const root = path.join(__dirname, "..", "..");
  const run = spawnSync(process.execPath, [path.join(root, "scripts", "ifeval.mjs"), "--split", "validation"], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const table = run.stdout.trim();
  assert.match(table, /Responses with `violations` non-empty: \d+/);
  const doc = fs.readFileSync(path.join(root, "docs", "ifeval.md"), "utf8").replace(/\r\n/g, "\n");
  assert.ok(doc.includes(table), "docs/ifeval.md is stale: rewrite it with scripts/ifeval.mjs --report");
});

test("docs/drift-fit.md and src/drift/weights.rs are what the fit gives for this build's signals", { timeout: 180_000 }, () => {
  // A signal changed without a refit (`node scripts/fit-drift.mjs --write --report
  // docs/drift-fit.md`) would ship weights fitted to other signals and report stale figures.
  const root = path.join(__dirname, "..", "..");
  const run = spawnSync(process.execPath, [path.join(root, "scripts", "fit-drift.mjs")], { encoding: "utf8", maxBuffer: 1 << 26 });
  assert.equal(run.status, 0, run.stderr);
  const doc = fs.readFileSync(path.join(root, "docs", "drift-fit.md"), "utf8").replace(/\r\n/g, "\n").trim();
  assert.match(doc, /\| checklist \| [\d.]+ \|/);
  assert.ok(run.stdout.replace(/\r\n/g, "\n").includes(doc), "docs/drift-fit.md is stale: refit with --write --report");
  // The shipped table holds the report's weights.
  const rs = fs.readFileSync(path.join(root, "src", "drift", "weights.rs"), "utf8");
  const shipped = new Map([...rs.matchAll(/\("(\w+)", (-?[\d.]+)\)/g)].map((m) => [m[1], Number(m[2])]));
  const reported = [...doc.matchAll(/^\| (\w+) \| (-?[\d.]+) \|$/gm)].filter((m) => shipped.has(m[1]));
  assert.equal(reported.length, shipped.size);
  for (const [, name, w] of reported) assert.ok(Math.abs(shipped.get(name) - Number(w)) < 0.0006, `${name}: ${shipped.get(name)} vs ${w}`);
  // And the broken-constraint rule as the report decided it.
  const rule = doc.match(/decides drift on its own: (yes|no)/);
  assert.ok(rule, "the report states the broken-constraint rule");
  assert.match(rs, new RegExp(`pub const DECIDE_BROKEN: bool = ${rule[1] === "yes"};`));
});
