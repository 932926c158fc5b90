// Realistic payloads: orchestrator messages of about 1 KB, 10 KB and 100 KB built from
// delegation text, a structured child result listing 20 files, and a repository context of a
// given number of leaves (with the plain recursive freeze the isolation benchmarks compare with).
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

// A repository context with files and symbols, of about `leaves` leaves.
function context(leaves) {
  const files = [];
  let n = 0;
  for (let i = 0; n < leaves; i++) {
    const symbols = [];
    for (let j = 0; j < 8 && n < leaves; j++, n += 3) symbols.push({ name: `fn_${i}_${j}`, line: j * 10, exported: j % 2 === 0 });
    files.push({ path: `src/module_${i}/index.ts`, symbols });
  }
  return { repo: "acme/web", settings: { strict: true, target: "es2022" }, files };
}

// A bare recursive Object.freeze over Object.values (enumerable string keys only).
function freezeAll(o) {
  Object.freeze(o);
  for (const v of Object.values(o)) if (v && typeof v === "object" && !Object.isFrozen(v)) freezeAll(v);
  return o;
}

module.exports = { input, message, structuredResult, context, freezeAll };
