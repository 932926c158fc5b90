"use strict";
// The ESM build of the packed package in a real page in headless Chromium (playwright-core with
// the system Chromium): load, check a task input and a result, verify with a judge, and time the
// start-up. The page is served over HTTP from the installed package, as a web host would.
const test = require("node:test");
const assert = require("node:assert/strict");
const { packageDir } = require("./load.cjs");

const { serve, findChromium } = require("../../bench/serve-package.cjs");

const CHROMIUM = findChromium();

/**
 * Serves the installed package, opens its page in headless Chromium once the guard is ready,
 * runs `body(page, errors)` (errors: the page's uncaught errors), and always cleans up.
 */
async function withPage(t, body, entry = "web.js") {
  if (!CHROMIUM && process.env.BOOMERANG_GUARD_SKIP_BROWSER === "1") return t.skip("no Chromium (BOOMERANG_GUARD_SKIP_BROWSER=1)");
  assert.ok(CHROMIUM, "Chromium is needed: scripts/bootstrap.sh installs it (or set CHROMIUM_PATH)");
  const { chromium } = require("playwright-core");
  const server = await serve(packageDir());
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${server.address().port}/?entry=${entry}`);
    await page.waitForFunction(() => window.ready === true, null, { timeout: 30_000 });
    await body(page, errors);
  } finally {
    await browser.close();
    server.close();
  }
}

test("the ESM build checks an input and a result and verifies with a judge in headless Chromium", { timeout: 60_000 }, async (t) => {
  await withPage(t, async (page, errors) => {
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
  });
});

test("isolation in Chromium: identity, locked Maps and Dates, bytes copied, shared memory refused, throwing proxies", { timeout: 60_000 }, async (t) => {
  await withPage(t, async (page, errors) => {
    const out = await page.evaluate(() => {
      const { guard } = window;
      const caught = (f) => {
        try {
          f();
          return null;
        } catch (e) {
          return { name: e.name, code: e.code, path: e.path };
        }
      };
      const shared = { id: 1 };
      const ctx = { config: { retries: 3 }, a: shared, b: shared, m: new Map([["k", { v: 1 }]]), d: new Date(1000) };
      ctx.self = ctx;
      const f = guard.freezeContext(ctx);
      const backing = new ArrayBuffer(8);
      new Uint8Array(backing).set([1, 2, 3, 4, 5, 6, 7, 8]);
      const bytes = { blob: new Uint8Array([9, 8, 7]), window: new Uint16Array(backing, 2, 2), view: new DataView(backing), raw: backing };
      const before = guard.contextHash(bytes);
      const report = guard.isolateContext(bytes);
      report.value.window[0] = 0xffff;
      const inPlace = guard.isolateContext({ meta: {}, blob: new Uint8Array(2) }, { inPlace: true });
      const traps = {};
      for (const trap of ["get", "ownKeys", "getPrototypeOf", "getOwnPropertyDescriptor", "defineProperty", "preventExtensions"]) {
        const p = () => new Proxy({ a: [1, 2] }, { [trap]() { throw new Error(trap + " trap exploded"); } });
        traps[trap] = [caught(() => guard.freezeContext({ inner: p() })), caught(() => guard.deepFreeze({ inner: p() })), caught(() => guard.contextHash({ inner: p() }))];
      }
      return {
        copied: f !== ctx && f.self === f && f.a === f.b && f.a !== shared,
        frozen: Object.isFrozen(f) && Object.isFrozen(f.config) && Object.isFrozen(f.m.get("k")),
        mapLocked: caught(() => f.m.set("x", 1))?.name,
        dateLocked: caught(() => f.d.setTime(0))?.name,
        sameHash: guard.contextHash(ctx) === guard.contextHash(f),
        notes: report.binary.map((b) => [b.path, b.type, b.byteLength, b.handling]),
        reportHash: report.hash === before,
        parentKept: guard.contextHash(bytes) === before && new Uint16Array(backing, 2, 2)[0] !== 0xffff,
        childWriteSeen: guard.contextHash(report.value) !== before,
        inPlace: [inPlace.value.meta && Object.isFrozen(inPlace.value.meta), inPlace.binary.map((b) => b.handling)],
        sharedRefused: typeof SharedArrayBuffer === "function" ? caught(() => guard.freezeContext({ mem: new SharedArrayBuffer(4) })) : "no SharedArrayBuffer here",
        functionRefused: caught(() => guard.freezeContext({ list: [1, () => 2] })),
        traps,
        stillWorks: Object.isFrozen(guard.freezeContext({ ok: true })),
      };
    });
    assert.deepEqual(errors, []);
    assert.equal(out.copied, true);
    assert.equal(out.frozen, true);
    assert.equal(out.mapLocked, "TypeError");
    assert.equal(out.dateLocked, "TypeError");
    assert.equal(out.sameHash, true);
    assert.deepEqual(out.notes, [
      ["/blob", "Uint8Array", 3, "copied"],
      ["/window", "Uint16Array", 4, "copied"],
      ["/view", "DataView", 8, "copied"],
      ["/raw", "ArrayBuffer", 8, "copied"],
    ]);
    assert.equal(out.reportHash, true);
    assert.equal(out.parentKept, true);
    assert.equal(out.childWriteSeen, true);
    assert.deepEqual(out.inPlace, [true, ["not-frozen"]]);
    if (out.sharedRefused !== "no SharedArrayBuffer here") assert.deepEqual(out.sharedRefused, { name: "BoomerangGuardError", code: "UNFREEZABLE", path: "/mem" });
    assert.deepEqual(out.functionRefused, { name: "BoomerangGuardError", code: "UNFREEZABLE", path: "/list/1" });
    for (const [trap, results] of Object.entries(out.traps)) {
      for (const r of results) {
        // A trap the operation never runs lets it succeed; one it runs is a typed error at the
        // proxy (or at the property whose read threw).
        if (r !== null) {
          assert.deepEqual([r.name, r.code], ["BoomerangGuardError", "UNFREEZABLE"], trap);
          assert.match(r.path, /^\/inner(\/a)?$/, trap);
        }
      }
    }
    assert.notEqual(out.traps.get[0], null, "a throwing get trap is an error when copying");
    assert.equal(out.stillWorks, true);
  });
});

test("boomerang-guard/lite in Chromium: built-in contracts, drift and isolation work; schemas are refused and the guard stays usable", { timeout: 60_000 }, async (t) => {
  await withPage(
    t,
    async (page, errors) => {
      const out = await page.evaluate(async () => {
        const { guard } = window;
        const input = guard.checkTaskInput({ mode: "orchestrator", message: "Split the work.", todos: "- [ ] design\n- [x] build" });
        const badTodos = guard.checkTaskInput({ mode: "orchestrator", message: "Split the work.", todos: "- [ ] design\nnot an item" });
        const result = guard.checkTaskResult({ mode: "code", result: "Implemented validateEmail in src/utils/validation.ts." });
        let refused;
        try {
          guard.registerSchema({ $id: "mine", type: "object" });
        } catch (e) {
          refused = { name: e.name, code: e.code };
        }
        const drift = guard.scoreDrift("Create a single function validateEmail. Do NOT create a class.", "class EmailValidator {}");
        const frozen = Object.isFrozen(guard.freezeContext({ files: ["a.ts"] }));
        const wasm = performance.getEntriesByType("resource").filter((r) => r.name.endsWith(".wasm"));
        return {
          inputOk: input.ok,
          badTodos: badTodos.errors.map((e) => [e.instancePath, e.keyword]),
          resultOk: typeof result.ok,
          refused,
          status: drift.status,
          frozen,
          wasm: wasm.map((r) => new URL(r.name).pathname),
          startupMs: window.startupMs,
        };
      });
      assert.deepEqual(errors, []);
      assert.equal(out.inputOk, true);
      assert.deepEqual(out.badTodos[0], ["/todos", "pattern"]);
      assert.equal(out.resultOk, "boolean");
      assert.deepEqual(out.refused, { name: "BoomerangGuardError", code: "SCHEMAS_UNAVAILABLE" });
      assert.notEqual(out.status, undefined);
      assert.equal(out.frozen, true);
      assert.deepEqual(out.wasm, ["/pkg/lite/boomerang_guard_bg.wasm"], "the guard's module only, never the compiler");
      t.diagnostic(`lite start-up in Chromium: ${out.startupMs.toFixed(0)} ms`);
    },
    "lite-web.js",
  );
});

test("each browser entry is one file: a page fetches the entry, then its wasm modules, and nothing else", { timeout: 60_000 }, async (t) => {
  const full = ["/pkg/boomerang_guard_bg.wasm", "/pkg/compiler/boomerang_guard_compiler_bg.wasm"];
  for (const [entry, wasm] of [["web.js", full], ["lite-web.js", ["/pkg/lite/boomerang_guard_bg.wasm"]]]) {
    await withPage(
      t,
      async (page, errors) => {
        // The package's files (a browser may ask for its favicon too).
        const fetched = await page.evaluate(() =>
          performance
            .getEntriesByType("resource")
            .map((r) => new URL(r.name).pathname)
            .filter((p) => p.startsWith("/dist/") || p.startsWith("/pkg/")),
        );
        // The full entry fetches the compiler module beside the guard's, in either order.
        assert.deepEqual([fetched[0], ...fetched.slice(1).sort()], [`/dist/esm/${entry}`, ...wasm], entry);
        // And it works: a check and the error class a bundled copy throws.
        const out = await page.evaluate(async () => {
          const { guard, mod } = window;
          let thrown;
          try {
            guard.checkTaskInput({ mode: "", message: "x" });
          } catch (e) {
            thrown = { isClass: e instanceof mod.BoomerangGuardError, code: e.code };
          }
          return { ok: guard.checkTaskResult({ mode: "code", result: "Added a test." }).ok, thrown };
        });
        assert.deepEqual(out, { ok: true, thrown: { isClass: true, code: "INVALID_ARGUMENT" } });
        assert.deepEqual(errors, []);
      },
      entry,
    );
  }
});

test("every module URL the ESM files name resolves to a file of the package", () => {
  const fs = require("node:fs");
  const path = require("node:path");
  const esm = path.join(packageDir(), "dist", "esm");
  let found = 0;
  for (const name of fs.readdirSync(esm).filter((f) => f.endsWith(".js"))) {
    const text = fs.readFileSync(path.join(esm, name), "utf8");
    for (const m of text.matchAll(/new URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url\s*\)/g)) {
      found++;
      assert.ok(fs.existsSync(path.resolve(esm, m[1])), `${name}: ${m[1]}`);
    }
  }
  // Each entry's own URL and its bundled glue's default URL.
  assert.ok(found >= 4, `found ${found}`);
});
