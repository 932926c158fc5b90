// Loads boomerang-guard as a consumer would: from the packed tarball installed into
// .tmp/consumer (scripts/test.sh does that), resolved through package.json "exports".
const path = require("node:path");
const fs = require("node:fs");
const { createRequire } = require("node:module");
const { pathToFileURL } = require("node:url");

const consumer = process.env.BOOMERANG_GUARD_CONSUMER || path.join(__dirname, "..", "..", ".tmp", "consumer");
const consumerRequire = createRequire(path.join(consumer, "index.js"));

/** The CommonJS entry, as `require("boomerang-guard")` sees it. */
function requireGuard() {
  return consumerRequire("boomerang-guard");
}

/** The installed package's folder. */
function packageDir() {
  return path.dirname(consumerRequire.resolve("boomerang-guard/package.json"));
}

/** The ESM (web) entry, imported by file URL. */
async function importWeb() {
  return import(pathToFileURL(path.join(packageDir(), "dist", "esm", "web.js")).href);
}

function wasmBytes() {
  return fs.readFileSync(path.join(packageDir(), "pkg", "boomerang_guard_bg.wasm"));
}

/** A subpath export (`boomerang-guard/roo`, `/agents`, …), as `require` sees it. */
function requireSubpath(subpath) {
  return consumerRequire(`boomerang-guard/${subpath}`);
}

module.exports = { requireGuard, requireSubpath, importWeb, packageDir, wasmBytes, consumer };
