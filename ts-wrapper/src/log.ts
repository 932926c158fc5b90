// The Markdown verification log of seed 000 §4.2 step 8: one section per verification, in the
// order they happened. Pure text; the Node sinks write it.
import type { VerificationRecord } from "./types.js";

const STATUS_ICON: Record<string, string> = {
  CONSISTENT: "✅",
  POTENTIAL_DRIFT: "⚠️",
  SIGNIFICANT_DRIFT: "❌",
};

/** Text safe inside a Markdown table cell or list item. */
export function mdCell(text: string): string {
  return text.replace(/\r?\n/g, " ").replace(/\|/g, "\\|").trim();
}

/** A code fence longer than any backtick run in `text`, so the text cannot close it. */
function fenced(text: string): string[] {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  return [fence + "text", text, fence];
}

export const MARKDOWN_LOG_HEADER =
  "# Cross-task consistency verification log\n\nOne entry per verification of a child's result against its parent's instructions (boomerang-guard).\n";

export function renderVerificationMarkdown(r: VerificationRecord): string {
  const lines: string[] = [];
  const who = [r.parentTaskId && `parent \`${r.parentTaskId}\``, r.childTaskId && `child \`${r.childTaskId}\``].filter(Boolean).join(" → ");
  lines.push(`## ${r.timestamp} · ${STATUS_ICON[r.status] ?? ""} ${r.status}${who ? ` · ${who}` : ""}`, "");
  lines.push(`- **Modes**: ${r.parentMode ?? "?"} → ${r.childMode ?? "?"}`);
  lines.push(`- **Score**: ${r.score.toFixed(3)} (alignment ${r.alignment}/5) · **method**: ${r.method} · **outcome**: ${r.outcome} (strategy ${r.strategy})`);
  lines.push(`- **Keyword stage**: ${r.keyword.score.toFixed(3)} (${r.keyword.status})`);
  if (r.judge) {
    const j = r.judge;
    const verdict = j.verdict ? `alignment ${j.verdict.alignment}/5` : "no verdict";
    const flags = [j.cached && "cached", j.reasked && "re-asked", j.fallback && "fallback", j.failedClosed && "fail-closed", j.timedOut && "timed out"].filter(Boolean).join(", ");
    lines.push(`- **Judge**: ${verdict}; ${j.attempts} call(s)${flags ? `; ${flags}` : ""}${j.error ? `; error: ${mdCell(j.error)}` : ""}${j.skipped ? `; ${mdCell(j.skipped)}` : ""}`);
    if (r.agreement !== undefined) lines.push(`- **Keyword and judge agree**: ${r.agreement ? "yes" : "no"}`);
  }
  if (r.requirements.ids.length > 0) {
    lines.push(`- **Requirements**: addressed ${r.requirements.addressed.join(", ") || "none"}; missing ${r.requirements.missing.join(", ") || "none"}`);
  }
  if (r.reasons.length > 0) {
    lines.push("- **Reasons**:");
    for (const reason of r.reasons) lines.push(`  - ${mdCell(reason)}`);
  }
  if (r.lost.length > 0) lines.push(`- **Lost concepts**: ${r.lost.map(mdCell).join(", ")}`);
  lines.push(`- **Inputs**: instructions ${r.instructionsHash}, result ${r.resultHash}; config ${r.configVersion}; ${r.elapsedMs.toFixed(1)} ms`);
  if (r.instructions !== undefined) lines.push("", "<details><summary>Instructions</summary>", "", ...fenced(r.instructions), "</details>");
  if (r.result !== undefined) lines.push("", "<details><summary>Result</summary>", "", ...fenced(r.result), "</details>");
  lines.push("", "");
  return lines.join("\n");
}
