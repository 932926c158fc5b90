#!/usr/bin/env node
// The boomerang-guard CLI: check, audit, graph, eval, hook.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const readline = require("node:readline");
// The CLI registers no schema: the build without a JSON Schema compiler loads in half the time.
const { createGuardSync } = require("../dist/cjs/lite-node.js");
const { audit, emit } = require("./lib/audit.cjs");
const { mermaidGraph } = require("./lib/mermaid.cjs");
const { splitOf } = require("./lib/split.cjs");
const { runHook, logLine, defaultLog } = require("./lib/hook.cjs");

const USAGE = `usage: boomerang-guard <command> [options]

  check --instructions FILE --result FILE [--mode M] [--json] [--config FILE]
                       verifies one child result against the instructions it was given;
                       exit 0 consistent, 1 drifted or contract violation, 2 usage or I/O error
  audit DIR [--out report.md] [--log LOG.jsonl] [--config FILE]
                       reads a Roo Code tasks folder (globalStorage/tasks or its parent), verifies
                       every delegation and writes a Markdown report with a Mermaid task graph;
                       exit 0 unless nothing could be read
  hook                 a command hook for Claude Code (PreToolUse on Task/Agent, SubagentStop) and
                       Codex CLI (SubagentStart, SubagentStop): the event JSON on stdin, the
                       answer JSON on stdout; configuration in .boomerang-guard.json of the
                       project; always exit 0 (a failure of the guard allows and is logged)
  graph LOG.jsonl      the Mermaid task graph of a verification log (JSON lines of records)
  eval FILE.jsonl... [--split all|train|validation] [--per-pair OUT.jsonl]
                       pairwise accuracy of the drift stage on labelled pairs
                       ({"id", "instruction", "output_a", "output_b", "label": "a"|"b", "source"});
                       prints {"overall", "by_source", "pairs", "split", "decided", "precision"}:
                       accuracy (ties half), the share of results the stage decides without a
                       judge, and the precision of those decisions, per source; --per-pair writes
                       each pair's scores, decisions and signals

The CLI has no LLM: verification uses the keyword and concept stage (judge.mode "never"), and
modes without a contract get the generic one. --config FILE (JSON) overrides that.`;

function fail(message, code = 2) {
  process.stderr.write(`boomerang-guard: ${message}\n`);
  process.exit(code);
}

function evalCommand(args) {
  const { opts, rest: files } = parseArgs(args, ["per-pair", "split"]);
  if (files.length === 0) fail(`eval needs at least one FILE.jsonl\n\n${USAGE}`);
  const split = opts.split ?? "all";
  if (!["all", "train", "validation"].includes(split)) fail(`--split must be all, train or validation\n\n${USAGE}`);
  const guard = createGuardSync();
  const per = new Map();
  let perPair;
  if (opts["per-pair"]) {
    try {
      perPair = fs.openSync(opts["per-pair"], "w");
    } catch (e) {
      fail(`cannot write ${opts["per-pair"]}: ${e.message}`);
    }
  }
  const total = { right: 0, n: 0, decided: 0, decidedRight: 0 };
  for (const file of files) {
    let text;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (e) {
      fail(`cannot read ${file}: ${e.message}`);
    }
    text.split("\n").forEach((line, i) => {
      if (!line.trim()) return;
      let p;
      try {
        p = JSON.parse(line);
      } catch (e) {
        fail(`${file}:${i + 1}: not JSON (${e.message})`);
      }
      for (const k of ["instruction", "output_a", "output_b", "label"]) {
        if (typeof p[k] !== "string") fail(`${file}:${i + 1}: "${k}" must be a string`);
      }
      if (split !== "all" && splitOf(p.id ?? `${file}:${i + 1}`) !== split) return;
      const a = guard.scoreDrift(p.instruction, p.output_a);
      const b = guard.scoreDrift(p.instruction, p.output_b);
      const [good, bad] = p.label === "a" ? [a, b] : [b, a];
      const r = Math.abs(good.score - bad.score) < 1e-9 ? 0.5 : good.score < bad.score ? 1 : 0;
      const source = p.source ?? "(none)";
      const s = per.get(source) ?? { right: 0, n: 0, decided: 0, decidedRight: 0 };
      // The stage's own decisions: "consistent" is right for the following output, "drift" for the other.
      for (const [rep, drifted] of [[good, false], [bad, true]]) {
        if (rep.decision === "unsure") continue;
        for (const t of [s, total]) {
          t.decided += 1;
          if ((rep.decision === "drift") === drifted) t.decidedRight += 1;
        }
      }
      for (const t of [s, total]) {
        t.right += r;
        t.n += 1;
      }
      per.set(source, s);
      if (perPair !== undefined) {
        const side = (rep) => ({ score: rep.score, probability: rep.probability, decision: rep.decision, status: rep.status, signals: Object.fromEntries(rep.signals.map((x) => [x.name, x.value])), evidence: Object.fromEntries(rep.signals.filter((x) => x.evidence.length).map((x) => [x.name, x.evidence])), violations: rep.violations.map((v) => `${v.constraint}: ${v.reason}`) });
        fs.writeSync(perPair, `${JSON.stringify({ id: p.id ?? `${file}:${i + 1}`, source, label: p.label, right: r, a: side(a), b: side(b) })}\n`);
      }
    });
  }
  if (perPair !== undefined) fs.closeSync(perPair);
  const sorted = [...per.entries()].sort(([x], [y]) => x.localeCompare(y));
  const ratio = (x, n) => (n ? x / n : null);
  process.stdout.write(
    `${JSON.stringify({
      overall: total.n ? total.right / total.n : 0,
      by_source: Object.fromEntries(sorted.map(([k, v]) => [k, v.right / v.n])),
      pairs: total.n,
      split,
      decided: Object.fromEntries([["(all)", ratio(total.decided, 2 * total.n)], ...sorted.map(([k, v]) => [k, ratio(v.decided, 2 * v.n)])]),
      precision: Object.fromEntries([["(all)", ratio(total.decidedRight, total.decided)], ...sorted.map(([k, v]) => [k, ratio(v.decidedRight, v.decided)])]),
    })}\n`,
  );
}

/** `--name value` options and positional arguments; unknown options are usage errors. */
function parseArgs(args, known, flags = []) {
  const opts = {};
  const rest = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith("--")) {
      const name = a.slice(2);
      if (flags.includes(name)) opts[name] = true;
      else if (known.includes(name)) {
        if (i + 1 >= args.length) fail(`--${name} needs a value\n\n${USAGE}`);
        opts[name] = args[++i];
      } else fail(`unknown option ${a}\n\n${USAGE}`);
    } else rest.push(a);
  }
  return { opts, rest };
}

function cliGuard(configFile) {
  let config = { judge: { mode: "never" }, contracts: { unknownMode: "generic" } };
  if (configFile) {
    try {
      config = { ...config, ...JSON.parse(fs.readFileSync(configFile, "utf8")) };
    } catch (e) {
      fail(`cannot use --config ${configFile}: ${e.message}`);
    }
  }
  try {
    return createGuardSync(config);
  } catch (e) {
    fail(`invalid configuration: ${e.message}`);
  }
}

function readText(file, what) {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (e) {
    fail(`cannot read the ${what} file ${file}: ${e.message}`);
  }
}

async function checkCommand(args) {
  const { opts, rest } = parseArgs(args, ["instructions", "result", "mode", "config"], ["json"]);
  if (rest.length > 0) fail(`check takes no positional arguments (got ${rest.join(" ")})\n\n${USAGE}`);
  if (!opts.instructions || !opts.result) fail(`check needs --instructions FILE and --result FILE\n\n${USAGE}`);
  const instructions = readText(opts.instructions, "instructions");
  const result = readText(opts.result, "result");
  const guard = cliGuard(opts.config);
  const mode = opts.mode ?? "generic";
  let integration;
  try {
    // The core's one integration step, as a host runs it (no host records: host "seed").
    integration = await guard.integrate({ host: "seed", childTaskId: "cli", result, instructions, mode });
  } catch (e) {
    fail(`${e.code ?? "ERROR"}: ${e.message}`);
  }
  const { status, check, verdict, findings } = integration;
  if (opts.json) {
    const { record: _record, ...rest } = verdict ?? {};
    void _record;
    const contract = { ok: check.ok, errors: check.errors, summary: check.summary };
    process.stdout.write(`${JSON.stringify({ status, mode: integration.mode, contract, findings, outcome: integration.outcome, ...(verdict ? { verdict: rest } : {}) }, null, 2)}\n`);
  } else if (!verdict) {
    process.stdout.write(`${status} (mode ${integration.mode})\n${integration.summary}\n`);
  } else {
    const lines = [`${verdict.status}  score ${verdict.score}  alignment ${verdict.alignment}/5  (mode ${integration.mode}, ${verdict.method})`];
    if (verdict.reasons.length) lines.push("", "Reasons:", ...verdict.reasons.map((r) => `  - ${r}`));
    const open = verdict.checklist.filter((c) => !c.fulfilled);
    if (verdict.checklist.length) lines.push("", `Checklist: ${verdict.checklist.length - open.length} of ${verdict.checklist.length} items evidenced`, ...open.map((c) => `  - not evidenced: ${c.item}`));
    if (verdict.violations.length) lines.push("", "Constraint violations:", ...verdict.violations.map((v) => `  - ${v.constraint.trim()}: ${v.reason}${v.evidence ? ` (${JSON.stringify(v.evidence)})` : ""}`));
    if (verdict.lost.length) lines.push("", `Lost concepts: ${verdict.lost.slice(0, 12).map((c) => c.concept).join(", ")}`);
    if (findings.length) lines.push("", "Findings:", ...findings.map((f) => `  - ${f.message}`));
    if (verdict.outcome.kind === "augment") lines.push("", "The parent would receive:", `  ${verdict.outcome.text.split("] Original Result:")[0]}] Original Result: …`);
    process.stdout.write(`${lines.join("\n")}\n`);
  }
  process.exitCode = status === "CONSISTENT" ? 0 : 1;
}

async function auditCommand(args) {
  const { opts, rest } = parseArgs(args, ["out", "log", "config"]);
  if (rest.length !== 1) fail(`audit needs exactly one DIR\n\n${USAGE}`);
  const dir = rest[0];
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) fail(`${dir} is not a folder`);
  const guard = cliGuard(opts.config);
  let log;
  if (opts.log) {
    try {
      log = fs.openSync(opts.log, "w");
    } catch (e) {
      fail(`cannot write ${opts.log}: ${e.message}`);
    }
  }
  const onRecord = log === undefined ? undefined : (r) => fs.writeSync(log, `${JSON.stringify({ ...r, timestamp: new Date(r.endedMs).toISOString() })}\n`);
  const { report, summary, problems, read } = await audit(dir, guard, { onRecord });
  if (log !== undefined) fs.closeSync(log);
  try {
    emit(report, opts.out);
  } catch (e) {
    fail(`cannot write ${opts.out}: ${e.message}`);
  }
  for (const p of problems) process.stderr.write(`boomerang-guard: ${p.item}: ${p.message}\n`);
  if (opts.out) process.stderr.write(`boomerang-guard: ${summary.delegations} delegations in ${summary.tasks} tasks; report written to ${opts.out}\n`);
  if (!read) fail(`nothing could be read in ${dir}: no Roo Code task folders with a history item`, 1);
}

async function graphCommand(args) {
  const { rest } = parseArgs(args, []);
  if (rest.length !== 1) fail(`graph needs exactly one LOG.jsonl\n\n${USAGE}`);
  const file = rest[0];
  if (!fs.existsSync(file)) fail(`cannot read ${file}: no such file`);
  const tasks = new Map();
  const edges = new Map();
  let read = 0;
  let lineNo = 0;
  const rl = readline.createInterface({ input: fs.createReadStream(file, "utf8"), crlfDelay: Infinity });
  for await (const line of rl) {
    lineNo += 1;
    if (!line.trim()) continue;
    let r;
    try {
      r = JSON.parse(line);
    } catch (e) {
      process.stderr.write(`boomerang-guard: ${file}:${lineNo}: not JSON (${e.message}); skipped\n`);
      continue;
    }
    if (!r || typeof r.childTaskId !== "string" || typeof r.parentTaskId !== "string" || typeof r.status !== "string") {
      process.stderr.write(`boomerang-guard: ${file}:${lineNo}: not a verification record with parentTaskId, childTaskId and status; skipped\n`);
      continue;
    }
    read += 1;
    if (!tasks.has(r.parentTaskId)) tasks.set(r.parentTaskId, { id: r.parentTaskId, mode: r.parentMode });
    tasks.set(r.childTaskId, { id: r.childTaskId, mode: r.childMode });
    // The latest verification of a delegation wins (clarification rounds re-verify it).
    edges.set(`${r.parentTaskId}>${r.childTaskId}`, { parent: r.parentTaskId, child: r.childTaskId, status: r.status, score: r.score });
  }
  if (read === 0) fail(`no verification records in ${file}`, 1);
  process.stdout.write(`${mermaidGraph(tasks, [...edges.values()])}\n`);
}

/** Reads stdin to its end, at most `limit` bytes. */
function readStdin(limit) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    process.stdin.on("data", (c) => {
      size += c.length;
      if (size <= limit) chunks.push(c);
    });
    process.stdin.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    process.stdin.on("error", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

async function hookCommand(args) {
  // No options, and no usage error either: a hook must never fail the host's event.
  if (args.length) process.stderr.write(`boomerang-guard: hook takes no arguments; ignored: ${args.join(" ")}\n`);
  const started = Date.now();
  // Within the hosts' hook timeouts (600 s by default, 30 s in the README's setup): past this
  // the guard answers "allow" and logs why, rather than be killed and leave the host guessing.
  const budget = Number(process.env.BOOMERANG_GUARD_HOOK_TIMEOUT_MS) > 0 ? Number(process.env.BOOMERANG_GUARD_HOOK_TIMEOUT_MS) : 20000;
  let answered = false;
  const answer = (out, event, record, logPath) => {
    if (answered) return;
    answered = true;
    if (record) {
      // Before the configuration is read (bad stdin, time budget) the project of the working
      // folder gets the record.
      const file = logPath ?? defaultLog();
      try {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.appendFileSync(file, `${logLine(event, { ...record, ms: record.ms ?? Date.now() - started })}\n`);
      } catch (e) {
        process.stderr.write(`boomerang-guard: verification log not written: ${e.message}\n`);
      }
      if (record.error) process.stderr.write(`boomerang-guard: ${record.error} (allowed)\n`);
    }
    process.stdout.write(`${JSON.stringify(out)}\n`);
    process.exitCode = 0;
  };
  const timer = setTimeout(() => {
    answer({}, null, { decision: "allow", error: `no decision within ${budget} ms` });
    process.exit(0);
  }, budget);
  try {
    const text = await readStdin(16 * 1024 * 1024);
    const r = await runHook(text, { createGuardSync });
    answer(r.answer, r.event, r.record, r.log);
  } catch (e) {
    answer({}, null, { decision: "allow", error: e.message });
  } finally {
    clearTimeout(timer);
  }
}

const [command, ...args] = process.argv.slice(2);
const commands = { check: checkCommand, audit: auditCommand, graph: graphCommand, hook: hookCommand, eval: async (a) => evalCommand(a) };
if (command === undefined || command === "--help" || command === "-h" || command === "help") process.stdout.write(`${USAGE}\n`);
else if (!Object.hasOwn(commands, command)) fail(`unknown command ${JSON.stringify(command)}\n\n${USAGE}`);
else
  commands[command](args).catch((e) => {
    fail(`${e.code ? `${e.code}: ` : ""}${e.message}`);
  });
