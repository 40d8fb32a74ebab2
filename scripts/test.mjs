/**
 * `npm test`: everything, in the order that fails fastest.
 * lint, unit (with the content-error builds), build and serve with Netlify's
 * local runtime, typecheck against the types the build generated, end-to-end
 * and accessibility in Chromium, byte budgets.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { ensureChromium } from "./lib/chromium.mjs";
import { startSite } from "./lib/server.mjs";

const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

class StepFailed extends Error {}

function step(name, command, args) {
  console.log(`\n▶ ${name} (${seconds()})`);
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) throw new StepFailed(`${name} failed`);
}

let site;
try {
  ensureChromium();
  step("lint", "npx", ["eslint", "."]);
  step("unit tests", "npx", ["jest", "--ci"]);
  console.log(`\n▶ build and serve: npm start (${seconds()}), log in .cache/npm-start.log`);
  fs.mkdirSync(".cache", { recursive: true });
  site = await startSite({ logFile: ".cache/npm-start.log" });
  step("typecheck", "npx", ["tsc", "--noEmit"]);
  step("end-to-end, accessibility and budgets", "npx", ["playwright", "test"]);
} catch (error) {
  console.error(`\n✖ ${error.message}`);
  process.exitCode = 1;
} finally {
  site?.stop();
}
if (!process.exitCode) console.log(`\n✔ all checks passed in ${seconds()}`);
