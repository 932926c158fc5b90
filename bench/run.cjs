// Runs every benchmark in one Node process (start with --expose-gc for the memory figures),
// prints a Markdown table per suite, and writes bench/results.json and bench/results.md (the
// tables for the README) with the date and machine.
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { fmt } = require("./measure.cjs");

const results = {
  date: new Date().toISOString(),
  machine: `${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, Node ${process.version}`,
  suites: {},
};
const md = [];
const say = (line = "") => {
  console.log(line);
  md.push(line);
};

function record(title, rows, alternative = "alternative") {
  say();
  say(`### ${title}`);
  say();
  say(`| case | boomerang-guard p50 | p99 | ${alternative} p50 | ratio (ours / theirs) |`);
  say("|---|---|---|---|---|");
  for (const r of rows) {
    const theirs = r.theirs ? fmt(r.theirs.p50) : "—";
    const ratio = r.theirs ? `${(r.ours.p50 / r.theirs.p50).toFixed(2)}×` : "—";
    say(`| ${r.name} | ${fmt(r.ours.p50)} | ${fmt(r.ours.p99)} | ${theirs} | ${ratio} |`);
  }
  results.suites[title] = rows.map((r) => ({
    case: r.name,
    oursP50Us: r.ours.p50,
    oursP99Us: Number.isFinite(r.ours.p99) ? r.ours.p99 : null,
    theirsP50Us: r.theirs?.p50 ?? null,
    ratio: r.theirs ? r.ours.p50 / r.theirs.p50 : null,
    ...(r.floor ? { encodeIntoFloorUs: r.floor.p50, floorMultiple: r.ours.p50 / r.floor.p50 } : {}),
  }));
}

async function main() {
  say(`Measured ${results.date.slice(0, 10)} on ${results.machine}.`);
  record("Contracts: boomerang-guard vs Ajv (compiled, allErrors) + JS sanitizer", require("./contracts.bench.cjs").rows, "Ajv + sanitizer");
  record("Isolation: freezing and hashing", require("./freeze.bench.cjs").rows);
  record("Lifecycle", require("./lifecycle.bench.cjs").rows);
  const drift = require("./drift.bench.cjs");
  record("Drift: boomerang-guard vs natural (tokenizer + stop words + Porter stemmer + Jaccard)", drift.rows, "natural");
  results.driftMemory = drift.memory;
  say();
  say(`wasm memory across 100k scoreDrift calls: ${drift.memory.before} → ${drift.memory.after} bytes.`);

  const verify = await require("./verify.bench.cjs").run();
  record("Verifier overhead over the keyword stage (seed Example 1B)", verify.rows, "scoreDrift alone");
  results.verifyConcurrentMs = verify.concurrentMs;
  say();
  say(`50 concurrent verify() calls whose judge takes 20 ms each: ${verify.concurrentMs.toFixed(1)} ms in all.`);

  const boundary = require("./boundary.bench.cjs");
  record("Whole boundary check (output contract + sanitize + drift, judge off) vs Ajv + JS sanitizer + natural", await boundary.run(), "JS pipeline");
  const flat = await boundary.flat();
  results.boundaryMemory = flat;
  say();
  say(`100k boundary checks (1 KB results): wasm linear memory ${flat.before.wasm} → ${flat.after.wasm} bytes; JS heap ${(flat.before.heap / 1e6).toFixed(1)} → ${(flat.after.heap / 1e6).toFixed(1)} MB${flat.gcExposed ? " (after gc)" : " (no --expose-gc: heap figures include garbage)"}.`);

  const hostile = require("./hostile.bench.cjs");
  const attacks = await hostile.run();
  results.hostile = attacks;
  say();
  say("### Hostile input at the default limits (issue 15)");
  say();
  hostile.print(attacks, say);

  const node = require("./startup.bench.cjs").startup();
  const chromium = await require("./chromium.bench.cjs").chromiumStartup();
  results.startup = { node, chromium };
  say();
  say("### Start-up");
  say();
  say(`Node (CommonJS, fresh process, median of 7): load + instantiate + createGuard ${node.loadMs.toFixed(1)} ms; first input check ${node.firstInputMs.toFixed(1)} ms, first result check ${node.firstResultMs.toFixed(1)} ms, another mode's first input check ${node.nextModeInputMs.toFixed(1)} ms (the built-in contracts' validators are generated when the crate is built: no schema is compiled at run time).`);
  say(`Node, a fresh process to its first result check (require + createGuard + checkTaskResult), median of 7: ${node.toFirstResultMs.toFixed(1)} ms, ${(node.toFirstResultMs / 25).toFixed(2)}× the 25 ms target; boomerang-guard/lite ${node.liteToFirstResultMs.toFixed(1)} ms, ${(node.liteToFirstResultMs / 25).toFixed(2)}× (processes alternating).`);
  say(chromium ? `Chromium (ESM, headless, fresh context, median of ${chromium.runs}): import + instantiate + createGuard ${chromium.startupMs.toFixed(0)} ms, ${(chromium.startupMs / 120).toFixed(2)}× the 120 ms target; boomerang-guard/lite ${chromium.liteStartupMs.toFixed(0)} ms, ${(chromium.liteStartupMs / 120).toFixed(2)}× (pages alternating).` : "Chromium: not found, not measured.");

  const hookBench = require("./hook.bench.cjs");
  results.hook = hookBench.hookWallTimes(10);
  say();
  say("### Command hook, wall time per event in a fresh process (issue 16)");
  say();
  hookBench.print(results.hook, say);

  const sizeOf = (...p) => {
    const bytes = fs.readFileSync(path.join(__dirname, "..", "pkg", ...p));
    return { raw: bytes.length, gzip: require("node:zlib").gzipSync(bytes, { level: 9 }).length, budgetGzip: 600 * 1024 };
  };
  results.size = sizeOf("boomerang_guard_bg.wasm");
  results.compilerSize = sizeOf("compiler", "boomerang_guard_compiler_bg.wasm");
  say();
  const s = results.size;
  say(`Size: boomerang_guard_bg.wasm (the guard's module, both entries; pkg/lite/ holds the same bytes) ${s.raw} bytes raw, ${s.gzip} bytes gzipped by zlib at level 9 (gzip -9 gives a little less): ${(s.gzip / s.budgetGzip).toFixed(2)}× the 600 KB budget.`);
  const c = results.compilerSize;
  say(`Size: compiler/boomerang_guard_compiler_bg.wasm (the JSON Schema compiler, loaded by the root entry only: in Node on the first schema; in a browser fetched beside the guard's module and compiled on the first schema) ${c.raw} bytes raw, ${c.gzip} bytes gzipped.`);

  fs.writeFileSync(path.join(__dirname, "results.json"), JSON.stringify(results, null, 2));
  fs.writeFileSync(path.join(__dirname, "results.md"), `${md.join("\n")}\n`);
  console.log(`\nwritten to bench/results.json and bench/results.md`);
}
main();
