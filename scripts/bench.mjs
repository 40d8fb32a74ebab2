/**
 * `npm run bench`: what every built page costs and how it scores.
 * Prints, per page: HTML and first-load JavaScript bytes (gzip), image bytes
 * above the fold on a 390 px phone, and Lighthouse mobile scores with LCP, TBT
 * and CLS; plus the cold build time. Pages are served gzipped from public/.
 * Writes the same as JSON to bench/results/.
 *
 *   npm run bench                 cold build, then measure
 *   npm run bench -- --no-build   measure the existing public/
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumPath, ensureChromium } from "./lib/chromium.mjs";
import { builtPages, pageWeight } from "./lib/page-weight.mjs";
import { startStaticServer } from "./lib/static-server.mjs";

const port = 9123;
const origin = `http://127.0.0.1:${port}`;
const publicDir = path.resolve("public");
const chromeFlags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

ensureChromium();

let buildSeconds = null;
if (!process.argv.includes("--no-build")) {
  console.log("Cold build: gatsby clean && gatsby build ...");
  spawnSync("npx", ["gatsby", "clean"], { stdio: "ignore" });
  const started = process.hrtime.bigint();
  const build = spawnSync("npx", ["gatsby", "build"], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CI: "true" } });
  if (build.status !== 0) throw new Error("gatsby build failed");
  buildSeconds = Number(process.hrtime.bigint() - started) / 1e9;
}

const server = await startStaticServer(publicDir, port);
const pages = builtPages(publicDir);

/** Bytes of the images a phone shows before scrolling: those whose box starts inside the first screen. */
async function aboveFoldImageBytes(browser, route) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75, isMobile: true });
  const page = await context.newPage();
  const sizes = new Map();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "image") return;
    try {
      sizes.set(response.url(), (await response.body()).length);
    } catch {
      /* a response without a body, such as a redirect */
    }
  });
  await page.goto(origin + route, { waitUntil: "networkidle" });
  const shown = await page.evaluate(() =>
    [...document.images]
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return image.complete && image.currentSrc && box.top < window.innerHeight && box.bottom > 0 && box.width > 0;
      })
      .map((image) => image.currentSrc),
  );
  await context.close();
  return [...new Set(shown)].reduce((sum, url) => sum + (sizes.get(url) ?? 0), 0);
}

async function lighthouseScores(chrome, route) {
  const { lhr } = await lighthouse(origin + route, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
    tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue),
    cls: Number(lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3)),
  };
}

const results = [];
const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu"] });
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
try {
  for (const page of pages) {
    const weight = pageWeight(publicDir, page.file, page.route);
    results.push({
      route: page.route,
      htmlGzipBytes: weight.htmlGzip,
      firstLoadJsGzipBytes: weight.jsGzip,
      aboveFoldImageBytes: await aboveFoldImageBytes(browser, page.route),
      lighthouse: await lighthouseScores(chrome, page.route),
    });
    process.stdout.write(".");
  }
} finally {
  await browser.close();
  await chrome.kill();
  server.close();
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log("\n");
console.log("| page | HTML gzip KB | first-load JS gzip KB | images above fold KB | perf | a11y | best pr. | SEO | LCP ms | TBT ms | CLS |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const r of results) {
  const l = r.lighthouse;
  console.log(
    `| ${r.route} | ${kb(r.htmlGzipBytes)} | ${kb(r.firstLoadJsGzipBytes)} | ${kb(r.aboveFoldImageBytes)} | ${l.performance} | ${l.accessibility} | ${l.bestPractices} | ${l.seo} | ${l.lcpMs} | ${l.tbtMs} | ${l.cls} |`,
  );
}
if (buildSeconds !== null) console.log(`\nCold build (gatsby clean && gatsby build): ${buildSeconds.toFixed(1)} s`);

fs.mkdirSync("bench/results", { recursive: true });
const file = `bench/results/${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
fs.writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), node: process.version, buildSeconds, pages: results }, null, 2));
console.log(`Written to ${file}`);
