"use strict";
// The deadline watcher of the host hooks (`createRooHooks(...).watchDeadlines`): a timed-out
// child's parent gets a result, and a host that answers it did not reopen the parent (Zoo Code's
// `reopenParentFromDelegation` resolves to false for a stale delivery) does not lose it.
const test = require("node:test");
const assert = require("node:assert/strict");
const { requireGuard } = require("./load.cjs");

const { createGuardSync, createRooHooks } = requireGuard();

/** A parent delegated to one child, as Zoo Code's HistoryItems record it, and hooks on a fake clock. */
function setup() {
  const clock = { now: 1_000_000 };
  const records = new Map([
    ["p1", { id: "p1", task: "Prepare the 2.0 release.", mode: "orchestrator", status: "delegated", awaitingChildId: "c1", delegatedToId: "c1", childIds: ["c1"] }],
    ["c1", { id: "c1", task: "Write the changelog for 2.0.", mode: "code", status: "active", parentTaskId: "p1", rootTaskId: "p1" }],
  ]);
  const problems = [];
  const hooks = createRooHooks(() => createGuardSync({ timeouts: { childMs: 60_000 } }), {
    now: () => clock.now,
    records: (id) => records.get(id),
    onProblem: (m) => problems.push(m),
  });
  hooks.afterNewTask({ parentTaskId: "p1", childTaskId: "c1", mode: "code", message: "Write the changelog for 2.0." });
  return { clock, records, problems, hooks };
}

/** Runs the watcher until it has offered one result; `answer` is what the host's callback returns. */
function expire(hooks, answer) {
  return new Promise((resolve, reject) => {
    // The watcher's timer does not keep a process alive (unref): this one does, until it fires.
    const keep = setTimeout(() => reject(new Error("no result offered within 5 s")), 5_000);
    const stop = hooks.watchDeadlines(async (d) => {
      stop();
      setTimeout(() => {
        clearTimeout(keep);
        resolve(d);
      }, 50);
      return answer;
    });
  });
}

test("a timed-out result the host did not take stays pending for the next reconciliation", async () => {
  const { clock, records, problems, hooks } = setup();
  clock.now += 120_000;
  const offered = await expire(hooks, false);
  assert.equal(offered.parentTaskId, "p1");
  assert.ok(problems.some((m) => m.includes("did not reopen p1")), problems.join(" | "));
  // The parent still waits for c1 in the host's records: the next start-up hands the result over.
  const r = await hooks.reconcile([...records.values()]);
  assert.ok(r.deliveries.some((d) => d.parentTaskId === "p1" && d.childTaskId === "c1"), JSON.stringify(r));
});

test("a timed-out result the host took is not delivered again", async () => {
  const { clock, records, hooks } = setup();
  clock.now += 120_000;
  // Roo Code's reopenParentFromDelegation answers nothing; the host now records the parent active.
  await expire(hooks, undefined);
  records.set("p1", { ...records.get("p1"), status: "active", awaitingChildId: undefined, completedByChildId: "c1" });
  records.set("c1", { ...records.get("c1"), status: "completed" });
  const r = await hooks.reconcile([...records.values()]);
  assert.ok(!r.deliveries.some((d) => d.parentTaskId === "p1"), JSON.stringify(r));
});
