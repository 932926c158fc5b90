// The task graph as Mermaid (seed 000 §5.2.5): tasks as nodes, delegations as edges labelled
// with the verdict, child nodes coloured by status. Shared by `audit` and `graph`.
"use strict";

const CLASS = {
  CONSISTENT: "consistent",
  POTENTIAL_DRIFT: "potential",
  SIGNIFICANT_DRIFT: "significant",
  CONTRACT_VIOLATION: "significant",
  NO_RESULT: "noresult",
};
const MAX_NODES = 400;

const nodeId = (id, ids) => {
  if (!ids.has(id)) ids.set(id, `t${ids.size + 1}`);
  return ids.get(id);
};
/** Text safe inside a quoted Mermaid label. */
const label = (s) => String(s).replace(/["\n\r`|]/g, " ").replace(/[<>&#;[\]{}()]/g, "").slice(0, 80);

/**
 * `tasks`: Map id → { id, mode }; `edges`: [{ parent, child, status, score, alignment }].
 * Returns the Mermaid source (without fences).
 */
function mermaidGraph(tasks, edges) {
  const ids = new Map();
  const lines = ["flowchart TD"];
  const shown = edges.slice(0, MAX_NODES);
  const nodes = new Set();
  for (const e of shown) {
    nodes.add(e.parent);
    nodes.add(e.child);
  }
  for (const id of nodes) {
    const t = tasks.get(id);
    lines.push(`  ${nodeId(id, ids)}["${label(`${t?.mode ?? "?"} · ${id.slice(0, 8)}`)}"]`);
  }
  for (const e of shown) {
    const score = typeof e.score === "number" ? ` ${e.score.toFixed(2)}` : "";
    lines.push(`  ${nodeId(e.parent, ids)} -->|"${label(`${e.status}${score}`)}"| ${nodeId(e.child, ids)}`);
  }
  lines.push(
    "  classDef consistent fill:#dcfce7,stroke:#15803d,color:#14532d",
    "  classDef potential fill:#fef9c3,stroke:#a16207,color:#713f12",
    "  classDef significant fill:#fee2e2,stroke:#b91c1c,color:#7f1d1d",
    "  classDef noresult fill:#e5e7eb,stroke:#6b7280,color:#374151",
  );
  const byClass = new Map();
  for (const e of shown) {
    const c = CLASS[e.status] ?? "noresult";
    byClass.set(c, [...(byClass.get(c) ?? []), nodeId(e.child, ids)]);
  }
  for (const [c, list] of byClass) lines.push(`  class ${list.join(",")} ${c}`);
  if (edges.length > shown.length) lines.push(`  more["… ${edges.length - shown.length} more delegations not drawn"]`);
  return lines.join("\n");
}

module.exports = { mermaidGraph, label };
