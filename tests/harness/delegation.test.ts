// The delegation harness: Roo Code v3.52.1 with docs/boomerang-guard-roo-v3.52.1.patch, through
// the packed package. Each test is a scenario a maintainer meets; the model makes only the calls
// the patch makes.
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
// The patch loads the build without a JSON Schema compiler (the adapter registers no schema).
const pkg = req("boomerang-guard/lite") as Pick<Runtime, "createGuardSync">;
const roo = req("boomerang-guard/roo") as Pick<Runtime, "createRooHooks">;
const runtime: Runtime = { createGuardSync: pkg.createGuardSync, createRooHooks: roo.createRooHooks };
const seed = (f: string) => readFileSync(join(root, "tests", "fixtures", "seed000", f), "utf8");
const noJudge = { judge: { mode: "never" } };

function delegated(r: { kind: string; childTaskId?: string }): string {
  assert.equal(r.kind, "delegated", JSON.stringify(r));
  return r.childTaskId!;
}

test("five delegations in a row from one parent: each checked against its own message", async () => {
  const host = new RooModel(runtime, noJudge);
  const parent = host.startTask("Build the signup flow");
  const statuses: string[] = [];
  for (let i = 0; i < 5; i++) {
    const drifted = i === 3;
    const child = delegated(await host.newTask(parent, { mode: "code", message: seed("ex1_instructions.md") }));
    const d = await host.attemptCompletion(child, seed(drifted ? "ex1_b.js" : "ex1_a.js"));
    assert.ok(d, "the completion was integrated");
    assert.ok(d.verdict, `delegation ${i + 1} was verified`);
    assert.deepEqual(d.findings, [], `delegation ${i + 1}: the records agree`);
    statuses.push(d.status);
    assert.equal(host.history.get(parent)?.status, "active");
    assert.equal(host.history.get(parent)?.completedByChildId, child);
    assert.ok(host.lastToolResult(parent).startsWith(`Subtask ${child} completed.`));
  }
  assert.deepEqual(statuses.map((s) => s === "CONSISTENT"), [true, true, true, false, true], statuses.join());
  assert.equal(host.history.get(parent)!.completionResultSummary, seed("ex1_a.js"), "the 5th result, as it came");
});

test("a cancelled child: its parent gets a result and nothing stays delegated", async () => {
  const host = new RooModel(runtime, noJudge);
  const parent = host.startTask("Refactor the parser");
  const child = delegated(await host.newTask(parent, { mode: "code", message: "Split src/parser.ts into lexer and parser modules." }));
  await host.closeCurrentTask();
  const p = host.history.get(parent)!;
  assert.equal(p.status, "active");
  assert.equal(p.awaitingChildId, undefined);
  assert.match(host.lastToolResult(parent), new RegExp(`Subtask ${child} was aborted without a result: it was closed before it completed`));
  // A reload finds nothing left to deliver.
  await host.reload();
  assert.equal(host.ui.get(parent)!.filter((m) => m.say === "subtask_result").length, 1);
});

test("a reload between the guard's decision and the parent's resume delivers the decided result", async () => {
  const host = new RooModel(runtime, noJudge);
  const parent = host.startTask("Set up signup validation");
  const child = delegated(await host.newTask(parent, { mode: "code", message: seed("ex1_instructions.md") }));
  const d = await host.attemptCompletion(child, seed("ex1_b.js"), { crashBeforeReopen: true });
  assert.equal(host.history.get(parent)?.status, "delegated", "the host never got to reopen the parent");
  await host.reload();
  const p = host.history.get(parent)!;
  assert.equal(p.status, "active");
  assert.equal(p.completionResultSummary, d!.text);
  assert.match(host.lastToolResult(parent), /semantic drift/);
  assert.ok(host.log.some((l) => l.includes("dead-delegation")) === false, "a decided result is not a lost child");
});

test("a reload with the guard's memory empty still checks the next result against its message", async () => {
  const host = new RooModel(runtime, noJudge);
  const parent = host.startTask("Set up signup validation");
  const child = delegated(await host.newTask(parent, { mode: "code", message: seed("ex1_instructions.md") }));
  await host.reload({ clearGuardState: true });
  host.clineStack = [child]; // the user reopens the child from history
  const d = await host.attemptCompletion(child, seed("ex1_b.js"));
  assert.ok(d?.verdict, "verified after the reload");
  assert.notEqual(d.status, "CONSISTENT");
  assert.match(host.lastToolResult(parent), /semantic drift/);
});

test("a child whose mode no longer exists: generic contract, result delivered, the host's default mode", async () => {
  const host = new RooModel(runtime, noJudge);
  host.modes.add("translator");
  const parent = host.startTask("Localize the app", "translator");
  const child = delegated(await host.newTask(parent, { mode: "code", message: "Translate src/strings/en.json into German in src/strings/de.json." }));
  host.modes.delete("translator");
  host.history.set(child, { ...host.history.get(child)!, mode: "translator-v1" });
  const d = await host.attemptCompletion(child, "Wrote src/strings/de.json with the German translations of all 42 strings.");
  assert.ok(d);
  assert.equal(d.resume, true);
  assert.ok(d.findings.some((f) => f.code === "no-contract"), JSON.stringify(d.findings));
  assert.equal(host.history.get(parent)?.mode, "architect", "Roo Code's own fallback, defaultModeSlug");
  assert.equal(host.mode, "architect");
});

test("a setting with a typo, or not an object, never stops activation; the bad field is reported once", async () => {
  for (const settings of [{ strategy: "E", stratgy: "B", judge: { mode: "never" } }, [], "A", 42]) {
    const host = new RooModel(runtime, settings);
    assert.ok(host.hooks?.guard, `started with ${JSON.stringify(settings)}`);
    assert.ok(host.log.length >= 1 && host.log.length <= 2, host.log.join("\n"));
    const parent = host.startTask("Write docs");
    const child = delegated(await host.newTask(parent, { mode: "code", message: "Document the public API in docs/api.md." }));
    const d = await host.attemptCompletion(child, "Documented every public function of the API in docs/api.md.");
    assert.equal(d?.resume, true);
  }
  const typo = new RooModel(runtime, { strategy: "E", stratgy: "B" });
  assert.ok(typo.log.some((l) => l.includes("/strategy")) && typo.log.some((l) => l.includes("/stratgy")), typo.log.join("\n"));
});

test("a guard that cannot load passes every boundary through and says so", async () => {
  const broken: Runtime = { ...runtime, createGuardSync: () => { throw new Error("boomerang_guard_bg.wasm missing"); } };
  const host = new RooModel(broken, {});
  assert.equal(host.hooks?.guard, null);
  assert.match(host.log[0] ?? "", /could not start/);
  const parent = host.startTask("Anything");
  const child = delegated(await host.newTask(parent, { mode: "code", message: "Do it." }));
  await host.attemptCompletion(child, "Done.");
  assert.match(host.lastToolResult(parent), /Result:\nDone\.$/);
});

test("no parent waits forever: a child past its deadline times out and its parent resumes", async () => {
  const host = new RooModel(runtime, { ...noJudge, timeouts: { childMs: 60_000 } });
  const parent = host.startTask("Long job");
  const child = delegated(await host.newTask(parent, { mode: "code", message: "Migrate the database schema." }));
  assert.deepEqual(await host.advance(30_000), []);
  const due = await host.advance(31_000);
  assert.equal(due.length, 1);
  assert.equal(due[0]!.childTaskId, child);
  assert.equal(host.history.get(parent)?.status, "active");
  assert.equal(host.history.get(child)?.status, "completed");
  assert.match(host.lastToolResult(parent), /timed out without a result/);
});

test("strategy B asks the child again with its round kept across a reload; C holds the parent", async () => {
  const b = new RooModel(runtime, { ...noJudge, strategy: "B", clarification: { maxRounds: 2 } });
  const parent = b.startTask("Set up signup validation");
  const child = delegated(await b.newTask(parent, { mode: "code", message: seed("ex1_instructions.md") }));
  const first = await b.attemptCompletion(child, seed("ex1_b.js"));
  assert.equal(first?.resume, false);
  assert.match(first?.clarification ?? "", /clarification round 1/);
  await b.reload();
  b.clineStack = [child];
  const second = await b.attemptCompletion(child, seed("ex1_b.js"));
  assert.equal(second?.resume, true, "no better after round 1: the parent gets it, marked");
  assert.equal(b.history.get(parent)?.status, "active");

  const c = new RooModel(runtime, { ...noJudge, strategy: "C" });
  const p2 = c.startTask("Set up signup validation");
  const c2 = delegated(await c.newTask(p2, { mode: "code", message: seed("ex1_instructions.md") }));
  const held = await c.attemptCompletion(c2, seed("ex1_b.js"));
  assert.equal(held?.resume, false);
  assert.equal(c.history.get(p2)?.status, "delegated");
  await c.reload();
  assert.equal(c.history.get(p2)?.status, "delegated", "a held result is not delivered by reconciliation");
  const released = await c.hooks!.release(p2);
  assert.equal(released?.childTaskId, c2);
});

test("mode restoration (seed flow): throws, hangs, vanished, and the user's own later choice", async () => {
  const guard = runtime.createGuardSync({}, { lenient: true });
  const hooks = runtime.createRooHooks(guard, { api: "seed" });
  let current = "code";
  const switchTo = (behaviour: "ok" | "throw" | "hang") => async (m: string) => {
    if (behaviour === "throw" && m !== "architect") throw new Error("profile failed");
    if (behaviour === "hang" && m !== "architect") return new Promise<void>(() => {});
    current = m;
  };
  const opts = { current: () => current, modes: () => ["orchestrator", "code", "architect"], defaultMode: "architect", timeoutMs: 300 };
  guard.setModeSwitcher(switchTo("throw"), opts);
  let r = await hooks.beforeModeRestoration({ savedMode: "orchestrator", delegatedMode: "code" });
  assert.equal(r.mode, "architect");
  assert.equal(r.fellBack, true);
  current = "code";
  guard.setModeSwitcher(switchTo("hang"), opts);
  r = await hooks.beforeModeRestoration({ savedMode: "orchestrator", delegatedMode: "code" });
  assert.equal(r.fellBack, true, JSON.stringify(r));
  assert.match(r.reasons.join(), /timed out|did not settle|failed/);
  current = "code";
  guard.setModeSwitcher(switchTo("ok"), opts);
  r = await hooks.beforeModeRestoration({ savedMode: "gone-mode", delegatedMode: "code" });
  assert.equal(r.mode, "architect", "the host's default, not the guard's");
  current = "ask"; // the user switched while the child ran
  r = await hooks.beforeModeRestoration({ savedMode: "orchestrator", delegatedMode: "code" });
  assert.equal(current, "ask");
  assert.equal(r.mode, "ask");
  assert.match(r.reasons.join(), /user switched/);
});

/** A small seeded generator (mulberry32), so a failing sequence can be replayed. */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test("random sequences with missed calls and reloads: the guard never disagrees with the records silently", async () => {
  for (let s = 1; s <= 40; s++) {
    const rand = rng(s);
    const host = new RooModel(runtime, { ...noJudge, timeouts: { childMs: 50_000 } });
    const parent = host.startTask("Coordinate the release");
    for (let step = 0; step < 12; step++) {
      const p = host.history.get(parent)!;
      const r = rand();
      if (p.status === "active") {
        if (host.current() !== parent) host.clineStack = [parent];
        const realHooks = host.hooks!;
        // A missed afterNewTask: the guard must still know the child from the records.
        const missed = rand() < 0.5;
        if (missed) host.hooks = { ...realHooks, afterNewTask: () => ({ registered: false }) } as typeof realHooks;
        await host.newTask(parent, { mode: rand() < 0.5 ? "code" : "ask", message: `Step ${step}: update docs/release.md with the ${step}th checklist item.` });
        host.hooks = realHooks;
      } else {
        const child = p.awaitingChildId!;
        if (r < 0.45) {
          host.clineStack = [child];
          const d = await host.attemptCompletion(child, `Updated docs/release.md with checklist item ${step}.`, { crashBeforeReopen: rand() < 0.2 });
          if (d) {
            assert.ok(d.status !== "UNVERIFIED", `seed ${s}: every result verified (${d.summary})`);
            const disagrees = d.findings.length > 0;
            const recordsAgree = p.status === "delegated" && p.awaitingChildId === child;
            assert.equal(disagrees, !recordsAgree, `seed ${s}: findings ${JSON.stringify(d.findings)}`);
          }
        } else if (r < 0.6) {
          host.clineStack = [child];
          await host.closeCurrentTask();
        } else if (r < 0.75) {
          await host.advance(60_000);
        } else {
          await host.reload({ clearGuardState: rand() < 0.3 });
        }
      }
    }
    // After a final reload and enough time, no parent is left waiting for a child that is gone.
    await host.reload();
    await host.advance(100_000);
    const p = host.history.get(parent)!;
    if (p.status === "delegated") {
      assert.equal(host.history.get(p.awaitingChildId!)?.status, "active", `seed ${s}: delegated only to a running child`);
    }
  }
});
