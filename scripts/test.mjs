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
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { ensureChromium } from "./lib/chromium.mjs";
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

/** Counts from the runners' JSON reports, for one closing line over everything. */
function counts() {
  const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null);
  const unit = read(".reports/unit.json");
  const browser = [read(".reports/e2e.json"), read(".reports/cms.json")].map((report) => report?.stats ?? {});
  const sum = (key) => browser.reduce((total, stats) => total + (stats[key] ?? 0), 0);
  return {
    passed: (unit?.numPassedTests ?? 0) + sum("expected") + sum("flaky"),
    failed: (unit?.numFailedTests ?? 0) + sum("unexpected"),
    skipped: (unit?.numPendingTests ?? 0) + sum("skipped"),
  };
}

fs.mkdirSync(".reports", { recursive: true });
for (const file of [".reports/unit.json", ".reports/e2e.json", ".reports/cms.json"]) fs.rmSync(file, { force: true });
let services;
try {
  ensureChromium();
  ensureJava();
  await step("lint", "npx", ["eslint", "."]);
  await step("unit tests", "npx", ["jest", "--ci", "--json", "--outputFile=.reports/unit.json"]);
  await step("content check: links, towns and prices", "node", ["scripts/content-check.mjs"]);
  console.log(`\n▶ build and serve: npm start (${seconds()}), log in .reports/npm-start.log`);
  // The form's mails go to a local SMTP sink, where the end-to-end tests read them.
  services = await startTestServices({ logFile: ".reports/npm-start.log" });
  await step("typecheck", "npx", ["tsc", "--noEmit"]);
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
  await services?.stop();
}
const { passed, failed, skipped } = counts();
if (!process.exitCode) console.log(`\n✔ all checks passed in ${seconds()}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
