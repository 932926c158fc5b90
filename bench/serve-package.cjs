// Serves a package folder over HTTP with a page that imports the ESM build and creates a guard
// (window.ready, window.startupMs), for the Chromium smoke test and the start-up benchmark.
// `/?entry=lite-web.js` imports another ESM entry of dist/esm (`boomerang-guard/lite`).
"use strict";
const fs = require("node:fs");
const http = require("node:http");
const path = require("node:path");

const TYPES = { ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm", ".html": "text/html", ".json": "application/json" };

/** Resolves to a listening server on 127.0.0.1 (port in server.address().port). */
function serve(root) {
  const page = (entry) => `<!doctype html><meta charset="utf-8"><title>boomerang-guard smoke</title><script type="module">
    const t0 = performance.now();
    const mod = await import("/dist/esm/${entry}");
    const guard = await mod.createGuard({ judge: { mode: "always" } });
    window.startupMs = performance.now() - t0;
    window.mod = mod;
    window.guard = guard;
    window.ready = true;
  </script>`;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://localhost");
    if (url.pathname === "/") {
      const entry = url.searchParams.get("entry") ?? "web.js";
      if (!/^[a-z-]+\.js$/.test(entry)) {
        res.writeHead(400);
        return res.end();
      }
      res.writeHead(200, { "content-type": "text/html" });
      return res.end(page(entry));
    }
    const file = path.join(root, path.normalize(url.pathname));
    if (!file.startsWith(root) || !fs.existsSync(file)) {
      res.writeHead(404);
      return res.end();
    }
    const body = fs.readFileSync(file);
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream", "content-length": body.length });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** The system Chromium (or CHROMIUM_PATH), or undefined when there is none. */
function findChromium() {
  return process.env.CHROMIUM_PATH || ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find((p) => fs.existsSync(p));
}

module.exports = { serve, findChromium };
