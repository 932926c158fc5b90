// The JS alternative's contract half: Ajv 8 (2020-12, compiled, allErrors) over the guard's own
// schemas, plus the equivalent JS sanitizer, as a TypeScript developer would assemble them.
const fs = require("node:fs");
const path = require("node:path");
const Ajv2020 = require("ajv/dist/2020").default;
const { sanitize } = require("./js-sanitizer.cjs");

const schemaDir = path.join(__dirname, "..", "schemas");
const ajv = new Ajv2020({ allErrors: true, strict: false, removeAdditional: "failing" });
for (const f of fs.readdirSync(schemaDir)) {
  if (f.endsWith(".schema.json") && f !== "config.schema.json") ajv.addSchema(JSON.parse(fs.readFileSync(path.join(schemaDir, f), "utf8")));
}
const ajvInput = ajv.getSchema("https://boomerang-guard.local/schemas/code.input.schema.json");
const ajvOutput = ajv.getSchema("https://boomerang-guard.local/schemas/code.output.schema.json");

function ajvCheckInput(value) {
  // Inputs are not truncated (a cut instruction is worse than a rejected one), as in the guard.
  const clean = sanitize(value, [], "", 0, Infinity);
  const ok = ajvInput(clean);
  return { ok, errors: ajvInput.errors, value: clean };
}

/** A result's value as the guard takes it: its JSON, or the text as the summary. */
function parseResult(text) {
  try {
    return JSON.parse(text);
  } catch {
    return { summary: text };
  }
}

function ajvCheckResult(text) {
  const clean = sanitize(parseResult(text));
  const ok = ajvOutput(clean);
  return { ok, errors: ajvOutput.errors, value: clean };
}

/** Ajv alone on a result: parse + validate (+ removeAdditional), no sanitizer. */
function ajvOnlyResult(text) {
  const value = parseResult(text);
  const ok = ajvOutput(value);
  return { ok, errors: ajvOutput.errors, value };
}

module.exports = { ajvCheckInput, ajvCheckResult, ajvOnlyResult };
