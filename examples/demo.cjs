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

// ---- Drift: the seed's Example 1 and Example 2 (scenarios A and B) ---------------------------
const fs = require("node:fs");
const seed = (f) => fs.readFileSync(path.join(__dirname, "..", "tests", "fixtures", "seed000", f), "utf8");
console.log("\n== Drift of child results from the orchestrator's instructions (seed 000 §6)");
for (const [title, instr, result] of [
  ["Example 1A: the single validateEmail function", "ex1_instructions.md", "ex1_a.js"],
  ["Example 1B: a FormValidator class instead", "ex1_instructions.md", "ex1_b.js"],
  ["Example 2A: the library comparison", "ex2_instructions.md", "ex2_a.txt"],
  ["Example 2B: a Scrapy spider instead", "ex2_instructions.md", "ex2_b.txt"],
]) {
  const r = guard.scoreDrift(seed(instr), seed(result), { mode: "code" });
  console.log(`\n${title}\n   ${r.status} (score ${r.score.toFixed(2)}, alignment ${r.alignment}/5)`);
  for (const reason of r.reasons.slice(0, 3)) console.log(`   - ${reason}`);
}

// ---- Isolation and the lifecycle: one delegation end to end ---------------------------------
console.log("\n== Isolation and lifecycle");
let now = 0;
const lc = guard.lifecycle;
lc.setClock(() => now);
lc.on((t) => console.log(`   transition ${t.taskId}: ${t.from ?? "-"} -> ${t.to} (${t.cause})`));
lc.create("root", "orchestrator");
const creation = guard.beforeTaskCreation({
  parentTaskId: "root",
  mode: "code",
  message: "Implement validateEmail in src/utils/validation.ts.",
  context: { settings: new Map([["lint", "strict"]]), files: ["src/utils/validation.ts"] },
});
guard.afterTaskCreation({ parentTaskId: "root", childTaskId: "child-1", mode: "code", message: creation.message, creation });
try {
  creation.frozenContext.files.push("src/evil.ts");
} catch (e) {
  console.log(`   the child cannot change its context: ${e.constructor.name}`);
}
const integration = guard.beforeResultIntegration({ childTaskId: "child-1", result: "Implemented validateEmail with 6 tests." });
lc.complete("child-1", integration.text);
(async () => {
  await lc.resume("root", () => {
    throw new Error("the webview was reloaded");
  }).catch((e) => console.log(`   resume failed (${e.message}); the result waits: ${JSON.stringify(lc.pending()[0].result.text)}`));
  await lc.resume("root", (d) => console.log(`   the parent receives: ${JSON.stringify(d.result.text)} (context intact: ${d.contextIntact})`));
  lc.spawn({ parentTaskId: "root", childTaskId: "child-2", mode: "ask" });
  now += guard.settingsFor("ask").timeouts.childMs + 1;
  lc.tick();
  console.log(`   a child past its deadline resumes its parent with: ${JSON.stringify(lc.pending()[0].result.text.slice(0, 90))}…`);
})();
