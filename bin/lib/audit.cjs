// `boomerang-guard audit DIR`: finds every delegation in a Roo Code tasks folder (a child with a
// parentTaskId: the new_task message it was given and its attempt_completion result), runs the
// core's result integration on it (output contract, sanitization, drift: keyword stage, the CLI
// has no LLM), and writes a Markdown report: a table of delegations and a
// Mermaid graph of the task tree coloured by status. Children are read one at a time.
"use strict";
const fs = require("node:fs");
const { readMetadata, findCycles, childInstructions, childResult } = require("./roo-tasks.cjs");
const { mermaidGraph } = require("./mermaid.cjs");
const { progress } = require("./progress.cjs");

const ICON = { CONSISTENT: "✅", POTENTIAL_DRIFT: "⚠️", SIGNIFICANT_DRIFT: "❌", CONTRACT_VIOLATION: "⛔", NO_RESULT: "⏳" };
const { mdCell } = require("../../dist/cjs/log.js");
// Everything printed comes from task files (ids, modes, reasons quoting results): escaped so that
// no value can add Markdown structure, HTML or a code span to the report.
const cell = (s) =>
  mdCell(
    String(s ?? "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/[\\`*_[\]#]/g, "\\$&"),
  );
const code = (s, n = 8) => "`" + String(s ?? "").replace(/[`\r\n|]/g, "").slice(0, n) + "`";
const short = (s, n) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Audits `dir`. Returns `{ report, summary, problems, delegations, records, read }`; `read` is
 * false only when nothing could be read (the CLI then exits non-zero).
 */
async function audit(dir, guard, { onRecord } = {}) {
  const bar = progress("reading tasks");
  const { base, tasks, problems, folders } = readMetadata(dir, (d, t) => bar.update(d, t));
  const { inCycle, cycles } = findCycles(tasks);
  for (const loop of cycles) problems.push({ item: loop[0], message: `a cycle in parent links (${loop.join(" → ")} → ${loop[0]}); these delegations are listed but the tree is cut there` });

  const children = [...tasks.values()].filter((t) => t.parentTaskId).sort((a, b) => a.ts - b.ts || a.number - b.number);
  const delegations = [];
  const verifyBar = progress("verifying delegations");
  let k = 0;
  for (const child of children) {
    verifyBar.update(++k, children.length);
    const parent = tasks.get(child.parentTaskId);
    if (!parent) problems.push({ item: child.id, message: `its parent ${child.parentTaskId} is not in this folder; verified without the parent's mode` });
    const row = { parent: child.parentTaskId, child: child.id, parentMode: parent?.mode, mode: child.mode ?? "?", status: "NO_RESULT", reasons: [], cycle: inCycle.has(child.id) };
    delegations.push(row);
    const instructions = childInstructions(base, child.id);
    const { text: result, problem } = childResult(base, child, parent);
    if (problem) problems.push({ item: child.id, message: problem });
    if (instructions === undefined) {
      problems.push({ item: child.id, message: "the message it was given cannot be read (no history task text, no first message); not verified" });
      row.reasons.push("the delegation message is missing");
      continue;
    }
    if (result === undefined) {
      row.reasons.push(child.status === "active" ? "no completion result: the child is still running or was interrupted" : "no completion result found");
      continue;
    }
    try {
      // The core's one integration step. These delegations are over, so the host's live
      // records (a parent still waiting) do not apply: host "seed" checks no records.
      const integration = await guard.integrate({
        host: "seed",
        parentTaskId: child.parentTaskId,
        childTaskId: child.id,
        result,
        instructions,
        mode: child.mode ?? "generic",
        ...(parent?.mode ? { parentMode: parent.mode } : {}),
        ...(child.rootTaskId ? { rootTaskId: child.rootTaskId } : {}),
      });
      row.status = integration.status;
      for (const f of integration.findings) problems.push({ item: child.id, message: f.message });
      const verdict = integration.verdict;
      if (!verdict) {
        row.reasons.push(integration.check.ok ? integration.summary : integration.check.summary);
        continue;
      }
      Object.assign(row, { score: verdict.score, alignment: verdict.alignment, reasons: verdict.reasons, requirements: verdict.record.requirements });
      onRecord?.(verdict.record);
    } catch (e) {
      problems.push({ item: child.id, message: `verification failed: ${e.message}` });
      row.reasons.push(`verification failed: ${e.message}`);
    }
  }

  const count = (s) => delegations.filter((d) => d.status === s).length;
  const summary = {
    folders,
    tasks: tasks.size,
    delegations: delegations.length,
    consistent: count("CONSISTENT"),
    potentialDrift: count("POTENTIAL_DRIFT"),
    significantDrift: count("SIGNIFICANT_DRIFT"),
    contractViolations: count("CONTRACT_VIOLATION"),
    noResult: count("NO_RESULT"),
    problems: problems.length,
  };
  return { report: render(dir, tasks, delegations, problems, summary), summary, problems, delegations, read: tasks.size > 0 };
}

function render(dir, tasks, delegations, problems, s) {
  const out = [];
  out.push(`# boomerang-guard audit`, "");
  out.push(`Folder: ${code(dir, 400)}. ${s.tasks} tasks read (${s.folders} folders), ${s.delegations} delegations: ${s.consistent} consistent, ${s.potentialDrift} potential drift, ${s.significantDrift} significant drift, ${s.contractViolations} contract violations, ${s.noResult} without a result. ${s.problems} problem${s.problems === 1 ? "" : "s"}.`, "");
  out.push("Drift is scored by the keyword and concept stage (no LLM judge in the CLI); scores run from 0 (consistent) to 1 (drifted), alignment from 1 to 5.", "");
  out.push("## Task graph", "", "```mermaid", mermaidGraph(tasks, delegations), "```", "");
  out.push("## Delegations", "", "| | parent → child | modes | status | score | alignment | reasons |", "|---|---|---|---|---|---|---|");
  for (const d of delegations) {
    const reasons = short(d.reasons.slice(0, 3).map(cell).join(" · "), 400);
    out.push(`| ${ICON[d.status] ?? ""} | ${code(d.parent)} → ${code(d.child)} | ${cell(d.parentMode ?? "?")} → ${cell(d.mode)} | ${d.status} | ${d.score ?? "—"} | ${d.alignment ?? "—"} | ${reasons} |`);
  }
  const traced = delegations.filter((d) => d.requirements && d.requirements.ids.length > 0);
  if (traced.length > 0) {
    out.push("", "## Requirement tracing", "", "| child | requirements | addressed | missing |", "|---|---|---|---|");
    const ids = (xs) => xs.map(cell).join(", ") || "—";
    for (const d of traced) out.push(`| ${code(d.child)} | ${ids(d.requirements.ids)} | ${ids(d.requirements.addressed)} | ${ids(d.requirements.missing)} |`);
  }
  if (problems.length > 0) {
    out.push("", "## Problems", "");
    for (const p of problems) out.push(`- ${code(p.item, 64)}: ${cell(p.message)}`);
  }
  out.push("");
  return out.join("\n");
}

/** Writes `text` to `file`, or stdout when no file is given. */
function emit(text, file) {
  if (file) fs.writeFileSync(file, text);
  else process.stdout.write(text);
}

module.exports = { audit, emit };
