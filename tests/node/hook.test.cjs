"use strict";
// `boomerang-guard hook` through the packed package's CLI, fed hook events in the hosts' shapes
// (tests/fixtures/hooks: transcripts in Claude Code's JSONL form; docs/hooks.md lists the
// sources of every field).
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const os = require("node:os");
const { spawnSync, spawn } = require("node:child_process");
const { packageDir } = require("./load.cjs");

const bin = path.join(packageDir(), "bin", "boomerang-guard.cjs");
const fixtures = path.join(__dirname, "..", "fixtures", "hooks");

/** A project folder with the fixtures' transcripts and, optionally, a configuration. */
function project(config) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bg-hook-"));
  for (const f of fs.readdirSync(fixtures)) fs.copyFileSync(path.join(fixtures, f), path.join(dir, f));
  if (config !== undefined) fs.writeFileSync(path.join(dir, ".boomerang-guard.json"), typeof config === "string" ? config : JSON.stringify(config));
  return dir;
}
function hook(stdin, env = {}, cwd = undefined) {
  const r = spawnSync(process.execPath, [bin, "hook"], { input: stdin, encoding: "utf8", env: { ...process.env, ...env }, ...(cwd ? { cwd } : {}) });
  assert.equal(r.status, 0, `the hook always exits 0: ${r.stderr}`);
  return { answer: JSON.parse(r.stdout), stderr: r.stderr };
}
const logOf = (dir) => {
  const file = path.join(dir, ".boomerang-guard", "verification.jsonl");
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l)) : [];
};
const prompt = () => JSON.parse(fs.readFileSync(path.join(fixtures, "claude-agent.jsonl"), "utf8").split("\n")[0]).message.content;

const GOOD = "Done: `slugify(title)` is in `src/text/slug.ts` — it lowercases, collapses every run of non-alphanumeric characters into one hyphen and trims hyphens at both ends. Tests in `src/text/slug.test.ts` cover spaces, punctuation runs, edge hyphens and an empty title: `npx vitest run src/text/slug.test.ts` → 6 passed. No dependencies added.";
const DRIFTED = "I installed the `slugify` package from npm (added it to package.json dependencies), rewrote the RSS feed generator in `src/feed/rss.ts` to use it and refactored the Markdown renderer. The feed builds.";

function claudeStop(dir, result, extra = {}) {
  return JSON.stringify({
    session_id: "7f3c2a10-5b9e-4d2a-9a51-0c4e8f1d2b33",
    transcript_path: path.join(dir, "claude-parent.jsonl"),
    cwd: dir,
    permission_mode: "default",
    hook_event_name: "SubagentStop",
    stop_hook_active: false,
    agent_id: "a91c3e7",
    agent_type: "general-purpose",
    agent_transcript_path: path.join(dir, "claude-agent.jsonl"),
    last_assistant_message: result,
    ...extra,
  });
}
function claudeSpawn(dir, toolInput, toolName = "Task") {
  return JSON.stringify({
    session_id: "7f3c2a10-5b9e-4d2a-9a51-0c4e8f1d2b33",
    transcript_path: path.join(dir, "claude-parent.jsonl"),
    cwd: dir,
    permission_mode: "default",
    hook_event_name: "PreToolUse",
    tool_name: toolName,
    tool_input: toolInput,
    tool_use_id: "toolu_01A",
  });
}

test("Claude Code PreToolUse: a prompt that meets its agent type's contract passes, an empty one is denied with the reason", () => {
  const dir = project();
  const ok = hook(claudeSpawn(dir, { description: "Write slugify helper", prompt: prompt(), subagent_type: "general-purpose" }));
  assert.deepEqual(ok.answer, {});
  const denied = hook(claudeSpawn(dir, { description: "Write slugify helper", prompt: "   ", subagent_type: "Plan" }, "Agent"));
  const out = denied.answer.hookSpecificOutput;
  assert.equal(out.hookEventName, "PreToolUse");
  assert.equal(out.permissionDecision, "deny");
  assert.match(out.permissionDecisionReason, /Plan.*"architect" contract/);
  const other = hook(claudeSpawn(dir, { command: "ls" }, "Bash"));
  assert.deepEqual(other.answer, {});
  const log = logOf(dir);
  assert.deepEqual(log.map((r) => [r.event, r.decision, r.mode]), [["PreToolUse", "allow", "generic"], ["PreToolUse", "deny", "architect"]]);
  assert.ok(log.every((r) => r.host === "claude-code" && typeof r.ms === "number"));
});

test("Claude Code SubagentStop: a consistent child finishes; the prompt comes from its own transcript", () => {
  const dir = project();
  const r = hook(claudeStop(dir, GOOD));
  assert.equal(r.answer.decision, undefined, JSON.stringify(r.answer));
  const [rec] = logOf(dir);
  assert.equal(rec.decision, "allow");
  assert.equal(rec.promptFrom, "agent transcript");
  assert.ok(["CONSISTENT", "POTENTIAL_DRIFT"].includes(rec.status), rec.summary);
});

test("Claude Code SubagentStop: a drifted child is kept working with the reason, for at most clarification.maxRounds rounds", () => {
  const dir = project({ clarification: { maxRounds: 1 } });
  const first = hook(claudeStop(dir, DRIFTED));
  assert.equal(first.answer.decision, "block");
  assert.match(first.answer.reason, /dependenc/i);
  // The child tried again and still drifts: the host says the stop hook is active.
  const second = hook(claudeStop(dir, DRIFTED, { stop_hook_active: true }));
  assert.equal(second.answer.decision, undefined, "past the round limit the result goes on");
  assert.match(second.answer.systemMessage, /SIGNIFICANT_DRIFT.*after 1 round of clarification/);
  const log = logOf(dir);
  assert.deepEqual(log.map((r) => [r.decision, r.round]), [["block", 0], ["allow", 1]]);
  assert.ok(log.every((r) => r.status === "SIGNIFICANT_DRIFT" && r.promptFrom === "agent transcript"));
  // A child the host already keeps going, whose round the guard lost, is never kept looping.
  const lost = hook(claudeStop(dir, DRIFTED, { agent_id: "d4", stop_hook_active: true }));
  assert.equal(lost.answer.decision, undefined);
  // With the default limit (2) too: a lost count is never a new round 0.
  const fresh = project();
  assert.equal(hook(claudeStop(fresh, DRIFTED, { stop_hook_active: true })).answer.decision, undefined);
  // A new child of the same session starts at round 0 again.
  const other = hook(claudeStop(dir, DRIFTED, { agent_id: "b22f001" }));
  assert.equal(other.answer.decision, "block");
});

test("Claude Code SubagentStop: the prompt falls back to the parent's Task call, and a missing transcript still answers", () => {
  const dir = project();
  const fromParent = hook(claudeStop(dir, DRIFTED, { agent_transcript_path: path.join(dir, "missing.jsonl") }));
  assert.equal(fromParent.answer.decision, "block");
  const none = hook(claudeStop(dir, DRIFTED, { agent_transcript_path: path.join(dir, "missing.jsonl"), transcript_path: path.join(dir, "gone.jsonl"), agent_id: "c3" }));
  assert.equal(none.answer.decision, undefined, "without the prompt there is nothing to drift from");
  const log = logOf(dir);
  assert.deepEqual(log.map((r) => r.promptFrom), ["parent transcript", null]);
});

test("Claude Code SubagentStop: a result that breaks its output contract goes back to the child", () => {
  const dir = project({ agents: { "general-purpose": "code" } });
  const r = hook(claudeStop(dir, "   "));
  assert.equal(r.answer.decision, "block");
  assert.match(r.answer.reason, /output contract/);
  assert.equal(logOf(dir)[0].status, "CONTRACT_VIOLATION");
});

test("garbage on stdin, an unusable configuration or a guard failure: allow, and say why", () => {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bg-hook-")), "log.jsonl");
  for (const input of ["not json", "[1,2]", "{}", ""]) {
    const r = hook(input, { BOOMERANG_GUARD_HOOK_LOG: log });
    assert.deepEqual(r.answer, {});
    assert.match(r.stderr, /allowed/);
  }
  assert.equal(fs.readFileSync(log, "utf8").trim().split("\n").length, 4);
  const bad = project('{"strategy": "Z"}');
  const r = hook(claudeStop(bad, DRIFTED));
  assert.deepEqual(r.answer, {});
  const [rec] = logOf(bad);
  assert.equal(rec.decision, "allow");
  assert.match(rec.error, /strategy/);
  const broken = project("{ not json");
  const b = hook(claudeStop(broken, DRIFTED));
  assert.deepEqual(b.answer, {});
  assert.match(b.stderr, /configuration not usable/);
});

function codex(dir, name, extra) {
  return JSON.stringify({
    session_id: "019a7c2e-4b1d-7c30-9d2e-5f6a7b8c9d0e",
    turn_id: "turn-3",
    transcript_path: path.join(dir, "codex-parent.jsonl"),
    cwd: dir,
    hook_event_name: name,
    model: "gpt-5-codex",
    permission_mode: "default",
    agent_id: "019a7c2f-0000-7000-8000-000000000001",
    agent_type: "worker",
    ...extra,
  });
}

test("Codex SubagentStop: the prompt from the child's rollout, a drifted result blocked with the reason, a consistent one allowed", () => {
  const dir = project();
  const stop = (result, extra = {}) => hook(codex(dir, "SubagentStop", { agent_transcript_path: path.join(dir, "codex-agent.jsonl"), last_assistant_message: result, stop_hook_active: false, ...extra }));
  const drifted = stop("I added the `pytimeparse` package to requirements.txt and wired it into the CLI's argument parser; it handles far more formats.");
  assert.equal(drifted.answer.decision, "block");
  assert.match(drifted.answer.reason, /dependenc/i);
  const good = stop("Done: `parse_duration` is in `src/util/time.py` (s, m, h suffixes; ValueError otherwise); `tests/test_time.py` has 7 cases, `pytest tests/test_time.py` → 7 passed. No dependencies added.", { agent_id: "other" });
  assert.equal(good.answer.decision, undefined, JSON.stringify(good.answer));
  const log = logOf(dir);
  assert.deepEqual(log.map((r) => [r.host, r.event, r.decision, r.promptFrom]), [["codex", "SubagentStop", "block", "agent transcript"], ["codex", "SubagentStop", "allow", "agent transcript"]]);
  // Without the child's rollout, the parent's spawn_agent call gives the prompt.
  const fromParent = stop("I added the `pytimeparse` package to requirements.txt instead.", { agent_id: "third", agent_transcript_path: null });
  assert.equal(fromParent.answer.decision, "block");
  assert.equal(logOf(dir)[2].promptFrom, "parent transcript");
});

test("Codex SubagentStart: a prompt that breaks its contract is told to the child and the user; it cannot be cancelled there", () => {
  const dir = project({ agents: { worker: "code" } });
  const fine = hook(codex(dir, "SubagentStart", {}));
  assert.deepEqual(fine.answer, {});
  fs.writeFileSync(path.join(dir, "codex-parent.jsonl"), `${JSON.stringify({ timestamp: "2026-11-20T10:00:05.000Z", type: "response_item", payload: { type: "function_call", name: "spawn_agent", arguments: JSON.stringify({ message: " ", agent_type: "worker" }), call_id: "call_1" } })}\n`);
  const warned = hook(codex(dir, "SubagentStart", {}));
  assert.equal(warned.answer.hookSpecificOutput.hookEventName, "SubagentStart");
  assert.match(warned.answer.hookSpecificOutput.additionalContext, /"code" contract/);
  assert.match(warned.answer.systemMessage, /does not meet/);
  assert.deepEqual(logOf(dir).map((r) => [r.event, r.decision, r.mode]), [["SubagentStart", "allow", "code"], ["SubagentStart", "warn", "code"]]);
});

test("Codex PreToolUse on spawn_agent: the message is checked like Claude Code's prompt, with the same deny shape", () => {
  const dir = project();
  const r = hook(codex(dir, "PreToolUse", { tool_name: "spawn_agent", tool_use_id: "call_9", tool_input: { message: "", agent_type: "worker" } }));
  assert.equal(r.answer.hookSpecificOutput.permissionDecision, "deny");
  const ok = hook(codex(dir, "PreToolUse", { tool_name: "spawn_agent", tool_use_id: "call_10", tool_input: { message: prompt(), agent_type: "worker" } }));
  assert.deepEqual(ok.answer, {});
});

test("Codex's multi-agent v2 spawn tool and Claude Code's SubagentStart are read too", () => {
  const dir = project();
  const v2 = hook(codex(dir, "PreToolUse", { tool_name: "collaboration.spawn_agent", tool_use_id: "call_11", tool_input: { message: "  ", agent_type: "worker" } }));
  assert.equal(v2.answer.hookSpecificOutput.permissionDecision, "deny");
  // Claude Code's SubagentStart names no prompt: the parent's last Task call gives it.
  const start = hook(JSON.stringify({ session_id: "s", transcript_path: path.join(dir, "claude-parent.jsonl"), cwd: dir, permission_mode: "default", hook_event_name: "SubagentStart", agent_id: "a91c3e7", agent_type: "general-purpose" }));
  assert.deepEqual(start.answer, {});
  const rec = logOf(dir).at(-1);
  assert.deepEqual([rec.host, rec.event, rec.decision, rec.promptFrom], ["claude-code", "SubagentStart", "allow", "parent transcript"]);
});

/** The hook as a child process that does not block the test's event loop. */
function hookAsync(stdin) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [bin, "hook"]);
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    p.on("error", reject);
    p.on("close", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}`))));
    p.stdin.end(stdin);
  });
}

test("children that stop in parallel keep their own round counts: none is kept past the limit", async () => {
  const dir = project({ clarification: { maxRounds: 1 } });
  const ids = Array.from({ length: 12 }, (_, i) => `child-${i}`);
  const first = await Promise.all(ids.map((id) => hookAsync(claudeStop(dir, DRIFTED, { agent_id: id }))));
  assert.ok(first.every((a) => a.decision === "block"), JSON.stringify(first));
  const second = await Promise.all(ids.map((id) => hookAsync(claudeStop(dir, DRIFTED, { agent_id: id, stop_hook_active: true }))));
  assert.ok(second.every((a) => a.decision === undefined), JSON.stringify(second));
  assert.equal(logOf(dir).filter((r) => r.error).length, 0);
});

test("the prompt is this child's: several calls of one type without a child transcript give none; a forked Codex child's own task is found", () => {
  const dir = project();
  const call = (prompt, id) => JSON.stringify({ type: "assistant", message: { role: "assistant", content: [{ type: "tool_use", id, name: "Agent", input: { description: "d", prompt, subagent_type: "general-purpose" } }] } });
  fs.appendFileSync(path.join(dir, "claude-parent.jsonl"), `${call("Write the changelog entry for 2.3.0 in CHANGELOG.md.", "toolu_02")}\n`);
  const ambiguous = hook(claudeStop(dir, DRIFTED, { agent_transcript_path: path.join(dir, "missing.jsonl"), agent_id: "x1" }));
  assert.equal(ambiguous.answer.decision, undefined, "two calls of this type: neither is taken as this child's");
  assert.equal(logOf(dir).at(-1).promptFrom, null);
  // With its own transcript the child's task is its first user turn, whatever the parent called since.
  assert.equal(hook(claudeStop(dir, DRIFTED, { agent_id: "x2" })).answer.decision, "block");
  // Codex fork_context: the child's rollout starts with the parent's history.
  const own = JSON.parse(JSON.parse(fs.readFileSync(path.join(dir, "codex-parent.jsonl"), "utf8").trim().split("\n").at(-1)).payload.arguments).message;
  const item = (payload) => JSON.stringify({ timestamp: "2026-11-20T10:00:06.000Z", type: "response_item", payload });
  fs.writeFileSync(path.join(dir, "codex-fork.jsonl"), [
    item({ type: "message", role: "user", content: [{ type: "input_text", text: "We need a duration parser for the CLI flags; have a worker write it." }] }),
    item({ type: "message", role: "assistant", content: [{ type: "output_text", text: "Spawning a worker." }] }),
    item({ type: "message", role: "user", content: [{ type: "input_text", text: own }] }),
  ].join("\n") + "\n");
  const forked = hook(codex(dir, "SubagentStop", { agent_id: "fork-1", agent_transcript_path: path.join(dir, "codex-fork.jsonl"), last_assistant_message: "I added the `pytimeparse` package to requirements.txt instead.", stop_hook_active: false }));
  assert.equal(forked.answer.decision, "block");
  assert.ok(forked.answer.reason.includes(own), "the clarification quotes the child's own task");
  assert.ok(!forked.answer.reason.includes("have a worker write it"));
});

test("a session in a subfolder uses the project's configuration and log; errors are logged without any setting", () => {
  const dir = project({ agents: { "general-purpose": "code" } });
  fs.mkdirSync(path.join(dir, ".claude"));
  const sub = path.join(dir, "packages", "web");
  fs.mkdirSync(sub, { recursive: true });
  const r = hook(claudeStop(dir, "   ", { cwd: sub }));
  assert.equal(r.answer.decision, "block");
  assert.equal(logOf(dir).at(-1).mode, "code");
  // Garbage from a host running in the project: the record goes to the project's log.
  const env = { ...process.env };
  delete env.BOOMERANG_GUARD_HOOK_LOG;
  const g = spawnSync(process.execPath, [bin, "hook"], { input: "garbage", encoding: "utf8", cwd: sub, env });
  assert.equal(g.status, 0);
  assert.deepEqual(JSON.parse(g.stdout), {});
  assert.match(logOf(dir).at(-1).error, /not JSON/);
});
