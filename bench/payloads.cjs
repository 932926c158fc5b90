// Realistic payloads: orchestrator messages of about 1 KB, 10 KB and 100 KB built from
// delegation text, and a structured child result listing 20 files.
const PARAGRAPH =
  "Implement the validateEmail function in src/utils/validation.ts. It must accept RFC 5322 " +
  "addresses, reject display names, and return a Result type rather than throwing. Do not add " +
  "new dependencies and keep the public API of src/utils/index.ts unchanged. Add unit tests in " +
  "src/utils/validation.test.ts covering internationalized domains and plus-addressing.\n";

function message(bytes) {
  let s = "";
  while (s.length < bytes) s += PARAGRAPH;
  return s.slice(0, bytes);
}

const TODOS = "- [x] read the existing validators\n- [ ] implement validateEmail\n- [ ] add tests\n- [-] update docs\n";

function input(bytes) {
  return { message: message(bytes), todos: TODOS, context: { repo: "acme/web", branch: "feat/email", files: ["src/utils/validation.ts"] } };
}

function structuredResult(files = 20) {
  return JSON.stringify({
    status: "completed",
    summary: "Implemented validateEmail with RFC 5322 parsing, added 14 unit tests, and updated the docs.",
    files: Array.from({ length: files }, (_, i) => ({
      path: `src/feature/module_${i}/index.ts`,
      action: i % 3 === 0 ? "created" : "modified",
      description: "Adjusted the validation flow and its error type.",
    })),
    notes: "No new dependencies were added.",
  });
}

module.exports = { input, message, structuredResult };
