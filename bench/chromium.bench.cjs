// Start-up in headless Chromium (ESM): import the web entry, instantiate the module (streaming,
// application/wasm) and create a guard, in a fresh page with the cache off. Median of 5.
const path = require("node:path");
const { serve, findChromium } = require("./serve-package.cjs");

const CHROMIUM = findChromium();


async function chromiumStartup(runs = 5) {
  if (!CHROMIUM) return null;
  const { chromium } = require("playwright-core");
  const server = await serve(path.join(__dirname, ".."));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  try {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${server.address().port}/`);
      await page.waitForFunction(() => window.ready === true, null, { timeout: 30_000 });
      samples.push(await page.evaluate(() => window.startupMs));
      await context.close();
    }
    samples.sort((a, b) => a - b);
    return { startupMs: samples[Math.floor(runs / 2)], runs };
  } finally {
    await browser.close();
    server.close();
  }
}

module.exports = { chromiumStartup };
if (require.main === module) chromiumStartup().then((r) => console.log(r));
