#!/usr/bin/env node
// The boomerang-guard CLI. Commands: eval (this release); check, audit and graph follow.
"use strict";
const fs = require("node:fs");
const { createGuardSync } = require("../dist/cjs/node.js");

const USAGE = `usage: boomerang-guard <command>

  eval FILE.jsonl...   pairwise accuracy of the drift scorer on labelled pairs
                       ({"instruction", "output_a", "output_b", "label": "a"|"b", "source"});
                       prints {"overall": x, "by_source": {...}, "pairs": n}`;

function fail(message, code = 2) {
  process.stderr.write(`boomerang-guard: ${message}\n`);
  process.exit(code);
}

function evalCommand(files) {
  if (files.length === 0) fail(`eval needs at least one FILE.jsonl\n\n${USAGE}`);
  const guard = createGuardSync();
  const per = new Map();
  let right = 0;
  let pairs = 0;
  for (const file of files) {
    let text;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (e) {
      fail(`cannot read ${file}: ${e.message}`);
    }
    text.split("\n").forEach((line, i) => {
      if (!line.trim()) return;
      let p;
      try {
        p = JSON.parse(line);
      } catch (e) {
        fail(`${file}:${i + 1}: not JSON (${e.message})`);
      }
      for (const k of ["instruction", "output_a", "output_b", "label"]) {
        if (typeof p[k] !== "string") fail(`${file}:${i + 1}: "${k}" must be a string`);
      }
      const a = guard.scoreDrift(p.instruction, p.output_a).score;
      const b = guard.scoreDrift(p.instruction, p.output_b).score;
      const [good, bad] = p.label === "a" ? [a, b] : [b, a];
      const r = Math.abs(good - bad) < 1e-9 ? 0.5 : good < bad ? 1 : 0;
      const source = p.source ?? "(none)";
      const s = per.get(source) ?? { right: 0, n: 0 };
      s.right += r;
      s.n += 1;
      per.set(source, s);
      right += r;
      pairs += 1;
    });
  }
  const bySource = Object.fromEntries([...per.entries()].sort().map(([k, v]) => [k, v.right / v.n]));
  process.stdout.write(`${JSON.stringify({ overall: pairs ? right / pairs : 0, by_source: bySource, pairs })}\n`);
}

const [command, ...args] = process.argv.slice(2);
if (command === "eval") evalCommand(args);
else if (command === undefined || command === "--help" || command === "-h") process.stdout.write(`${USAGE}\n`);
else fail(`unknown command ${JSON.stringify(command)}\n\n${USAGE}`);
