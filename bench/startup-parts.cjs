// Where a fresh Node process's time to its first result check goes: the entry's JavaScript, the
// glue (reading, compiling and instantiating the module), createGuard, the first check. Medians
// over fresh processes; and the module's compile alone, repeated in one process (no module
// cache), for comparing two builds' modules.
//
//   node bench/startup-parts.cjs [DIR=.] [runs=9]
//   node --no-wasm-native-module-cache-enabled bench/startup-parts.cjs --compile A.wasm B.wasm
"use strict";
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (process.argv[2] === "--compile") {
  const files = process.argv.slice(3);
  const bytes = files.map((f) => fs.readFileSync(f));
  const times = files.map(() => []);
  for (let r = 0; r < 40; r++) {
    bytes.forEach((b, i) => {
      const t = performance.now();
      new WebAssembly.Module(b);
      times[i].push(performance.now() - t);
    });
  }
  files.forEach((f, i) => console.log(`${f}: compile ${median(times[i]).toFixed(2)} ms (median of 40)`));
} else {
  const dir = path.resolve(process.argv[2] ?? path.join(__dirname, ".."));
  const runs = Number(process.argv[3] ?? 9);
  const script = `
    const t0 = performance.now();
    const { createGuardSync } = require(${JSON.stringify(path.join(dir, "dist", "cjs", "node.js"))});
    const t1 = performance.now();
    require(${JSON.stringify(path.join(dir, "pkg", "boomerang_guard.js"))});
    const t2 = performance.now();
    const guard = createGuardSync();
    const t3 = performance.now();
    guard.checkTaskResult({ mode: "code", result: "Implemented validateEmail." });
    const t4 = performance.now();
    process.stdout.write(JSON.stringify([t1 - t0, t2 - t1, t3 - t2, t4 - t3, t4 - t0]));`;
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const r = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(r.stderr);
    samples.push(JSON.parse(r.stdout));
  }
  const names = ["entry JavaScript", "glue + compile + instantiate", "createGuard", "first result check", "total"];
  console.log(names.map((n, i) => `${n} ${median(samples.map((s) => s[i])).toFixed(1)} ms`).join("; ") + ` (medians of ${runs})`);
}
