/**
 * `npm run screenshots [path ...]`: full-page PNGs of every built page (or the
 * given paths) at 390 and 1280 px, from the running `npm start`, into screenshots/.
 */
import fs from "node:fs";
import { launchChromium } from "./lib/machine/chromium";
import { builtPages } from "./lib/measure/page-weight";

const base = process.env.E2E_BASE_URL ?? "http://localhost:8888";
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : [...builtPages("public").map((page) => page.route), "/bestaat-niet"];
const widths = [390, 1280];

fs.mkdirSync("screenshots", { recursive: true });
const browser = await launchChromium();
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    // Scroll through once so lazy images load, then back to the top.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForTimeout(500);
    const name = `screenshots/${path === "/" ? "home" : path.slice(1).replace(/\//g, "_")}-${width}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log(name);
  }
  await page.close();
}
await browser.close();
