/**
 * The Lighthouse gate of `npm test`: six pages that stand for every kind the
 * site has, measured on a phone (Lighthouse's mobile emulation) over a gzip
 * server of public/ with its _headers, as a CDN serves them. Each figure of the
 * load is the median of 3 runs (of 5 when one falls short), and the page's
 * scores come from the first run (medianScores); the gate fails if a score is
 * below lighthouseMinimums, naming the audits that cost points, or if a page
 * misses the LCP or the script goal (goals.ts; script as Lighthouse counts
 * it: every script response of the load). The CPU slowdown is calibrated on the
 * SPA peer first (calibrateCpuSlowdown), so the same phone is emulated on a
 * slower machine.
 */
import path from "node:path";
import { goals, missedGoals, type GoalName } from "./lib/measure/goals";
import { calibrateCpuSlowdown, launchChrome, lighthouseMinimums, medianScores, shortfalls, type MedianScores } from "./lib/measure/lighthouse";
import { startStaticServer } from "./lib/serve/static-server";

const pages = ["/", "/dakdekker-amsterdam", "/diensten/daklekkage", "/blog/daklekkage-amsterdam", "/projecten", "/contact"];
const port = 9124;
const gatedGoals: GoalName[] = ["lcpMs", "scriptTransferBytes"];
const problems = (scores: MedianScores) => [...shortfalls(scores), ...missedGoals(scores, gatedGoals)];

const server = await startStaticServer(path.resolve("public"), port);
const chrome = await launchChrome();
const failures: string[] = [];
try {
  const { multiplier, note } = await calibrateCpuSlowdown(chrome);
  const gated = Object.fromEntries(gatedGoals.map((name) => [name, goals[name]]));
  console.log(`Lighthouse, mobile, the load's figures the median of 3 runs, CPU slowdown ${multiplier}x (${note}); minimums ${JSON.stringify(lighthouseMinimums)}, goals ${JSON.stringify(gated)}`);
  console.log("| page | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | script KiB |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const page of pages) {
    let scores = await medianScores(chrome, `http://127.0.0.1:${port}${page}`, 3, multiplier);
    // A page short of a minimum or a goal is measured again over 5 runs: one slow run on a busy 2-core machine is not a regression.
    if (problems(scores).length > 0) scores = await medianScores(chrome, `http://127.0.0.1:${port}${page}`, 5, multiplier);
    console.log(
      `| ${page} | ${scores.performance} | ${scores.accessibility} | ${scores.bestPractices} | ${scores.seo} | ${scores.fcpMs} | ${scores.lcpMs} | ${scores.tbtMs} | ${scores.cls} | ${(scores.scriptTransferBytes / 1024).toFixed(1)} |`,
    );
    const found = problems(scores);
    if (found.length > 0) failures.push(`${page}: ${found.join(", ")}${scores.failedAudits.length ? ` (failed audits: ${scores.failedAudits.join(", ")})` : ""}`);
  }
} finally {
  await chrome.kill();
  server.close();
}
if (failures.length > 0) {
  console.error(`\nBelow the Lighthouse minimums or past a goal:\n${failures.map((line) => `  ${line}`).join("\n")}`);
  process.exit(1);
}
