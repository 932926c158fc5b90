// The whole boundary check a host runs when a child's result comes back, judge off: the output
// contract (validate + sanitize) and the drift verification, on realistic results of 1 KB, 10 KB,
// 100 KB and 1 MB. The alternative is what a TypeScript developer would assemble: Ajv (compiled,
// allErrors) + a JS sanitizer + natural's keyword pipeline. The physical floor is the time to copy
// the same text into wasm memory with TextEncoder.encodeInto; each check is reported as a
// multiple of it. Also: 100k checks with wasm linear memory and the JS heap before and after.
const fs = require("node:fs");
const path = require("node:path");
const { naturalJaccard } = require("./natural.cjs");
const { createGuardSync } = require("../dist/cjs/node.js");
const glue = require("../pkg/boomerang_guard.js");
const { ajvCheckResult } = require("./ajv.cjs");
const { measure, measureTogetherSettled } = require("./measure.cjs");

const fixtures = path.join(__dirname, "..", "tests", "fixtures", "seed000");
const instructions = fs.readFileSync(path.join(fixtures, "ex1_instructions.md"), "utf8");
const prose = fs.readFileSync(path.join(fixtures, "ex2_a.txt"), "utf8");
const code = fs.readFileSync(path.join(fixtures, "ex1_a.js"), "utf8");

/** A child's completion text of about `bytes`: a report with code, as code-mode children write. */
function result(bytes) {
  let s = "Implemented validateEmail in src/utils/validation.ts as a single function.\n\n";
  let k = 0;
  while (s.length < bytes) s += k++ % 2 ? `\n\`\`\`js\n${code}\n\`\`\`\n` : `\n${prose}\n`;
  return s.slice(0, bytes);
}

function theirCheck(text) {
  const { ok, value: clean } = ajvCheckResult(text);
  return { ok, jaccard: naturalJaccard(instructions, typeof clean.summary === "string" ? clean.summary : text) };
}

const guard = createGuardSync({ judge: { mode: "never" } });
/** The guard's boundary check: contract + sanitization, then drift on the sanitized text. */
function ourCheck(text) {
  const check = guard.checkTaskResult({ mode: "code", result: text });
  // verify() is async only for the judge; with the judge off its work is done synchronously.
  return guard.verify({ parentInstructions: instructions, childOutput: check.text });
}

const memory = new WebAssembly.Memory({ initial: 1 });
function encodeFloor(text) {
  const need = text.length * 3;
  if (memory.buffer.byteLength < need) memory.grow(Math.ceil((need - memory.buffer.byteLength) / 65536));
  return new TextEncoder().encodeInto(text, new Uint8Array(memory.buffer, 0, need)).written;
}

async function run() {
  const rows = [];
  for (const size of [1_000, 10_000, 100_000, 1_000_000]) {
    const text = result(size);
    const seconds = size >= 1_000_000 ? 2 : 0.6;
    const [ours, theirs] = await measureTogetherSettled([() => ourCheck(text), () => theirCheck(text)], { seconds });
    const floor = measure(() => encodeFloor(text), { seconds: 0.3 });
    rows.push({
      name: `boundary check (contract + sanitize + drift), result ${size >= 1e6 ? "1 MB" : `${size / 1000} KB`}: p99 ${ours.p99.toFixed(0)} µs; ${(ours.p50 / floor.p50).toFixed(0)}× the encodeInto floor (${floor.p50.toFixed(2)} µs)`,
      ours,
      theirs,
      floor,
    });
  }
  return rows;
}

// 100k boundary checks (1 KB results, two alternating texts): wasm linear memory and the JS
// heap must stay flat. The event loop runs every 1,000 checks, as in a host that awaits them.
async function flat() {
  const texts = [result(1_000), result(1_100)];
  const gc = typeof global.gc === "function" ? () => global.gc() : () => {};
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  for (let i = 0; i < 2_000; i++) ourCheck(texts[i % 2]);
  await settle();
  gc();
  const before = { wasm: glue.wasmMemoryBytes(), heap: process.memoryUsage().heapUsed };
  for (let i = 0; i < 100_000; i++) {
    ourCheck(texts[i % 2]);
    if (i % 1_000 === 999) await settle();
  }
  await settle();
  gc();
  const after = { wasm: glue.wasmMemoryBytes(), heap: process.memoryUsage().heapUsed };
  return { calls: 100_000, before, after, gcExposed: typeof global.gc === "function" };
}

module.exports = { run, flat };
if (require.main === module) {
  (async () => {
    require("./measure.cjs").table("boundary check: boomerang-guard vs Ajv + JS sanitizer + natural", await run());
    console.log(await flat());
  })();
}
