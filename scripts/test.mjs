/**
 * `npm test`: everything, in the order that fails fastest.
 * lint, unit (with the content-error builds and the form function against a
 * real SMTP server), broken content (content:check), build and serve with
 * Netlify's local runtime (its mail going to a local SMTP sink), typecheck
 * against the types the build generated, end-to-end, security headers,
 * accessibility, HTML validity and byte budgets in Chromium, then Lighthouse
 * on six pages once the runtime has stopped (so nothing else competes for the CPU).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { ensureChromium } from "./lib/chromium.mjs";
import mailSinkModule from "./lib/mail-sink.cjs";
import { startSite } from "./lib/server.mjs";

const { startMailSink, defaultDir, defaultPort } = mailSinkModule;

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
  const e2e = read(".reports/e2e.json");
  return {
    passed: (unit?.numPassedTests ?? 0) + (e2e?.stats.expected ?? 0) + (e2e?.stats.flaky ?? 0),
    failed: (unit?.numFailedTests ?? 0) + (e2e?.stats.unexpected ?? 0),
    skipped: (unit?.numPendingTests ?? 0) + (e2e?.stats.skipped ?? 0),
  };
}

fs.mkdirSync(".reports", { recursive: true });
for (const file of [".reports/unit.json", ".reports/e2e.json"]) fs.rmSync(file, { force: true });
let site;
let mailSink;
try {
  ensureChromium();
  await step("lint", "npx", ["eslint", "."]);
  await step("unit tests", "npx", ["jest", "--ci", "--json", "--outputFile=.reports/unit.json"]);
  await step("content check: links, towns and prices", "node", ["scripts/content-check.mjs"]);
  console.log(`\n▶ build and serve: npm start (${seconds()}), log in .reports/npm-start.log`);
  // The form's mails go to a local SMTP sink, where the end-to-end tests read them.
  fs.rmSync(defaultDir, { recursive: true, force: true });
  mailSink = await startMailSink({ port: defaultPort, dir: defaultDir });
  site = await startSite({ logFile: ".reports/npm-start.log", env: { SMTP_URL: mailSink.url } });
  await step("typecheck", "npx", ["tsc", "--noEmit"]);
  await step("end-to-end, security headers, accessibility, HTML validity and budgets", "npx", ["playwright", "test"]);
  site.stop();
  site = undefined;
  await step("Lighthouse on six pages", "node", ["scripts/check-lighthouse.mjs"]);
  // A second `npm start` rebuilds a public/ that the Netlify adapter rearranged; it must still succeed.
  await step("a second build without changes", "npx", ["gatsby", "build"]);
} catch (error) {
  console.error(`\n✖ ${error.message}`);
  process.exitCode = 1;
} finally {
  site?.stop();
  await mailSink?.stop();
}
const { passed, failed, skipped } = counts();
if (!process.exitCode) console.log(`\n✔ all checks passed in ${seconds()}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
