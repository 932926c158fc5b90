"use strict";
// Wall time of `boomerang-guard hook` per event, as a host pays it: a fresh Node process per
// event (spawn, load, instantiate, decide, answer). Both hosts' default command-hook timeout
// is 600 s; the guard's own budget is BOOMERANG_GUARD_HOOK_TIMEOUT_MS (default 20 s).
//   node bench/hook.bench.cjs [runs]
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { spawnSync } = require("node:child_process");

const root = path.join(__dirname, "..");
const bin = path.join(root, "bin", "boomerang-guard.cjs");
const fixtures = path.join(root, "tests", "fixtures", "hooks");
/** Median and max wall time per event kind, and a bare `node -e 0` for scale. */
function hookWallTimes(runs = 10) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bg-hook-bench-"));
  for (const f of fs.readdirSync(fixtures)) fs.copyFileSync(path.join(fixtures, f), path.join(dir, f));
  const prompt = JSON.parse(fs.readFileSync(path.join(dir, "claude-agent.jsonl"), "utf8").split("\n")[0]).message.content;
  const common = { session_id: "s", transcript_path: path.join(dir, "claude-parent.jsonl"), cwd: dir, permission_mode: "default" };
  const events = {
    "PreToolUse (Task)": { ...common, hook_event_name: "PreToolUse", tool_name: "Task", tool_input: { prompt, description: "d", subagent_type: "general-purpose" } },
    SubagentStop: { ...common, hook_event_name: "SubagentStop", stop_hook_active: false, agent_id: "a1", agent_type: "general-purpose", agent_transcript_path: path.join(dir, "claude-agent.jsonl"), last_assistant_message: "Done: `slugify` is in `src/text/slug.ts`, tests in `src/text/slug.test.ts` (6 passed). No dependencies added." },
    "no-op (PreToolUse Bash)": { ...common, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } },
  };
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const nodeOnly = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    spawnSync(process.execPath, ["-e", "0"]);
    nodeOnly.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  const out = { bareNodeMs: median(nodeOnly), events: {} };
  for (const [name, event] of Object.entries(events)) {
    const times = [];
    for (let i = 0; i < runs; i++) {
      const t = process.hrtime.bigint();
      const r = spawnSync(process.execPath, [bin, "hook"], { input: JSON.stringify({ ...event, agent_id: `a${i}` }), encoding: "utf8" });
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
      if (r.status !== 0) throw new Error(r.stderr);
    }
    out.events[name] = { medianMs: median(times), maxMs: Math.max(...times), runs };
  }
  return out;
}

function print(r, say = console.log) {
  say(`Bare Node process: median ${r.bareNodeMs.toFixed(0)} ms.`);
  for (const [name, t] of Object.entries(r.events)) say(`${name}: median ${t.medianMs.toFixed(0)} ms, max ${t.maxMs.toFixed(0)} ms over ${t.runs} events (default hook timeouts: 600,000 ms in Claude Code and Codex).`);
}

module.exports = { hookWallTimes, print };
if (require.main === module) print(hookWallTimes(Number(process.argv[2]) || 10));
