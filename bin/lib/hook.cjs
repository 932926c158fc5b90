// `boomerang-guard hook`: one command hook for hosts that delegate to subagents and let a
// command answer at the boundary — Claude Code (PreToolUse on its Task/Agent tool, SubagentStop)
// and Codex CLI (SubagentStart, SubagentStop). The event arrives as JSON on stdin; the answer is
// JSON on stdout. Every decision is the guard's (`checkTaskInput`, `integrate`); this file reads
// the hosts' shapes, finds the prompt the child was given, and maps the outcome to the host's
// answer. Field names and answer shapes: docs/hooks.md lists the sources relied on.
"use strict";
const crypto = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");

/** Subagent tools: Claude Code's `Agent` (`Task` before v2.1.63), Codex's `spawn_agent` (its
 * multi-agent v2 tool: `collaboration.spawn_agent`). */
const SUBAGENT_TOOLS = new Set(["Task", "Agent", "spawn_agent", "collaboration.spawn_agent"]);
/** Claude Code's built-in agent types and the contract each is checked against. */
const DEFAULT_AGENTS = { "general-purpose": "generic", Explore: "ask", Plan: "architect", default: "generic" };
// Strategy B by default: the hosts' "block" keeps the child working with the reason, which is
// what clarification is. Its round limit is the guard's own (`clarification.maxRounds`).
const DEFAULTS = { log: ".boomerang-guard/verification.jsonl", state: ".boomerang-guard/rounds", strategy: "B", maxRounds: 2 };
const MAX_TRANSCRIPT_BYTES = 64 * 1024 * 1024;

class HookInputError extends Error {}

/**
 * The event, in one shape for both hosts: `{ host, kind: "spawn" | "start" | "stop" | "other", name, cwd,
 * sessionId, agentType, agentId, prompt, result, transcriptPath, agentTranscriptPath,
 * stopHookActive }`. Throws HookInputError when stdin is not a hook event.
 */
function readEvent(text) {
  let e;
  try {
    e = JSON.parse(text);
  } catch (err) {
    throw new HookInputError(`stdin is not JSON (${err.message})`);
  }
  if (!e || typeof e !== "object" || Array.isArray(e)) throw new HookInputError("stdin is not a JSON object");
  const name = str(e.hook_event_name);
  if (!name) throw new HookInputError("no hook_event_name: not a hook event");
  // Codex's command-hook inputs all carry `model` (and its subagent events `turn_id`); Claude
  // Code's tool and subagent events carry neither.
  const host = "turn_id" in e || "model" in e ? "codex" : "claude-code";
  const base = {
    host,
    name,
    cwd: str(e.cwd) ?? process.cwd(),
    sessionId: str(e.session_id),
    transcriptPath: str(e.transcript_path),
    agentTranscriptPath: str(e.agent_transcript_path),
    agentType: str(e.agent_type),
    agentId: str(e.agent_id),
    stopHookActive: e.stop_hook_active === true,
  };
  if (name === "PreToolUse") {
    if (!SUBAGENT_TOOLS.has(str(e.tool_name) ?? "")) return { ...base, kind: "other" };
    const input = e.tool_input && typeof e.tool_input === "object" ? e.tool_input : {};
    // Claude Code: { prompt, description, subagent_type }; Codex's spawn_agent: { message, agent_type }.
    return { ...base, kind: "spawn", agentType: str(input.subagent_type) ?? str(input.agent_type) ?? "default", prompt: str(input.prompt) ?? str(input.message), toolUseId: str(e.tool_use_id) };
  }
  // SubagentStart names the child, not its prompt: that is in the parent's transcript.
  if (name === "SubagentStart") return { ...base, kind: "start" };
  if (name === "SubagentStop") return { ...base, kind: "stop", result: str(e.last_assistant_message) };
  return { ...base, kind: "other" };
}

const str = (v) => (typeof v === "string" ? v : undefined);

/** JSON lines of a transcript, the unreadable ones skipped; [] when the file cannot be read. */
function transcriptLines(file) {
  if (!file) return [];
  let text;
  try {
    const size = fs.statSync(file).size;
    if (size > MAX_TRANSCRIPT_BYTES) return [];
    text = fs.readFileSync(file, "utf8");
  } catch {
    return [];
  }
  const out = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line));
    } catch {
      // A line being written while we read, or garbage: the rest still counts.
    }
  }
  return out;
}

/** The text of a message's content: a string, or the text blocks of an array. */
function textOf(content) {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return undefined;
  const parts = content.filter((b) => b && typeof b === "object" && (b.type === "text" || b.type === "input_text") && typeof b.text === "string").map((b) => b.text);
  return parts.length ? parts.join("\n") : undefined;
}

/**
 * The prompt this child was given: the parent's subagent call of its agent type whose prompt the
 * child's transcript holds; else the child's first user turn, unless its transcript opens with
 * another agent's turns (forked); else, without a child transcript, the parent's call when it is
 * the only one of this agent type. Never another child's task: null when unsure.
 */
function findPrompt(event, { childTranscript = true } = {}) {
  const child = childTranscript ? transcriptLines(event.agentTranscriptPath) : [];
  const calls = [];
  for (const line of transcriptLines(event.transcriptPath)) calls.push(...spawnCallsOf(line));
  // Calls of this child's agent type; a call of another type is never this child's.
  const same = calls.filter((c) => !event.agentType || !c.agentType || c.agentType === event.agentType);
  const userTexts = child.map(childPromptOf).filter((t) => t !== undefined);
  // A parent call whose prompt the child's transcript holds is this child's, whatever else the
  // transcript holds (a forked child starts with the parent's whole history).
  const matched = same.filter((c) => userTexts.includes(c.prompt)).at(-1);
  if (matched) return { prompt: matched.prompt, from: "agent transcript" };
  if (userTexts.length && !forked(child)) return { prompt: userTexts[0], from: "agent transcript" };
  // Without the child's own transcript the parent's call is taken only when it cannot be
  // another child's: one call of this agent type.
  if (!userTexts.length && same.length === 1) return { prompt: same[0].prompt, from: "parent transcript" };
  return null;
}

/** A transcript that holds another agent's turns before its prompt (Codex `fork_context`). */
function forked(lines) {
  for (const line of lines) {
    if (childPromptOf(line) !== undefined) return false;
    const p = line?.payload;
    if (line?.type === "response_item" && p && (p.role === "assistant" || p.type === "function_call")) return true;
    if (line?.type === "assistant") return true;
  }
  return false;
}

/** A child transcript's first user turn (Claude Code: `{type:"user", message:{content}}`; Codex: a user `response_item`). */
function childPromptOf(line) {
  if (line?.type === "user" && line.message?.role === "user") {
    const content = line.message.content;
    // Tool results come back as user turns too; the prompt is the first text turn.
    if (Array.isArray(content) && content.some((b) => b?.type === "tool_result")) return undefined;
    return textOf(content);
  }
  if (line?.type === "response_item" && line.payload?.type === "message" && line.payload.role === "user") {
    const t = textOf(line.payload.content);
    // Codex opens a rollout with environment and instruction blocks before the user's turn.
    if (t && !/^\s*(<environment_context>|<user_instructions>|# AGENTS\.md)/.test(t)) return t;
  }
  return undefined;
}

/** Subagent calls in one parent transcript line: `{ prompt, agentType }`. */
function spawnCallsOf(line) {
  const out = [];
  if (line?.type === "assistant" && Array.isArray(line.message?.content)) {
    for (const b of line.message.content) {
      if (b?.type === "tool_use" && SUBAGENT_TOOLS.has(b.name) && typeof b.input?.prompt === "string") {
        out.push({ prompt: b.input.prompt, agentType: str(b.input.subagent_type) ?? "general-purpose" });
      }
    }
  }
  if (line?.type === "response_item" && line.payload?.type === "function_call" && /spawn|agent/i.test(str(line.payload.name) ?? "")) {
    try {
      const args = JSON.parse(line.payload.arguments ?? "{}");
      const prompt = str(args.message) ?? str(args.prompt) ?? str(args.task);
      if (prompt) out.push({ prompt, agentType: str(args.agent_type) ?? str(args.agent) });
    } catch {
      // Arguments that are not JSON name no prompt.
    }
  }
  return out;
}

/**
 * The project folder of `cwd`: the nearest folder upward holding `.boomerang-guard.json`,
 * `.claude`, `.codex` or `.git` (a session that moved into a subfolder keeps its settings,
 * rounds and log); `cwd` itself when none does.
 */
function projectRoot(cwd) {
  let dir = path.resolve(cwd);
  for (;;) {
    if ([".boomerang-guard.json", ".claude", ".codex", ".git"].some((m) => fs.existsSync(path.join(dir, m)))) return dir;
    const up = path.dirname(dir);
    if (up === dir) return path.resolve(cwd);
    dir = up;
  }
}

/** The log for a decision made before any configuration could be read. */
function defaultLog(env = process.env, cwd = process.cwd()) {
  return env.BOOMERANG_GUARD_HOOK_LOG ?? path.join(projectRoot(cwd), DEFAULTS.log);
}

/** `.boomerang-guard.json` of the project (found from the event's cwd), or BOOMERANG_GUARD_CONFIG. */
function loadConfig(cwd, env = process.env) {
  const root = projectRoot(cwd);
  const file = env.BOOMERANG_GUARD_CONFIG ?? path.join(root, ".boomerang-guard.json");
  const exists = fs.existsSync(file);
  const raw = exists ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new Error(`${file} is not a JSON object`);
  const { agents, log, state, ...guardConfig } = raw;
  const resolve = (p) => (path.isAbsolute(p) ? p : path.join(root, p));
  return {
    file: exists ? file : null,
    agents: { ...DEFAULT_AGENTS, ...(agents ?? {}) },
    maxRounds: Number.isInteger(guardConfig.clarification?.maxRounds) ? guardConfig.clarification.maxRounds : DEFAULTS.maxRounds,
    log: env.BOOMERANG_GUARD_HOOK_LOG ?? resolve(log ?? DEFAULTS.log),
    stateDir: resolve(state ?? DEFAULTS.state),
    guard: { judge: { mode: "never" }, strategy: DEFAULTS.strategy, ...guardConfig, contracts: { unknownMode: "generic", ...(guardConfig.contracts ?? {}) } },
  };
}

const modeOf = (config, agentType) => config.agents[agentType ?? "default"] ?? config.agents.default ?? "generic";

/**
 * Rounds of clarification already sent to one child, across hook processes: one small file per
 * child (children stop in parallel; no file is shared between them), written to a unique
 * temporary name and renamed, so a reader sees the old or the new count, never half of one.
 */
const roundFile = (dir, childId) => path.join(dir, `${crypto.createHash("sha256").update(childId).digest("hex").slice(0, 32)}.json`);
function readRound(dir, childId) {
  try {
    const s = JSON.parse(fs.readFileSync(roundFile(dir, childId), "utf8"));
    return s && typeof s === "object" && Number.isInteger(s.round) ? s : undefined;
  } catch {
    return undefined;
  }
}
function writeRound(dir, childId, value) {
  const file = roundFile(dir, childId);
  if (value === undefined) {
    fs.rmSync(file, { force: true });
    return;
  }
  fs.mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify({ ...value, childId }));
  fs.renameSync(tmp, file);
}

/** A prompt against its agent type's input contract, with the sentence both hosts are told. */
function checkTask(event, guard, mode, prompt) {
  const check = guard.checkTaskInput({ mode, message: prompt });
  const note = check.ok ? undefined : `boomerang-guard: the ${event.agentType ?? "subagent"} task does not meet the "${mode}" contract. ${check.summary}`;
  return { check, note };
}

/** The spawn event: the child's prompt against its agent type's input contract. */
function onSpawn(event, guard, config) {
  const mode = modeOf(config, event.agentType);
  if (event.prompt === undefined) return { answer: allow(), record: { decision: "allow", mode, reason: "no prompt in the event" } };
  const { check, note } = checkTask(event, guard, mode, event.prompt);
  if (check.ok) return { answer: allow(), record: { decision: "allow", mode, status: "CONSISTENT" } };
  return { answer: deny(note), record: { decision: "deny", mode, status: "CONTRACT_VIOLATION", reason: note, errors: check.errors } };
}

/**
 * SubagentStart: the child exists already and the hosts cannot cancel it here, so a prompt that
 * breaks its contract is told to the child (additionalContext) and to the user (systemMessage).
 */
function onStart(event, guard, config) {
  const mode = modeOf(config, event.agentType);
  const found = findPrompt(event, { childTranscript: false });
  if (!found) return { answer: {}, record: { decision: "allow", mode, reason: "no prompt found in the parent's transcript" } };
  const { check, note } = checkTask(event, guard, mode, found.prompt);
  if (check.ok) return { answer: {}, record: { decision: "allow", mode, status: "CONSISTENT", promptFrom: found.from } };
  const answer = {
    systemMessage: note,
    hookSpecificOutput: { hookEventName: "SubagentStart", additionalContext: `${note} Where the task leaves out what you need, say so in your result instead of guessing.` },
  };
  return { answer, record: { decision: "warn", mode, status: "CONTRACT_VIOLATION", promptFrom: found.from, errors: check.errors } };
}

/** The stop event: the core's integration step, its outcome mapped to the host's answer. */
async function onStop(event, guard, config) {
  const mode = modeOf(config, event.agentType);
  const childId = event.agentId ?? event.agentTranscriptPath ?? "subagent";
  if (event.result === undefined) return { answer: allow(), record: { decision: "allow", mode, reason: "no last_assistant_message in the event" } };
  const found = findPrompt(event);
  const kept = readRound(config.stateDir, childId);
  // A child the host already keeps going (stop_hook_active) whose count was lost is taken as
  // past the round limit: it must never loop.
  const round = kept?.round ?? (event.stopHookActive ? config.maxRounds : 0);
  const integration = await guard.integrate({
    host: "seed",
    childTaskId: childId,
    result: event.result,
    mode,
    ...(found ? { instructions: found.prompt } : {}),
    round,
    ...(kept?.score !== undefined ? { previousScore: kept.score } : {}),
  });
  const base = { mode, status: integration.status, score: integration.verdict?.score ?? null, promptFrom: found?.from ?? null, round, summary: integration.summary };
  const forget = () => writeRound(config.stateDir, childId, undefined);
  const keep = (next) => writeRound(config.stateDir, childId, next);
  if (integration.clarification !== undefined) {
    // Strategy B: the core decided another round (its round limit and progress rule).
    keep({ round: integration.nextRound?.round ?? round + 1, ...(integration.nextRound?.score !== undefined ? { score: integration.nextRound.score } : {}) });
    return { answer: block(integration.clarification), record: { ...base, decision: "block" } };
  }
  if (integration.status === "CONTRACT_VIOLATION" && round < config.maxRounds) {
    const reason = `boomerang-guard: your result does not meet the "${mode}" output contract. ${integration.check.summary} Fix it and finish again.`;
    keep({ round: round + 1 });
    return { answer: block(reason), record: { ...base, decision: "block", reason } };
  }
  forget();
  if (integration.held !== undefined) {
    return { answer: stop(`boomerang-guard held the ${event.agentType ?? "subagent"} result for review: ${integration.summary}`), record: { ...base, decision: "stop" } };
  }
  const note = integration.status === "CONSISTENT" ? undefined : `boomerang-guard: ${integration.summary}${round > 0 ? ` (after ${round} round${round > 1 ? "s" : ""} of clarification)` : ""}`;
  return { answer: allow(note), record: { ...base, decision: "allow" } };
}

// ---- the hosts' answers -------------------------------------------------------------------
// Both hosts read the same shapes: PreToolUse's hookSpecificOutput.permissionDecision, the stop
// events' decision/reason, and the common continue/stopReason/systemMessage (docs/hooks.md).
const allow = (note) => (note ? { systemMessage: note } : {});
const deny = (reason) => ({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } });
const block = (reason) => ({ decision: "block", reason });
const stop = (reason) => ({ continue: false, stopReason: reason });

/**
 * Runs one event. Never throws: bad input, a guard failure or the time limit give "allow" with
 * the error logged (the host's session must not fail because of the guard).
 */
async function runHook(stdinText, { createGuardSync, env = process.env, now = () => Date.now() } = {}) {
  const started = now();
  let event;
  try {
    event = readEvent(stdinText);
  } catch (e) {
    return { answer: {}, record: { decision: "allow", error: e.message }, event: null, log: defaultLog(env) };
  }
  let config;
  try {
    config = loadConfig(event.cwd, env);
  } catch (e) {
    return { answer: {}, record: { decision: "allow", error: `configuration not usable: ${e.message}` }, event, log: defaultLog(env, event.cwd) };
  }
  if (event.kind === "other") return { answer: {}, record: null, event, config, log: config.log };
  try {
    const guard = createGuardSync(config.guard);
    const { answer, record } = event.kind === "spawn" ? onSpawn(event, guard, config) : event.kind === "start" ? onStart(event, guard, config) : await onStop(event, guard, config);
    return { answer, record: { ...record, ms: now() - started }, event, config, log: config.log };
  } catch (e) {
    return { answer: {}, record: { decision: "allow", error: `${e.code ? `${e.code}: ` : ""}${e.message}`, ms: now() - started }, event, config, log: config.log };
  }
}

/** One verification-log line for an event's decision. */
function logLine(event, record) {
  return JSON.stringify({
    timestamp: new Date().toISOString(),
    source: "hook",
    host: event?.host ?? null,
    event: event?.name ?? null,
    sessionId: event?.sessionId ?? null,
    agentType: event?.agentType ?? null,
    agentId: event?.agentId ?? null,
    ...record,
  });
}

module.exports = { runHook, readEvent, findPrompt, loadConfig, logLine, defaultLog, HookInputError };
