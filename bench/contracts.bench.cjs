// Contract check + sanitization: boomerang-guard against Ajv (compiled, allErrors) plus an
// equivalent JS sanitizer, in one process, same schemas, same payloads. Prints ratios.
const fs = require("node:fs");
const path = require("node:path");
const Ajv2020 = require("ajv/dist/2020").default;
const { createGuardSync } = require("../dist/cjs/node.js");
const { sanitize } = require("./js-sanitizer.cjs");
const { input, structuredResult } = require("./payloads.cjs");
const { measure, table } = require("./measure.cjs");

const schemaDir = path.join(__dirname, "..", "schemas");
const ajv = new Ajv2020({ allErrors: true, strict: false, removeAdditional: "failing" });
for (const f of fs.readdirSync(schemaDir)) {
  if (f.endsWith(".schema.json") && f !== "config.schema.json") ajv.addSchema(JSON.parse(fs.readFileSync(path.join(schemaDir, f), "utf8")));
}
const ajvInput = ajv.getSchema("https://boomerang-guard.local/schemas/code.input.schema.json");
const ajvOutput = ajv.getSchema("https://boomerang-guard.local/schemas/code.output.schema.json");
const guard = createGuardSync();

function ajvCheckInput(value) {
  // Inputs are not truncated (a cut instruction is worse than a rejected one), as in the guard.
  const clean = sanitize(value, [], "", 0, Infinity);
  const ok = ajvInput(clean);
  return { ok, errors: ajvInput.errors, value: clean };
}

function ajvCheckResult(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    value = { summary: text };
  }
  const clean = sanitize(value);
  const ok = ajvOutput(clean);
  return { ok, errors: ajvOutput.errors, value: clean };
}

const rows = [];
for (const size of [1000, 10000, 100000]) {
  const payload = input(size);
  const a = guard.checkTaskInput({ mode: "code", ...payload }), b = ajvCheckInput(payload);
  if (!a.ok || !b.ok) throw new Error(`payload must pass both: ${a.summary} ${JSON.stringify(b.errors)}`);
  const ours = measure(() => guard.checkTaskInput({ mode: "code", ...payload }));
  const theirs = measure(() => ajvCheckInput(payload));
  rows.push({ name: `checkTaskInput, message ${size / 1000} KB`, ours, theirs });
}
const result = structuredResult(20);
if (!guard.checkTaskResult({ mode: "code", result }).ok || !ajvCheckResult(result).ok) throw new Error("result must pass both");
rows.push({
  name: "checkTaskResult, structured, 20 files",
  ours: measure(() => guard.checkTaskResult({ mode: "code", result })),
  theirs: measure(() => ajvCheckResult(result)),
});

module.exports = { rows };
if (require.main === module) table("contracts: boomerang-guard vs Ajv + JS sanitizer", rows);
