// Contract check + sanitization: boomerang-guard against Ajv (compiled, allErrors) plus an
// equivalent JS sanitizer, in one process, same schemas, same payloads. Prints ratios.
const { createGuardSync } = require("../dist/cjs/node.js");
const { ajvCheckInput, ajvCheckResult, ajvOnlyResult } = require("./ajv.cjs");
const { input, structuredResult } = require("./payloads.cjs");
const { measureTogether, table } = require("./measure.cjs");

const guard = createGuardSync();

const rows = [];
for (const size of [1000, 10000, 100000]) {
  const payload = input(size);
  const a = guard.checkTaskInput({ mode: "code", ...payload }), b = ajvCheckInput(payload);
  if (!a.ok || !b.ok) throw new Error(`payload must pass both: ${a.summary} ${JSON.stringify(b.errors)}`);
  const [ours, theirs] = measureTogether([() => guard.checkTaskInput({ mode: "code", ...payload }), () => ajvCheckInput(payload)]);
  rows.push({ name: `checkTaskInput, message ${size / 1000} KB${size === 1000 ? " (target ≤ 1.2×)" : ""}`, ours, theirs });
}
// The same messages with only string fields (Roo Code's new_task hands over a message and
// todos): they cross field by field, without a JSON text.
for (const size of [1000, 10000, 100000]) {
  const { message, todos } = input(size);
  const payload = { message, todos };
  const [ours, theirs] = measureTogether([() => guard.checkTaskInput({ mode: "code", ...payload }), () => ajvCheckInput(payload)]);
  rows.push({ name: `checkTaskInput, message ${size / 1000} KB, string fields only`, ours, theirs });
}
const result = structuredResult(20);
if (!guard.checkTaskResult({ mode: "code", result }).ok || !ajvCheckResult(result).ok) throw new Error("result must pass both");
// Issue 14's bar for small results: Ajv alone (parse + validate + removeAdditional), no sanitizer.
const [ours, sanitized, alone] = measureTogether([
  () => guard.checkTaskResult({ mode: "code", result }),
  () => ajvCheckResult(result),
  () => ajvOnlyResult(result),
]);
rows.push({ name: "checkTaskResult, structured, 20 files", ours, theirs: sanitized });
rows.push({ name: "checkTaskResult, structured, 20 files, vs Ajv alone (target ≤ 2.0×)", ours, theirs: alone });

module.exports = { rows };
if (require.main === module) table("contracts: boomerang-guard vs Ajv + JS sanitizer", rows);
