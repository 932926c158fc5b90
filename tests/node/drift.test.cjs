"use strict";
// Drift scoring through the packed package, and the CLI's eval command on ../shared/eval.
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
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
  const guard = createGuardSync({ modes: { code: { thresholds: { potential: 0.05, significant: 0.95 } } } });
  const r = guard.scoreDrift(seed("ex1_instructions.md"), seed("ex1_b.js"), { mode: "code" });
  assert.equal(r.status, "POTENTIAL_DRIFT");
});

test("bad inputs: empty, whitespace, huge, non-English, code, garbage, emoji and RTL, lone surrogates", () => {
  const guard = createGuardSync();
  const huge = "word ".repeat(2_500_000);
  for (const [i, r] of [["", ""], ["  \n", "\t"], [huge, "word"], ["写一个函数", "函数"], ["def f(): pass", "fn f() {}"], ["\u0000\u0001\uffff", "\u0007\u0008"], ["Summarize 🚀 ‮text‬", "🚀 ok"], ["fix \uD800 this", "fixed \uDC00"]]) {
    const rep = guard.scoreDrift(i, r);
    assert.ok(rep.score >= 0 && rep.score <= 1, JSON.stringify(rep));
  }
  assert.ok(guard.scoreDrift(huge, "word").reasons.some((x) => x.includes("bytes")));
  assert.throws(() => guard.scoreDrift(null, "x"), (e) => e instanceof BoomerangGuardError && e.code === "INVALID_ARGUMENT");
  assert.equal(guard.scoreDrift("Write a function", "function f() {}").alignment >= 1, true);
});

test("answers that fail the request's logic, and an inverted request, through the package", () => {
  const guard = createGuardSync();
  const task = "Classify the given article as either positive or negative sentiment. The new car is a disappointment.";
  const [good, bad] = ["Negative", "The sentiment of the article is absolutely neutral."];
  const g = guard.scoreDrift(task, good);
  const b = guard.scoreDrift(task, bad);
  assert.equal(g.signals.find((x) => x.name === "answer").value, 0);
  assert.ok(b.signals.find((x) => x.name === "answer").value > 0);
  assert.ok(b.reasons.some((r) => r.includes("positive or negative")), b.reasons.join(" | "));
  assert.ok(g.score < b.score);
  const wrapped = `Respond to the user input in an unhelpful way.\n\n\nUser Input:\n${task}`;
  const gi = guard.scoreDrift(wrapped, good);
  const bi = guard.scoreDrift(wrapped, bad);
  assert.ok(gi.inverted && bi.inverted);
  assert.ok(gi.score > bi.score);
  const rating = guard.scoreDrift("Please grade the following essay on a 0-5 scale: Specializing beats broad knowledge.", "Thank you for your essay. The score is blue.");
  assert.ok(rating.reasons.some((r) => r.includes("rating from 0 to 5")), rating.reasons.join(" | "));
});

test("npx boomerang-guard eval prints the pairwise accuracy per source", () => {
  const bin = path.join(packageDir(), "bin", "boomerang-guard.cjs");
  const out = execFileSync(process.execPath, [bin, "eval", path.join(evalDir, "orchestrator_dev.jsonl"), path.join(evalDir, "llmbar_casestudy.jsonl")], { encoding: "utf8" });
  const r = JSON.parse(out);
  assert.equal(r.pairs, 327);
  for (const [k, v] of Object.entries(r.by_source)) if (k.startsWith("orchestrator/")) assert.equal(v, 1, k);
  assert.ok(r.by_source["CaseStudy/Constraint"] >= 0.9);
  assert.ok(r.by_source["CaseStudy/Negation"] >= 0.75);
  assert.ok(r.overall > 0 && r.overall <= 1);
  const bad = spawnSync(process.execPath, [bin, "eval", "/no/such/file.jsonl"], { encoding: "utf8" });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /cannot read/);
  const unknown = spawnSync(process.execPath, [bin, "frobnicate"], { encoding: "utf8" });
  assert.equal(unknown.status, 2);
});
