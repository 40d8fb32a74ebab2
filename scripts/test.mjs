/**
 * `npm test`: everything, in the order that fails fastest.
 * lint, unit (with the content-error builds and the form function against a
 * real SMTP server), broken content (content:check), build and serve with
 * Netlify's local runtime (its mail going to a local SMTP sink), typecheck
 * against the types the build generated, end-to-end, security headers,
 * accessibility, HTML validity and byte budgets in Chromium, and last the
 * delivery tests, which break the mail server and restart the site (so the
 * site is built a second time), then the CMS's tests against `npm run cms` in
 * a copy of the working tree, then Lighthouse on six pages once the runtime
 * has stopped (so nothing else competes for the CPU).
 *
 * Beside the first steps, from lint to typecheck, the Node-24 leg
 * (scripts/node24.mjs, log in .reports/node24.log) builds and unit-tests a copy
 * of the working tree under Node 24. Measured alone on 2 cores it took about
 * 9 minutes (npm install into a fresh node_modules 2, the build 3.5, Jest 4)
 * at 0.9 of one core on average. After the other steps it would add those 9
 * minutes to a run that already takes about 33, where CI must stay under 40.
 * The steps it runs beside take about as long and leave the second core mostly
 * idle too (ESLint and tsc are single-threaded, Jest runs one worker on two
 * cores and the mailing job's tests mostly wait on their slowed store, the
 * build uses under one core), so there it costs little: run together here,
 * lint, Jest, the content check, a cold build and tsc took 558 s and the leg,
 * npm install into a fresh node_modules included, 603 s. It must be done before
 * the end-to-end tests, whose timings (the chatbot's 500 ms replies, the
 * delivery tests) and Lighthouse's CPU-calibrated scores want the machine to
 * themselves. Its tests bind no fixed port (the mail sinks listen on port 0),
 * so they never meet the site on :8888 or the sink on :2525; its copy, its
 * node_modules, public/ and .cache/ are outside this folder (scripts/node24.mjs).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { ensureChromium } from "./lib/chromium.mjs";
import { startInBackground, tail } from "./lib/server.mjs";
import { startTestServices } from "./lib/test-services.mjs";
import { ensureJava } from "./lib/vnu.mjs";

const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

class StepFailed extends Error {}

/** Runs one check; asynchronously, so the mail sink in this process keeps answering meanwhile. */
async function step(name, command, args) {
  console.log(`\n▶ ${name} (${seconds()})`);
  const status = await new Promise((resolve) => {
    spawn(command, args, { stdio: "inherit", env: process.env }).once("exit", (code) => resolve(code ?? 1));
  });
  if (status !== 0) throw new StepFailed(`${name} failed`);
}

/**
 * Starts the Node-24 leg in the background, its output into its log. Its own
 * process group, so that stop() ends its npm, builds and Jest with it.
 */
function startNode24Leg() {
  console.log(`\n▶ Node 24: npm install, npm run build and the unit tests in a copy, beside the steps up to typecheck (${seconds()}), log in .reports/node24.log`);
  return startInBackground("node", ["scripts/node24.mjs"], ".reports/node24.log");
}

/** Counts from the runners' JSON reports, for one closing line over everything. */
function counts() {
  const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null);
  const units = [read(".reports/unit.json"), read(".reports/node24-unit.json")];
  const unit = (key) => units.reduce((total, report) => total + (report?.[key] ?? 0), 0);
  const browser = [read(".reports/e2e.json"), read(".reports/cms.json")].map((report) => report?.stats ?? {});
  const sum = (key) => browser.reduce((total, stats) => total + (stats[key] ?? 0), 0);
  return {
    passed: unit("numPassedTests") + sum("expected") + sum("flaky"),
    failed: unit("numFailedTests") + sum("unexpected"),
    skipped: unit("numPendingTests") + sum("skipped"),
  };
}

fs.mkdirSync(".reports", { recursive: true });
for (const file of [".reports/unit.json", ".reports/node24-unit.json", ".reports/e2e.json", ".reports/cms.json"]) fs.rmSync(file, { force: true });
let services;
let node24;
try {
  ensureChromium();
  ensureJava();
  node24 = startNode24Leg();
  await step("lint", "npx", ["eslint", "."]);
  await step("unit tests", "npx", ["jest", "--ci", "--json", "--outputFile=.reports/unit.json"]);
  await step("content check: JSON files, links in Markdown (README, Other commands)", "node", ["scripts/content-check.mjs"]);
  console.log(`\n▶ build and serve: npm start (${seconds()}), log in .reports/npm-start.log`);
  // The form's mails go to a local SMTP sink, where the end-to-end tests read them.
  services = await startTestServices({ logFile: ".reports/npm-start.log" });
  await step("typecheck", "npx", ["tsc", "--noEmit"]);
  console.log(`\n▶ Node 24: waiting for the leg to finish (${seconds()})`);
  const node24Status = await node24.done;
  const node24Summary = tail(".reports/node24.log", 12).trim().split("\n").at(-1);
  if (node24Status !== 0) throw new StepFailed(`Node 24 leg failed; the end of .reports/node24.log:\n${tail(".reports/node24.log", 40)}`);
  console.log(node24Summary);
  // The delivery tests restart the site: that second `npm start` rebuilds a public/ the Netlify adapter rearranged, which must still succeed.
  await step("end-to-end, security headers, accessibility, HTML validity, budgets, then delivery", "npx", ["playwright", "test"]);
  await services.stop();
  services = undefined;
  // On the same port as the site it replaces: `npm run cms` in a copy of the working tree, which the CMS saves into.
  await step("the CMS: npm run cms in a copy, edited in Chromium, then the copy rebuilt", "npx", ["playwright", "test", "--config", "playwright.cms.config.ts"]);
  await step("Lighthouse on six pages", "node", ["scripts/check-lighthouse.mjs"]);
} catch (error) {
  console.error(`\n✖ ${error.message}`);
  process.exitCode = 1;
} finally {
  await node24?.stop();
  await services?.stop();
}
const { passed, failed, skipped } = counts();
if (!process.exitCode) console.log(`\n✔ all checks passed in ${seconds()}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
