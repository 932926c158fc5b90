// The guard end to end on an embedded example: a Roo Code orchestrator delegates to child
// modes, and boomerang-guard checks every crossing. The cases are the specifications' own
// (seed 001 Examples 1 and 3) and Roo Code's real formats. Run with `npm run demo`.
const path = require("node:path");
const { createGuardSync } = require(path.join(__dirname, "..", "dist", "cjs", "node.js"));

const guard = createGuardSync({ strategy: "A" });

// Seed 001 Example 3: a file-writing task whose filePath must be a string.
guard.setModeContract("file-writing", {
  input: {
    $id: "file_writing_input.schema.json",
    type: "object",
    required: ["message"],
    properties: {
      message: {
        type: "object",
        required: ["task", "filePath", "content"],
        properties: { task: { type: "string" }, filePath: { type: "string" }, content: { type: "string" } },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  },
});

// Seed 001 Example 1: a code-generation child must return JSON with a `code` field.
guard.setModeContract("code-generation", {
  output: {
    $id: "code_generation_output.schema.json",
    type: "object",
    required: ["code"],
    properties: { code: { type: "string", minLength: 1 }, language: { type: "string" } },
    additionalProperties: false,
  },
});

const cases = [
  {
    title: "Orchestrator -> code: Roo Code's new_task with a markdown todo list",
    run: () =>
      guard.checkTaskInput({
        mode: "code",
        message: "Implement validateEmail in src/utils/validation.ts. Do not add dependencies; keep the public API unchanged.",
        todos: "- [x] read the existing validators\n- [ ] implement validateEmail\n- [ ] add unit tests",
      }),
  },
  {
    title: "Seed 001 Example 3: the orchestrator passes a number as filePath",
    run: () => guard.checkTaskInput({ mode: "file-writing", message: { task: "Write the config", filePath: 42, content: "port = 8080" } }),
  },
  {
    title: "Seed 001 Example 3, corrected",
    run: () => guard.checkTaskInput({ mode: "file-writing", message: { task: "Write the config", filePath: "config/app.toml", content: "port = 8080" } }),
  },
  {
    title: "An empty message (Roo Code only checks presence)",
    run: () => guard.checkTaskInput({ mode: "architect", message: "   " }),
  },
  {
    title: "Seed 001 Example 1: the code-generation child returns XML instead of JSON",
    run: () => guard.checkTaskResult({ mode: "code-generation", result: "<result><code>def add(a, b): return a + b</code></result>" }),
  },
  {
    title: "Seed 001 Example 1: JSON without the code field",
    run: () => guard.checkTaskResult({ mode: "code-generation", result: 'Here is the result: {"language": "python"}' }),
  },
  {
    title: "Seed 001 Example 1, well-formed (in a fenced block, with an extra field)",
    run: () =>
      guard.checkTaskResult({
        mode: "code-generation",
        result: 'Done!\n```json\n{"code": "def add(a, b):\\n    return a + b", "language": "python", "debugTrace": "..."}\n```',
      }),
  },
  {
    title: "A code child's attempt_completion text with terminal colours and a bidi override",
    run: () =>
      guard.checkTaskResult({
        mode: "code",
        result: "Implemented validateEmail and added 12 tests.\r\n\u001b[32m12 passing\u001b[0m\r\nSee src/utils/\u202Evalidation.ts",
      }),
  },
  {
    title: "A structured result from a debug child",
    run: () =>
      guard.checkTaskResult({
        mode: "debug",
        result: JSON.stringify({
          status: "completed",
          summary: "The crash came from a null session in middleware/auth.ts; fixed and covered by a regression test.",
          files: [{ path: "src/middleware/auth.ts", action: "modified" }, "src/middleware/auth.test.ts"],
        }),
      }),
  },
];

for (const [i, c] of cases.entries()) {
  const r = c.run();
  console.log(`\n${i + 1}. ${c.title}`);
  console.log(`   verdict: ${r.ok ? "PASS" : "REJECTED"}${r.changes.length ? ` (${r.changes.length} sanitization change${r.changes.length > 1 ? "s" : ""})` : ""}`);
  console.log(`   ${r.summary}`);
  for (const e of r.errors.filter((e) => e.keyword !== "anyOf")) console.log(`   - error ${e.instancePath || "(root)"}: ${e.message}`);
  for (const ch of r.changes) console.log(`   - ${ch.op} ${ch.path || "(root)"}: ${ch.reason}`);
  if ("text" in r) {
    const shown = r.text.length > 300 ? `${r.text.slice(0, 300)}…` : r.text;
    console.log(`   the parent receives:\n${shown.replace(/^/gm, "     | ")}`);
  }
}
