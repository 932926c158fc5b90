#!/usr/bin/env node
// Writes examples/roo-tasks/: a Roo Code tasks folder in Roo Code's on-disk format
// (globalStorage/tasks/<taskId>/{history_item.json, api_conversation_history.json,
// ui_messages.json}, plus tasks/_index.json), with an orchestrator delegating to several modes,
// consistent and drifted children among them the specifications' Examples 1 and 2, a nested
// delegation, and a child that never finished. `npm run demo` audits it. Re-run after changing
// the fixtures: node scripts/make-example-tasks.cjs
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const root = path.join(__dirname, "..");
const out = path.join(root, "examples", "roo-tasks", "tasks");
const seed = (f) => fs.readFileSync(path.join(root, "tests", "fixtures", "seed000", f), "utf8");

let clock = Date.UTC(2026, 10, 20, 9, 0, 0);
const tick = (s = 7) => (clock += s * 1000);
let n = 0;
const uuid = () => {
  n += 1;
  const h = (x, w) => x.toString(16).padStart(w, "0");
  return `${h(0x9a3c0000 + n, 8)}-5e1b-4c${h(n, 2)}-9f2e-${h(0x7d10aa000000 + n * 4099, 12)}`;
};

const tasks = [];
function task({ mode, text, parent, status = "completed" }) {
  const id = uuid();
  const t = {
    id,
    mode,
    parent,
    history: {
      id,
      rootTaskId: parent ? parent.history.rootTaskId : id,
      ...(parent ? { parentTaskId: parent.id } : {}),
      number: tasks.length + 1,
      ts: tick(),
      task: text.trim(),
      tokensIn: 1200 + 97 * tasks.length,
      tokensOut: 800 + 53 * tasks.length,
      totalCost: Number((0.011 * (tasks.length + 1)).toFixed(4)),
      workspace: "/home/dev/shop",
      mode,
      status,
      childIds: [],
    },
    api: [{ role: "user", content: [{ type: "text", text: `<task>\n${text.trim()}\n</task>` }], ts: clock }],
    ui: [{ ts: clock, type: "say", say: "text", text: text.trim() }],
  };
  tasks.push(t);
  return t;
}

/** The parent calls new_task (native tool call); the child is created; the child completes. */
function delegate(parent, mode, message, result, { todos } = {}) {
  const toolUseId = `toolu_01${uuid().replace(/-/g, "").slice(0, 22)}`;
  parent.api.push({
    role: "assistant",
    content: [
      { type: "text", text: `I'll delegate this to ${mode} mode.` },
      { type: "tool_use", id: toolUseId, name: "new_task", input: { mode, message, ...(todos ? { todos } : {}) } },
    ],
    ts: tick(),
  });
  parent.ui.push({ ts: clock, type: "ask", ask: "tool", text: JSON.stringify({ tool: "newTask", mode, content: message, todos: [] }) });
  const child = task({ mode, text: message, parent, status: result === null ? "active" : "completed" });
  parent.history.childIds.push(child.id);
  parent.history.delegatedToId = child.id;
  child.api.push({ role: "assistant", content: [{ type: "text", text: "Working on it." }], ts: tick(30) });
  if (result === null) {
    // Interrupted: the parent still waits for this child.
    parent.history.status = "delegated";
    parent.history.awaitingChildId = child.id;
    return child;
  }
  child.ui.push({ ts: tick(40), type: "say", say: "completion_result", text: result });
  child.api.push({
    role: "assistant",
    content: [{ type: "tool_use", id: `toolu_01${uuid().replace(/-/g, "").slice(0, 22)}`, name: "attempt_completion", input: { result } }],
    ts: clock,
  });
  parent.ui.push({ ts: tick(), type: "say", say: "subtask_result", text: result });
  parent.api.push({
    role: "user",
    content: [{ type: "tool_result", tool_use_id: toolUseId, content: `Subtask ${child.id} completed.\n\nResult:\n${result}` }],
    ts: clock,
  });
  Object.assign(parent.history, { status: "active", completedByChildId: child.id, completionResultSummary: result });
  delete parent.history.awaitingChildId;
  return child;
}

const orchestrator = task({
  mode: "orchestrator",
  text: "We're launching the account area of the shop. Add email validation to the signup form, pick a scraping library for the competitor price tracker, fix the flaky checkout test, and write the design for password reset.",
  status: "active",
});

// Seed 000 Example 1, scenario A (consistent) and scenario B (drifted: a class, a suite).
delegate(orchestrator, "code", seed("ex1_instructions.md"), seed("ex1_a.js"));
delegate(orchestrator, "code", seed("ex1_instructions.md"), seed("ex1_b.js"));
// Seed 000 Example 2, scenario B (drifted into implementation) and scenario A (consistent).
delegate(orchestrator, "ask", seed("ex2_instructions.md"), seed("ex2_b.txt"));
delegate(orchestrator, "ask", seed("ex2_instructions.md"), seed("ex2_a.txt"));

// Debug: asked to find the cause only; the child also rewrote the payment client (drift).
delegate(
  orchestrator,
  "debug",
  "The test `checkout.spec.ts > applies discount codes` fails about one run in five on CI.\n\nScope:\n- Find the root cause of the flakiness.\n- Report the cause and the evidence (logs, timings).\n\nDo NOT change application code; only diagnose. Signal completion using `attempt_completion` with your findings.",
  "I rewrote src/payments/client.ts to use a new retry wrapper and migrated the checkout service to async/await throughout. I also upgraded axios to 1.7 and added p-retry as a dependency. The test passes locally now.",
);

// Architect, which delegates further (a nested orchestration): consistent at both levels.
const architect = delegate(
  orchestrator,
  "architect",
  "Design the password-reset flow for the shop.\n\nRequirements:\n- [REQ-7] Tokens expire after 30 minutes.\n- [REQ-8] Reset links are single-use.\n- [REQ-9] Rate-limit reset requests per account.\n\nDeliver a short design document (no code) covering the token model, the email step and the rate limit. Signal completion using `attempt_completion` with the document.",
  "# Password reset design\n\nToken model [REQ-7, REQ-8]: a random 256-bit token, stored hashed with `expires_at = now + 30 min` and a `used_at` column; a token is valid only while unused and unexpired, and is marked used in the same transaction that sets the new password.\n\nEmail step: the reset email carries a link with the token; the page asks for the new password twice.\n\nRate limit [REQ-9]: at most 3 reset requests per account per hour and 20 per IP per hour, enforced in Redis with sliding windows; over the limit the API still answers 202 so accounts cannot be enumerated.",
);
delegate(
  architect,
  "code",
  "Create the database migration for password reset tokens: a `password_reset_tokens` table with `id`, `user_id`, `token_hash`, `expires_at`, `used_at`, and an index on `token_hash`. Only the migration; no application code.",
  "Added migrations/20261120_password_reset_tokens.sql: creates `password_reset_tokens` (id uuid primary key, user_id uuid references users, token_hash text not null, expires_at timestamptz not null, used_at timestamptz) with a unique index on token_hash. No application code was changed.",
);

// Partial completion: one of the three requirements was built, and no tests.
delegate(
  orchestrator,
  "code",
  "Add rate limiting to the password-reset endpoint in src/api/auth/reset.ts:\n- Limit to 3 requests per account per hour.\n- Limit to 20 requests per IP address per hour.\n- Return HTTP 429 with a Retry-After header when a limit is hit.\nAdd tests in tests/api/reset.spec.ts. Signal completion using `attempt_completion`.",
  "Added per-account rate limiting (3 requests per hour) to src/api/auth/reset.ts using the existing Redis client.",
);

// Interrupted: the extension host was closed while this child ran; it never completed.
delegate(
  orchestrator,
  "code",
  "Add an `aria-describedby` hint to the signup form's email field pointing at the validation message element. Keep the change to src/components/SignupForm.tsx.",
  null,
);

fs.rmSync(path.join(root, "examples", "roo-tasks"), { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
for (const t of tasks) {
  const dir = path.join(out, t.id);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, "history_item.json"), JSON.stringify(t.history, null, "\t"));
  fs.writeFileSync(path.join(dir, "api_conversation_history.json"), JSON.stringify(t.api));
  fs.writeFileSync(path.join(dir, "ui_messages.json"), JSON.stringify(t.ui));
}
fs.writeFileSync(path.join(out, "_index.json"), JSON.stringify({ version: 1, updatedAt: clock, entries: tasks.map((t) => t.history) }));
console.log(`wrote ${tasks.length} tasks to ${path.relative(root, out)}`);
