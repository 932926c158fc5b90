"use strict";
// The ESM build of the packed package in a real page in headless Chromium (playwright-core with
// the system Chromium): load, check a task input and a result, verify with a judge, and time the
// start-up. The page is served over HTTP from the installed package, as a web host would.
const test = require("node:test");
const assert = require("node:assert/strict");
const { packageDir } = require("./load.cjs");

const { serve, findChromium } = require("../../bench/serve-package.cjs");

const CHROMIUM = findChromium();

test("the ESM build checks an input and a result and verifies with a judge in headless Chromium", { timeout: 60_000 }, async (t) => {
  if (!CHROMIUM && process.env.BOOMERANG_GUARD_SKIP_BROWSER === "1") return t.skip("no Chromium (BOOMERANG_GUARD_SKIP_BROWSER=1)");
  assert.ok(CHROMIUM, "Chromium is needed: scripts/bootstrap.sh installs it (or set CHROMIUM_PATH)");
  const { chromium } = require("playwright-core");
  const server = await serve(packageDir());
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => window.ready === true, null, { timeout: 30_000 });
    const out = await page.evaluate(async () => {
      const { guard } = window;
      const input = guard.checkTaskInput({ mode: "code", message: "Implement validateEmail in src/utils/validation.ts.\u001b[31m" });
      const bad = guard.checkTaskInput({ mode: "code", message: 42 });
      let unknown;
      try {
        guard.checkTaskInput({ mode: "no-such-mode", message: "x" });
      } catch (e) {
        unknown = { name: e.name, code: e.code };
      }
      guard.setModeContract("code", { output: { type: "object", required: ["status"], properties: { status: { enum: ["success", "failure"] } } } });
      const result = guard.checkTaskResult({ mode: "code", result: "Done:\n```json\n{\"status\": \"success\"}\n```" });
      const malformed = guard.checkTaskResult({ mode: "code", result: "{\"status\": \"done\"}" });
      guard.setJudge(async (req) => (req.prompt.includes(req.delimiter) ? "Overall Alignment Score: 2" : "?"));
      const verdict = await guard.verify({
        parentInstructions: "Create a single function validateEmail. Do NOT create a class.",
        childOutput: "class EmailValidator { validate(e) { return /@/.test(e); } }",
      });
      const frozen = guard.freezeContext({ files: ["a.ts"] });
      return {
        inputOk: input.ok,
        cleaned: input.value.message,
        badOk: bad.ok,
        badKeyword: bad.errors[0]?.keyword,
        unknown,
        resultOk: result.ok,
        resultValue: result.value,
        malformedOk: malformed.ok,
        errorObject: malformed.errorObject?.error,
        verdict: { status: verdict.status, method: verdict.method, judge: verdict.judge?.verdict?.alignment, outcome: verdict.outcome.kind },
        frozen: Object.isFrozen(frozen) && Object.isFrozen(frozen.files),
        startupMs: window.startupMs,
      };
    });
    assert.deepEqual(errors, []);
    assert.equal(out.inputOk, true);
    assert.equal(out.cleaned, "Implement validateEmail in src/utils/validation.ts.", "ANSI removed in the browser too");
    assert.equal(out.badOk, false);
    assert.equal(out.badKeyword, "type");
    assert.deepEqual(out.unknown, { name: "BoomerangGuardError", code: "UNKNOWN_MODE" });
    assert.equal(out.resultOk, true);
    assert.deepEqual(out.resultValue, { status: "success" });
    assert.equal(out.malformedOk, false);
    assert.match(out.errorObject, /Invalid output format/);
    assert.deepEqual(out.verdict, { status: "SIGNIFICANT_DRIFT", method: "hybrid", judge: 2, outcome: "augment" });
    assert.equal(out.frozen, true);
    assert.ok(out.startupMs > 0);
  } finally {
    await browser.close();
    server.close();
  }
});
