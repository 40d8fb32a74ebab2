/**
 * `npm run bench`: what every built page costs and how it scores.
 * Prints, per page: HTML and first-load JavaScript bytes (gzip), image bytes
 * above the fold on a 390 px phone, and Lighthouse mobile scores with LCP, TBT
 * and CLS (each the median of 3 runs: one run varies by several points on a
 * shared machine); plus the cold build time. Pages are served gzipped from public/.
 * Then the send-contact-email function under `npm start` (Netlify's runtime),
 * its mail going to a local SMTP sink: 50 concurrent clients for 10 s, with
 * requests per second, p50 and p99 latency, and 200 answers against mails
 * received (equal, or a request was lost).
 * Writes the same as JSON to bench/results/.
 *
 *   npm run bench                       cold build, then measure pages and the function
 *   npm run bench -- --no-build         measure the existing public/ (npm start still builds for the function)
 *   npm run bench -- --only=pages       or --only=function
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import autocannon from "autocannon";
import lighthouse from "lighthouse";
import { chromiumPath, ensureChromium } from "./lib/chromium.mjs";
import { builtPages, pageWeight } from "./lib/page-weight.mjs";
import mailSinkModule from "./lib/mail-sink.cjs";
import { startSite } from "./lib/server.mjs";
import { startStaticServer } from "./lib/static-server.mjs";

const { startMailSink } = mailSinkModule;
const only = process.argv.find((argument) => argument.startsWith("--only="))?.slice("--only=".length);

const port = 9123;
const origin = `http://127.0.0.1:${port}`;
const publicDir = path.resolve("public");
const chromeFlags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

ensureChromium();

async function benchPages() {
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

  /**
   * On a phone before scrolling: bytes of the images it shows (their box is in
   * the first screen), and bytes of images it fetched but does not show yet.
   */
  async function imageBytesBeforeScroll(browser, route) {
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
    const shownUrls = new Set(shown);
    const bytesOf = (urls) => [...urls].reduce((sum, url) => sum + (sizes.get(url) ?? 0), 0);
    return { aboveFold: bytesOf(shownUrls), belowFold: bytesOf([...sizes.keys()].filter((url) => !shownUrls.has(url))) };
  }

  const lighthouseRuns = 3;
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

  async function medianScores(chrome, route) {
    const runs = [];
    for (let run = 0; run < lighthouseRuns; run++) runs.push(await lighthouseScores(chrome, route));
    return Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((scores) => scores[key]))]));
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
      const images = await imageBytesBeforeScroll(browser, page.route);
      results.push({
        route: page.route,
        htmlGzipBytes: weight.htmlGzip,
        firstLoadJsGzipBytes: weight.jsGzip,
        aboveFoldImageBytes: images.aboveFold,
        belowFoldImageBytesBeforeScroll: images.belowFold,
        lighthouse: await medianScores(chrome, page.route),
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
  console.log("| page | HTML gzip KB | first-load JS gzip KB | images above fold KB | images below fold before scroll KB | perf | a11y | best pr. | SEO | LCP ms | TBT ms | CLS |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    const l = r.lighthouse;
    console.log(
      `| ${r.route} | ${kb(r.htmlGzipBytes)} | ${kb(r.firstLoadJsGzipBytes)} | ${kb(r.aboveFoldImageBytes)} | ${kb(r.belowFoldImageBytesBeforeScroll)} | ${l.performance} | ${l.accessibility} | ${l.bestPractices} | ${l.seo} | ${l.lcpMs} | ${l.tbtMs} | ${l.cls} |`,
    );
  }
  if (buildSeconds !== null) console.log(`\nCold build (gatsby clean && gatsby build): ${buildSeconds.toFixed(1)} s`);
  return { buildSeconds, pages: results };
}

/** The function as visitors meet it: through `npm start`, with a real SMTP round trip per request. */
async function benchFunction({ connections = 50, seconds = 10 } = {}) {
  const sink = await startMailSink();
  fs.mkdirSync(".reports", { recursive: true });
  console.log("\nsend-contact-email: starting npm start (it builds first), log in .reports/bench-npm-start.log ...");
  const site = await startSite({ logFile: ".reports/bench-npm-start.log", env: { SMTP_URL: sink.url } });
  try {
    // Each request carries its own number in the name (and so in the mail's subject): a 200 without its mail is a lost request.
    let next = 0;
    const answered = new Set();
    const request = (id) =>
      JSON.stringify({
        name: `Bench ${id}`,
        email: "bench@example.nl",
        phone: "020 123 45 67",
        address: "Werfkade 1",
        postalCode: "1013 AB",
        city: "Amsterdam",
        service: "Daklekkage",
        message: "Belastingtest van het formulier.",
      });
    const result = await autocannon({
      url: "http://localhost:8888/api/send-contact-email",
      connections,
      duration: seconds,
      // Netlify's local runtime queues invocations; no client gives up before the function has answered.
      timeout: 120,
      requests: [
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          setupRequest: (req, context) => {
            context.id = ++next;
            return { ...req, body: request(context.id) };
          },
          onResponse: (status, _body, context) => {
            if (status === 200) answered.add(context.id);
          },
        },
      ],
    });
    // Requests still open when the clients stop are dropped by the clients, not by the server: let them land too.
    for (let count = -1; count !== sink.mails.length; ) {
      count = sink.mails.length;
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
    const mailed = new Set(sink.mails.map((mail) => Number(/Bench (\d+)/.exec(mail.subject)?.[1])));
    const lost = [...answered].filter((id) => !mailed.has(id));
    const summary = {
      connections,
      seconds,
      requestsPerSecond: Number(result.requests.average.toFixed(1)),
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      ok200: answered.size,
      ok200Mailed: answered.size - lost.length,
      mailsReceived: sink.mails.length,
      inFlightAtStop: [...mailed].filter((id) => !answered.has(id)).length,
      otherStatuses: Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {})
          .filter(([code]) => code !== "200")
          .map(([code, { count }]) => [code, count]),
      ),
      errors: result.errors,
    };
    console.log(
      `send-contact-email, ${connections} clients for ${seconds} s: ${summary.requestsPerSecond} requests/s, p50 ${summary.latencyP50Ms} ms, p99 ${summary.latencyP99Ms} ms\n` +
        `  ${summary.ok200} answers 200, ${summary.ok200Mailed} of them received as mail: ${lost.length === 0 ? "nothing lost" : `LOST ${lost.length}`}\n` +
        `  ${summary.mailsReceived} mails in all: the rest are ${summary.inFlightAtStop} requests still open when the clients stopped; ` +
        `other answers ${JSON.stringify(summary.otherStatuses)}, connection errors ${summary.errors}`,
    );
    if (lost.length > 0) process.exitCode = 1;
    return summary;
  } finally {
    site.stop();
    await sink.stop();
  }
}

const pagesResult = only === "function" ? null : await benchPages();
const functionResult = only === "pages" ? null : await benchFunction();

fs.mkdirSync("bench/results", { recursive: true });
const file = `bench/results/${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
fs.writeFileSync(
  file,
  JSON.stringify({ date: new Date().toISOString(), node: process.version, ...pagesResult, contactFunction: functionResult }, null, 2),
);
console.log(`Written to ${file}`);
