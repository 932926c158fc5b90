// The delegation harness: Roo Code's flow with the guard at its three hooks, through the packed
// package. Each test states one promise the guard makes at a parent/child boundary.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { RooModel, type Runtime } from "./roo-model.js";

// Compiled to .tmp/harness/tests/harness/: the repo root is four levels up.
const root = join(__dirname, "..", "..", "..", "..");
const consumer = process.env.BOOMERANG_GUARD_CONSUMER ?? join(root, ".tmp", "consumer");
const req = createRequire(join(consumer, "index.js"));
const pkg = req("boomerang-guard") as { createGuardSync: Runtime["createGuard"] };
const roo = req("boomerang-guard/roo") as { createRooHooks: Runtime["createRooHooks"] };
const runtime: Runtime = { createGuard: (c) => pkg.createGuardSync(c), createRooHooks: roo.createRooHooks };
const seed = (f: string) => readFileSync(join(root, "tests", "fixtures", "seed000", f), "utf8");

test("an invalid message is rejected before any child exists", async () => {
  const roo = new RooModel(runtime);
  const parent = roo.startTask("Build the signup flow");
  const before = roo.tasks.size;
  const r = await roo.newTask(parent, { mode: "code", message: { filePath: 42, instructions: "" } });
  assert.equal(r.kind, "error");
  assert.match(r.text, /does not meet that mode's contract/);
  assert.equal(roo.tasks.size, before, "no child task folder was created");
  assert.equal(roo.guard.lifecycle.task(parent)?.state, "active");
  assert.equal(roo.folder(parent).history.status, "active");
  assert.match(roo.lastToolResult(parent), /<error>/);
  // The orchestrator fixes the message and the delegation goes through.
  const ok = await roo.newTask(parent, { mode: "code", message: "Implement validateEmail in src/utils/validation.ts." });
  assert.equal(ok.kind, "delegated");
});

test("a malformed result reaches the parent as the standardized error, original kept", async () => {
  const roo = new RooModel(runtime);
  roo.guard.setModeContract("code", {
    output: { type: "object", required: ["status", "files"], properties: { status: { enum: ["success", "failure"] }, files: { type: "array", items: { type: "string" } } } },
  });
  const parent = roo.startTask("Ship the feature");
  const d = await roo.newTask(parent, { mode: "code", message: "Create src/a.ts and report {status, files}." });
  assert.equal(d.kind, "delegated");
  const child = d.kind === "delegated" ? d.childTaskId : "";
  const malformed = '{"status": "done", "files": "src/a.ts"}';
  const decision = await roo.attemptCompletion(child, malformed);
  assert.equal(decision.status, "CONTRACT_VIOLATION");
  const seen = roo.lastToolResult(parent);
  assert.ok(seen.startsWith(`Subtask ${child} completed.\n\nResult:\n`));
  const body = JSON.parse(seen.split("Result:\n")[1]!);
  assert.ok(typeof body.error === "string" && body.error.length > 0);
  assert.equal(decision.original, malformed);
  assert.equal(body.originalResult, malformed, "the original travels with the error");
  assert.match(body.details, /Schema validation failed/);
  assert.equal(roo.folder(parent).history.status, "active");
  assert.equal(roo.guard.lifecycle.task(parent)?.state, "active");
});

test("a drifted result reaches the parent as strategy A says (seed Example 1B)", async () => {
  const roo = new RooModel(runtime, { judge: { mode: "never" } });
  const parent = roo.startTask("Set up signup validation");
  const d = await roo.newTask(parent, { mode: "code", message: seed("ex1_instructions.md") });
  const child = d.kind === "delegated" ? d.childTaskId : "";
  const b = seed("ex1_b.js");
  const decision = await roo.attemptCompletion(child, b);
  assert.equal(decision.status, "SIGNIFICANT_DRIFT");
  const seen = roo.lastToolResult(parent);
  assert.match(seen, /^Subtask task-\d+ completed\.\n\nResult:\n\[new_task completed with semantic drift \(Score: [12]\/5\)\. Reason: /);
  assert.ok(seen.endsWith(`Original Result: ${b}`));
  // A consistent result passes unchanged.
  const d2 = await roo.newTask(parent, { mode: "code", message: seed("ex1_instructions.md") });
  const child2 = d2.kind === "delegated" ? d2.childTaskId : "";
  await roo.attemptCompletion(child2, seed("ex1_a.js"));
  assert.equal(roo.lastToolResult(parent), `Subtask ${child2} completed.\n\nResult:\n${seed("ex1_a.js")}`);
});

test("strategy C holds the parent and keeps the result; strategy B asks the child, then gives up", async () => {
  const held = new RooModel(runtime, { judge: { mode: "never" }, strategy: "C" });
  const p = held.startTask("Research scraping libraries");
  const d = await held.newTask(p, { mode: "ask", message: seed("ex2_instructions.md") });
  const c = d.kind === "delegated" ? d.childTaskId : "";
  const decision = await held.attemptCompletion(c, seed("ex2_b.txt"));
  assert.equal(decision.resume, false);
  assert.equal(decision.outcome.kind, "hold");
  assert.equal(held.folder(p).history.status, "delegated", "the parent is not resumed");
  const pending = held.guard.lifecycle.pending();
  assert.equal(pending.length, 1);
  assert.equal(pending[0]!.result.text, seed("ex2_b.txt"), "the result is kept for the human");

  const clarify = new RooModel(runtime, { judge: { mode: "never" }, strategy: "B", clarification: { maxRounds: 1 } });
  const p2 = clarify.startTask("Research scraping libraries");
  const d2 = await clarify.newTask(p2, { mode: "ask", message: seed("ex2_instructions.md") });
  const c2 = d2.kind === "delegated" ? d2.childTaskId : "";
  const first = await clarify.attemptCompletion(c2, seed("ex2_b.txt"));
  assert.equal(first.outcome.kind, "clarify");
  assert.match(clarify.folder(c2).api.at(-1)!.content[0]!.type === "text" ? (clarify.folder(c2).api.at(-1)!.content[0] as { text: string }).text : "", /clarification round 1/);
  assert.equal(clarify.folder(p2).history.status, "delegated");
  // The revised answer is no better: the loop stops and the parent gets it augmented.
  const second = await clarify.attemptCompletion(c2, seed("ex2_b.txt"));
  assert.equal(second.outcome.kind, "augment");
  assert.match(clarify.lastToolResult(p2), /Clarification stopped/);
  assert.equal(clarify.folder(p2).history.status, "active");
});

test("no parent stays delegated forever: abort, deadline, and reload all deliver", async () => {
  const roo = new RooModel(runtime, { timeouts: { childMs: 60_000 } });
  const parent = roo.startTask("Do three things");
  // Abort: the parent gets an abort result instead of waiting (Roo Code #9886).
  const a = await roo.newTask(parent, { mode: "code", message: "Refactor src/a.ts." });
  await roo.abort(a.kind === "delegated" ? a.childTaskId : "");
  assert.match(roo.lastToolResult(parent), /was aborted without a result: cancelled by the user/);
  assert.equal(roo.folder(parent).history.status, "active");
  // Deadline: a child that never returns times out and the parent resumes.
  const t = await roo.newTask(parent, { mode: "debug", message: "Find the flaky test in tests/api.spec.ts." });
  const timedOut = t.kind === "delegated" ? t.childTaskId : "";
  await roo.advance(61_000);
  assert.match(roo.lastToolResult(parent), new RegExp(`Subtask ${timedOut} timed out without a result`));
  assert.equal(roo.guard.lifecycle.task(parent)?.state, "active");
  // Reload between the child's completion and the parent's resume: nothing is lost.
  const r = await roo.newTask(parent, { mode: "code", message: "Write the changelog entry for the release." });
  const child = r.kind === "delegated" ? r.childTaskId : "";
  roo.guard.lifecycle.complete(child, "Changelog entry written for the release.");
  await roo.reload();
  assert.match(roo.lastToolResult(parent), /Changelog entry written for the release\./);
  assert.equal(roo.guard.lifecycle.pending().length, 0);
  assert.deepEqual(roo.guard.lifecycle.tasks().filter((x) => x.state === "delegated"), []);
});

test("a lifecycle out of step with the host never breaks a delegation", async () => {
  const roo = new RooModel(runtime);
  const parent = roo.startTask("Do two things");
  const first = await roo.newTask(parent, { mode: "code", message: "Refactor src/a.ts." });
  assert.equal(first.kind, "delegated");
  // The host lost the first child without telling the guard, and delegates again.
  roo.folder(parent).history.status = "active";
  const again = roo.hooks.afterNewTask({ parentTaskId: parent, childTaskId: "task-999", mode: "code", message: "Refactor src/b.ts." });
  assert.equal(again.registered, false);
  assert.match(again.reason ?? "", /already waits for child/);
  // An untracked child's result still gets its contract check and reaches the parent.
  const d = await roo.hooks.beforeResultIntegration({ parentTaskId: parent, childTaskId: "task-999", result: "Refactored src/b.ts." });
  assert.equal(d.resume, true);
  assert.equal(d.text, "Refactored src/b.ts.");
  assert.match(d.summary, /No parent instructions are known/);
});

test("the parent's mode is restored, or falls back when it vanished or its switch fails", async () => {
  const roo = new RooModel(runtime, { defaultMode: "orchestrator" });
  const parent = roo.startTask("Plan the work", "architect");
  const d = await roo.newTask(parent, { mode: "code", message: "Implement the plan in src/plan.ts." });
  assert.equal(roo.currentMode, "code");
  await roo.attemptCompletion(d.kind === "delegated" ? d.childTaskId : "", "Implemented the plan in src/plan.ts.");
  assert.equal(roo.currentMode, "architect", "restored to the parent's mode");
  // Already in the saved mode: nothing to switch (a broken switch is not even called).
  roo.brokenModes.add("architect");
  const noop = await roo.hooks.beforeModeRestoration({ taskId: parent, savedMode: "architect", currentMode: "architect" });
  assert.deepEqual([noop.ok, noop.mode, noop.fellBack], [true, "architect", false]);
  roo.brokenModes.delete("architect");

  // The parent's mode vanished (a custom mode deleted while the child ran).
  const d2 = await roo.newTask(parent, { mode: "code", message: "Implement step two in src/plan.ts." });
  roo.modes.delete("architect");
  await roo.attemptCompletion(d2.kind === "delegated" ? d2.childTaskId : "", "Implemented step two in src/plan.ts.");
  assert.equal(roo.currentMode, "orchestrator");
  const report = await roo.restoreMode(parent);
  assert.equal(report.fellBack, true);
  assert.equal(report.mode, "orchestrator");

  // The switch to the parent's mode throws (its API profile fails): fall back, report why.
  roo.modes.add("architect");
  roo.brokenModes.add("architect");
  const r = await roo.restoreMode(parent);
  assert.equal(r.mode, "orchestrator");
  assert.ok(r.reasons.some((x) => x.includes("API profile for architect failed")));
});
