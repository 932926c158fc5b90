"use strict";
// The CLI of the packed package: check, audit (the embedded Roo Code tasks folder, bad folders,
// 5,000 tasks), graph.
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { spawnSync } = require("node:child_process");
const { packageDir } = require("./load.cjs");

const repo = path.join(__dirname, "..", "..");
const bin = path.join(packageDir(), "bin", "boomerang-guard.cjs");
const example = path.join(repo, "examples", "roo-tasks");
const seed = (f) => path.join(repo, "tests", "fixtures", "seed000", f);
const run = (...args) => spawnSync(process.execPath, [bin, ...args], { encoding: "utf8" });
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "bg-cli-"));

test("check: consistent exits 0, drifted exits 1 with reasons, --json is machine-readable", () => {
  const ok = run("check", "--instructions", seed("ex1_instructions.md"), "--result", seed("ex1_a.js"), "--mode", "code");
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /^CONSISTENT {2}score 0\.\d+ {2}alignment [45]\/5/);
  const bad = run("check", "--instructions", seed("ex1_instructions.md"), "--result", seed("ex1_b.js"), "--mode", "code");
  assert.equal(bad.status, 1);
  assert.match(bad.stdout, /^SIGNIFICANT_DRIFT/);
  assert.match(bad.stdout, /Constraint violations:\n {2}- - Do NOT create a class/);
  assert.match(bad.stdout, /\[new_task completed with semantic drift \(Score: \d\/5\)/);
  const json = run("check", "--instructions", seed("ex2_instructions.md"), "--result", seed("ex2_b.txt"), "--json");
  assert.equal(json.status, 1);
  const parsed = JSON.parse(json.stdout);
  assert.equal(parsed.status, "SIGNIFICANT_DRIFT");
  assert.ok(parsed.verdict.alignment <= 2);
  assert.ok(parsed.verdict.violations.length > 0);
});

test("check: a result that breaks its mode's contract exits 1 with the error object the parent would get", () => {
  const empty = path.join(tmp(), "empty.txt");
  fs.writeFileSync(empty, "   \n");
  const text = run("check", "--instructions", seed("ex1_instructions.md"), "--result", empty, "--mode", "code");
  assert.equal(text.status, 1);
  assert.match(text.stdout, /^CONTRACT_VIOLATION \(mode code\)\nThe result of the "code" child does not satisfy its output contract/);
  const json = JSON.parse(run("check", "--instructions", seed("ex1_instructions.md"), "--result", empty, "--mode", "code", "--json").stdout);
  assert.equal(json.status, "CONTRACT_VIOLATION");
  assert.equal(json.contract.ok, false);
  assert.equal(json.outcome.kind, "contract-error");
  assert.equal(JSON.parse(json.outcome.text).originalResult, "   \n");
  assert.equal(json.verdict, undefined);
});

test("check: usage and I/O errors exit 2 with a clear message", () => {
  const missing = run("check", "--instructions", "/nope/instructions.md", "--result", seed("ex1_a.js"));
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /cannot read the instructions file \/nope\/instructions\.md/);
  assert.equal(run("check", "--result", seed("ex1_a.js")).status, 2);
  const unknown = run("check", "--instructions", seed("ex1_instructions.md"), "--result", seed("ex1_a.js"), "--colour");
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown option --colour/);
  assert.equal(run("frobnicate").status, 2);
  const badConfig = path.join(tmp(), "c.json");
  fs.writeFileSync(badConfig, '{"strategy": "Z"}');
  const cfg = run("check", "--instructions", seed("ex1_instructions.md"), "--result", seed("ex1_a.js"), "--config", badConfig);
  assert.equal(cfg.status, 2);
  assert.match(cfg.stderr, /invalid configuration: .*strategy/);
});

test("audit: the embedded tasks folder gives the seeds' verdicts, a table and a Mermaid graph", () => {
  const dir = tmp();
  const out = path.join(dir, "report.md");
  const log = path.join(dir, "audit.jsonl");
  const r = run("audit", example, "--out", out, "--log", log);
  assert.equal(r.status, 0, r.stderr);
  const report = fs.readFileSync(out, "utf8");
  // The seeds' drifted results are significant drift; the partial one (tests asked for, none
  // written) is whatever the fitted weights make it, but its reasons say what is missing.
  const counts = report.match(/10 tasks read \(10 folders\), 9 delegations: (\d) consistent, (\d) potential drift, (\d) significant drift, 0 contract violations, 1 without a result/);
  assert.ok(counts, report.slice(0, 400));
  const [consistent, potential, significant] = counts.slice(1).map(Number);
  assert.equal(consistent + potential + significant, 8);
  assert.ok(consistent >= 4 && significant >= 3, counts[0]);
  assert.ok(report.split("\n").some((l) => l.includes("`9a3c0018`") && l.includes("Tests were asked for, but the result is prose without code")));
  assert.match(report, /```mermaid\nflowchart TD\n/);
  const rows = report.split("\n").filter((l) => l.startsWith("| ") && l.includes("` → `"));
  assert.equal(rows.length, 9);
  // Seed Example 1B (a class where a single function was asked for) and 2B (code instead of a comparison).
  assert.ok(rows.some((l) => l.includes("orchestrator → code | SIGNIFICANT_DRIFT") && l.includes("the result defines a class")));
  assert.ok(rows.some((l) => l.includes("orchestrator → ask | SIGNIFICANT_DRIFT") && l.includes("the result contains code")));
  assert.ok(rows.some((l) => l.includes("architect → code | CONSISTENT")), "the nested delegation is found");
  assert.ok(rows.some((l) => l.includes("orchestrator → debug | SIGNIFICANT_DRIFT") && l.includes("changes what it was told to leave alone")));
  assert.ok(rows.some((l) => l.includes("NO_RESULT") && l.includes("interrupted")));
  assert.match(report, /\| `9a3c0012` \| REQ-7, REQ-8, REQ-9 \| REQ-7, REQ-8, REQ-9 \| — \|/);
  assert.match(report, /class [t0-9,]+ significant/);
  // The log feeds `graph`, which draws the same verified edges.
  const records = fs.readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(records.length, 8);
  const g = run("graph", log);
  assert.equal(g.status, 0, g.stderr);
  assert.match(g.stdout, /^flowchart TD\n/);
  assert.equal((g.stdout.match(/-->/g) ?? []).length, 8);
  assert.equal((g.stdout.match(/SIGNIFICANT_DRIFT/g) ?? []).length, significant);
  // Printed to stdout without --out.
  assert.match(run("audit", example).stdout, /^# boomerang-guard audit/);
});

function copyExample() {
  const dir = tmp();
  fs.cpSync(example, dir, { recursive: true });
  return path.join(dir, "tasks");
}

test("audit: corrupt, partial, orphaned, cyclic and older-format items are reported and skipped", () => {
  const tasks = copyExample();
  const ids = fs.readdirSync(tasks).filter((f) => !f.endsWith(".json")).sort();
  const [root, first, second, third] = ids;
  // Corrupt JSON in one child's history item, and no index entry to fall back on.
  fs.writeFileSync(path.join(tasks, first, "history_item.json"), "{ not json");
  fs.rmSync(path.join(tasks, "_index.json"));
  // A partial folder, and a folder from an older Roo Code (messages only, XML tool calls).
  fs.mkdirSync(path.join(tasks, "partial-task"));
  fs.mkdirSync(path.join(tasks, "old-task"));
  fs.writeFileSync(path.join(tasks, "old-task", "api_conversation_history.json"), JSON.stringify([{ role: "assistant", content: [{ type: "text", text: "<new_task>\n<mode>code</mode>\n<message>Do it</message>\n</new_task>" }] }]));
  // A child whose parent is gone, and a cycle between two tasks.
  const orphan = JSON.parse(fs.readFileSync(path.join(tasks, second, "history_item.json"), "utf8"));
  orphan.parentTaskId = "deleted-parent";
  fs.writeFileSync(path.join(tasks, second, "history_item.json"), JSON.stringify(orphan));
  const a = JSON.parse(fs.readFileSync(path.join(tasks, root, "history_item.json"), "utf8"));
  a.parentTaskId = third;
  fs.writeFileSync(path.join(tasks, root, "history_item.json"), JSON.stringify(a));
  // Corrupt UI messages: no result can be read for that child.
  fs.writeFileSync(path.join(tasks, third, "ui_messages.json"), "[{]");

  const r = run("audit", path.dirname(tasks));
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, new RegExp(`${first}: history_item\\.json: corrupt JSON`));
  assert.match(r.stderr, /partial-task: a partial task folder/);
  assert.match(r.stderr, /old-task: no history_item\.json: written by an older Roo Code .* \(it made 1 new_task call\)/);
  assert.match(r.stderr, new RegExp(`${second}: its parent deleted-parent is not in this folder`));
  assert.match(r.stderr, /a cycle in parent links/);
  assert.match(r.stderr, new RegExp(`${third}: ui_messages\\.json: corrupt JSON`));
  assert.match(r.stdout, /## Problems/);
  assert.match(r.stdout, /\d+ tasks read \(12 folders\)/);
});

test("audit: exit 1 when nothing can be read, 2 when the folder does not exist", () => {
  const empty = tmp();
  const r = run("audit", empty);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /nothing could be read/);
  assert.equal(run("audit", path.join(empty, "nope")).status, 2);
  assert.equal(run("graph", path.join(empty, "nope.jsonl")).status, 2);
  const junk = path.join(empty, "junk.jsonl");
  fs.writeFileSync(junk, "not json\n{}\n");
  const g = run("graph", junk);
  assert.equal(g.status, 1);
  assert.match(g.stderr, /junk\.jsonl:1: not JSON/);
});

test("audit: 5,000 tasks stream through with a progress bar and bounded memory", () => {
  const dir = tmp();
  const tasks = path.join(dir, "tasks");
  fs.mkdirSync(tasks);
  const instructions = fs.readFileSync(seed("ex1_instructions.md"), "utf8");
  const results = [fs.readFileSync(seed("ex1_a.js"), "utf8"), fs.readFileSync(seed("ex1_b.js"), "utf8")];
  const write = (id, h, ui) => {
    fs.mkdirSync(path.join(tasks, id));
    fs.writeFileSync(path.join(tasks, id, "history_item.json"), JSON.stringify(h));
    fs.writeFileSync(path.join(tasks, id, "ui_messages.json"), JSON.stringify(ui));
  };
  for (let r = 0; r < 50; r++) {
    const root = `root-${r}`;
    write(root, { id: root, number: r, ts: r, task: "Orchestrate", mode: "orchestrator", status: "active" }, []);
    for (let c = 0; c < 99; c++) {
      const id = `child-${r}-${c}`;
      write(id, { id, parentTaskId: root, rootTaskId: root, number: r * 100 + c, ts: r * 100 + c, task: instructions, mode: "code", status: "completed" }, [
        { ts: 1, type: "say", say: "text", text: instructions },
        { ts: 2, type: "say", say: "completion_result", text: results[c % 2] },
      ]);
    }
  }
  const script = `
    const { createGuardSync } = require(${JSON.stringify(path.join(packageDir(), "dist", "cjs", "node.js"))});
    const { audit } = require(${JSON.stringify(path.join(packageDir(), "bin", "lib", "audit.cjs"))});
    const guard = createGuardSync({ judge: { mode: "never" } });
    audit(${JSON.stringify(dir)}, guard).then(({ summary }) => {
      process.stdout.write(JSON.stringify({ summary, rss: process.resourceUsage().maxRSS }));
    });`;
  const r = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", maxBuffer: 1 << 24 });
  assert.equal(r.status, 0, r.stderr);
  const { summary, rss } = JSON.parse(r.stdout);
  assert.equal(summary.tasks, 5000);
  assert.equal(summary.delegations, 4950);
  assert.equal(summary.consistent + summary.potentialDrift + summary.significantDrift, 4950);
  assert.match(r.stderr, /reading tasks: 5000\/5000/);
  assert.match(r.stderr, /verifying delegations: 4950\/4950/);
  // Messages are read one child at a time: peak memory stays far below the folder's size times a copy each.
  assert.ok(rss < 400 * 1024, `max RSS ${rss} KB`);
});
