// Start-up in headless Chromium (ESM): import the web entry, instantiate the module (streaming,
// application/wasm) and create a guard, in a fresh page with the cache off. Median of 5 per
// entry; the full (web.js) and lite (lite-web.js) entries alternate in one browser.
const path = require("node:path");
const { serve, findChromium } = require("./serve-package.cjs");

const CHROMIUM = findChromium();


async function chromiumStartup(runs = 5) {
  if (!CHROMIUM) return null;
  const { chromium } = require("playwright-core");
  const server = await serve(path.join(__dirname, ".."));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  try {
    const samples = { "web.js": [], "lite-web.js": [] };
    for (let i = 0; i < runs; i++) {
      for (const entry of Object.keys(samples)) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(`http://127.0.0.1:${server.address().port}/?entry=${entry}`);
        await page.waitForFunction(() => window.ready === true, null, { timeout: 30_000 });
        samples[entry].push(await page.evaluate(() => window.startupMs));
        await context.close();
      }
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(runs / 2)];
    return { startupMs: median(samples["web.js"]), liteStartupMs: median(samples["lite-web.js"]), runs };
  } finally {
    await browser.close();
    server.close();
  }
}

module.exports = { chromiumStartup };
if (require.main === module) chromiumStartup().then((r) => console.log(r));
