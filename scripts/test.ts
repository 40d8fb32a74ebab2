/**
 * `npm test`: the one full proof, run by CI (`.ci/run`). Every check, each
 * as a step whose output goes to its own log in .reports/, with steps that
 * need different parts of the machine run side by side (docs/testing.md,
 * "The steps"):
 *
 *   from the start: build and serve (`npm start`, one build, its mail going to
 *     a local SMTP sink); beside it, in turn: lint (at low priority), Jest's
 *     "unit" project on two workers (at normal priority, below), the content
 *     check (at low priority)
 *   the moment the site serves: end-to-end in Chromium (the mobile, desktop
 *     and once projects, then the delivery tests, which break the mail server
 *     and restart the runtime); beside it, at low priority: typecheck (against
 *     the types the build generated), then, once those four checks passed,
 *     the Node-24 leg (scripts/node24.ts): production's Node checks the
 *     install without installing, then runs Jest's "unit" and "builds"
 *     projects (the builds of project copies with planted content) in place;
 *     Node 20's one build is the site the end-to-end tests serve
 *   once the end-to-end step has stopped the site (same port): the CMS's
 *     tests against `npm run cms` in a copy; the checks still running get
 *     normal priority beside it
 *   last, alone, once every other step has ended: Lighthouse on six pages,
 *     whose CPU calibration needs the machine to itself
 *
 * The end-to-end step is the longest and bound by the CPU, so it starts as
 * soon as there is a site to test, and waits on no other step. The checks
 * beside it, and beside the build before it, run at low priority (niceness
 * 10 for the step's whole session: startInBackground in
 * scripts/lib/serve/server.ts): they get the cycles those leave and give them
 * back the moment they want them. The browser tests no longer race the
 * page's timers (the specs move the page's time on Playwright's clock,
 * docs/testing.md, "Widths"), but each expectation still waits at most 20 s,
 * and checks that took the cores from them would make them slower and, on a
 * busy machine, flaky: the low priority is the guard. Not for the unit tests:
 * several time real work (a virtual clock counts the work it does not skip,
 * a race of 60 writes to a slowed store), and at low priority beside the
 * browser tests, with the CPU theirs, a wait of under 100 ms measured 330 ms
 * and a race ended otherwise (fresh-clone runs of 2026-12-02); they run at
 * the browser tests' priority and share the CPU with them, and so does every
 * check once the end-to-end step has ended. The quick checks
 * run first, so a lint or unit failure stops the run within minutes; the
 * heavy one (the Node-24 leg's Gatsby builds of copies) starts after them.
 *
 * Its end is a table of the steps (when each started, its seconds, the CPU
 * seconds of its processes, sampled from /proc by their TEST_STEP, its priority, the Gatsby builds it ran, its tests
 * passed, failed and skipped) under how busy the machine's cores were,
 * then the 20 slowest tests and the seconds each route cost the page walker
 * at each width, from Playwright's JSON reports (scripts/lib/measure/test-costs.ts),
 * all also written to .reports/test-steps.md, and the closing line over all
 * tests. The builds are counted by scripts/lib/builds/count-builds.cjs. A step
 * that fails stops the run and prints the end of its log. CI allows 90
 * minutes; the goal is 15 (docs/testing.md).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import playwrightConfig from "../playwright.config";
import { ensureChromium } from "./lib/machine/chromium";
import { machineCpuFrom, watchCpuBy } from "./lib/machine/cpu-use";
import { ensureJava } from "./lib/machine/vnu";
import { costTables, testCosts } from "./lib/measure/test-costs";
import { startInBackground, tail, type BackgroundProcess } from "./lib/serve/server";
import { startTestServices, type TestServices } from "./lib/serve/test-services";
import { typescriptProcess } from "./lib/serve/typescript-process";

const reports = ".reports";
const buildLog = path.resolve(reports, "gatsby-builds.jsonl");
const buildCounter = fileURLToPath(new URL("./lib/builds/count-builds.cjs", import.meta.url));
const started = Date.now();
const machineCpu = machineCpuFrom();
/** Every process of a step carries its name in TEST_STEP (stepEnv), Chromium's and a build's workers included. */
const cpuByStep = watchCpuBy("TEST_STEP");
const secondsSince = (from: number) => Math.round((Date.now() - from) / 1000);
/** The niceness of the checks run beside the build and the end-to-end tests: they get the cycles those leave. */
const low = 10;
/** Set once the end-to-end step has ended: the checks still running then, and those started later, get normal priority. */
let browserTestsDone = false;
const lowBesideBrowserTests = () => (browserTestsDone ? 0 : low);

interface Step {
  name: string;
  log: string;
  report?: string;
  startedAt: number;
  /** As it started, and 0 once the end-to-end step ended, as "10 → 0". */
  niceness: string;
  seconds?: number;
  status?: number;
}
const steps: Step[] = [];
const running = new Map<BackgroundProcess, Step>();
/** Set once a step has failed: the steps still running are then stopped, not failed. */
let stopping = false;
/** The site and its mail sink once they serve, and the promise of their start. */
let services: TestServices | undefined;
let serving: Promise<unknown> | undefined;

class StepFailed extends Error {}

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

// Every process the run starts loads the build counter; each step's processes carry its name.
process.env.GATSBY_BUILD_LOG = buildLog;
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ""} --require ${buildCounter}`.trim();
const stepEnv = (name: string) => ({ ...process.env, TEST_STEP: name });

function begin(name: string, { report, niceness = 0 }: { report?: string; niceness?: number } = {}): Step {
  const step: Step = { name, log: path.join(reports, `${slug(name)}.log`), report, startedAt: secondsSince(started), niceness: `${niceness}` };
  steps.push(step);
  console.log(`▶ ${name} (at ${step.startedAt} s${niceness ? `, nice ${niceness}` : ""}; log in ${step.log})`);
  return step;
}

function end(step: Step, status: number) {
  step.seconds = secondsSince(started) - step.startedAt;
  step.status = status;
  if (status !== 0) throw new StepFailed(`${step.name} failed after ${step.seconds} s; the end of ${step.log}:\n${tail(step.log, 80)}`);
  console.log(`✔ ${step.name}: ${step.seconds} s`);
}

/** Runs one check in its own process group, its output into its log; none once the run is stopping. */
async function run(name: string, command: string, args: string[], { report, niceness = 0 }: { report?: string; niceness?: number } = {}) {
  if (stopping) throw new StepFailed(`${name} not started`);
  const step = begin(name, { report, niceness });
  const child = startInBackground(command, args, step.log, { env: stepEnv(name), niceness });
  running.set(child, step);
  const status = await child.done;
  running.delete(child);
  if (stopping) throw new StepFailed(`${name} stopped`);
  end(step, status);
}

/** Steps in turn. */
const inTurn = (...parts: (() => Promise<unknown>)[]) => async () => {
  for (const part of parts) await part();
};

/** Tests passed, failed and skipped in a Jest or Playwright JSON report. */
type Counts = { passed: number; failed: number; skipped: number };
function countsIn(report: string | undefined): Counts | undefined {
  if (!report || !fs.existsSync(report)) return undefined;
  const json = JSON.parse(fs.readFileSync(report, "utf8")) as
    | { numPassedTests: number; numFailedTests: number; numPendingTests: number }
    | { stats?: { expected?: number; flaky?: number; unexpected?: number; skipped?: number } };
  if ("numPassedTests" in json) return { passed: json.numPassedTests, failed: json.numFailedTests, skipped: json.numPendingTests };
  const stats = ("stats" in json ? json.stats : undefined) ?? {};
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0, skipped: stats.skipped ?? 0 };
}

function buildsByStep() {
  const lines = fs.existsSync(buildLog) ? fs.readFileSync(buildLog, "utf8").split("\n").filter(Boolean) : [];
  const byStep = new Map<string, number>();
  for (const line of lines) {
    const { step } = JSON.parse(line) as { step: string };
    byStep.set(step, (byStep.get(step) ?? 0) + 1);
  }
  return { total: lines.length, byStep };
}

/** The table of the steps, and the totals over all tests. */
function summary() {
  const builds = buildsByStep();
  const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
  const machine = machineCpu.since();
  const byStep = cpuByStep.secondsByGroup();
  const cpu = (name: string) => (byStep.has(name) ? Math.round(byStep.get(name) ?? 0) : "");
  const rows = steps.map((step) => {
    const counts = countsIn(step.report);
    for (const key of Object.keys(totals) as (keyof Counts)[]) totals[key] += counts?.[key] ?? 0;
    const state = step.status === undefined ? "stopped" : step.status === 0 ? "ok" : "FAILED";
    const tests = counts ? `${counts.passed} | ${counts.failed} | ${counts.skipped}` : " |  | ";
    return `| ${step.name} | ${state} | ${step.startedAt} | ${step.seconds ?? ""} | ${cpu(step.name)} | ${step.niceness} | ${builds.byStep.get(step.name) ?? 0} | ${tests} |`;
  });
  const table = [
    `npm test, ${new Date().toISOString()}, ${secondsSince(started)} s in all, ${builds.total} Gatsby builds; the machine's ${machine.cores} cores busy ${machine.busyPercent} % of the run`,
    "",
    "| step | result | started at s | seconds | CPU s | nice | Gatsby builds | passed | failed | skipped |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
    `| all | ${process.exitCode ? "FAILED" : "ok"} | 0 | ${secondsSince(started)} | ${machine.busySeconds} |  | ${builds.total} | ${totals.passed} | ${totals.failed} | ${totals.skipped} |`,
  ].join("\n");
  return { table, totals };
}

/** The slowest end-to-end and CMS tests and the page walker's seconds per route and width, from Playwright's JSON reports. */
function costs() {
  const read = (report: string) => (fs.existsSync(report) ? testCosts(JSON.parse(fs.readFileSync(report, "utf8")) as Parameters<typeof testCosts>[0]) : []);
  const widthOf = Object.fromEntries((playwrightConfig.projects ?? []).map((project) => [project.name ?? "", project.use?.viewport?.width]));
  // The CMS's config has no projects: its tests are named for the step.
  const all = [...read(`${reports}/e2e.json`), ...read(`${reports}/cms.json`).map((cost) => ({ ...cost, project: cost.project || "CMS" }))];
  return costTables(all, { file: "site.spec.ts", widthOf });
}

/**
 * Stops the steps still running and the site, once: each runs in a process
 * group of its own, which no signal to this one reaches.
 */
let stopped: Promise<void> | undefined;
const stopEverything = () =>
  (stopped ??= (async () => {
    stopping = true;
    await Promise.all([...running.keys()].map((child) => child.stop()));
    // A site still building is waited for, so that no build outlives the run.
    await serving?.catch(() => undefined);
    await services?.stop();
  })());

// The first step to fail stops the run at once, whichever step is being waited for.
let fail: (error: unknown) => void = () => undefined;
const firstFailure = new Promise<never>((_, reject) => (fail = reject));
firstFailure.catch(() => undefined);
const watched = <T,>(promise: Promise<T>) => (promise.catch(fail), promise);
const untilFailure = (...promises: Promise<unknown>[]) => Promise.race([Promise.all(promises), firstFailure]);
// A signal ends the run as a failing step does, table and all.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    fail(new StepFailed(`stopped by ${signal}`));
    void stopEverything();
  });
}

fs.mkdirSync(reports, { recursive: true });
for (const file of fs.readdirSync(reports)) {
  if (/\.(json|jsonl|log|md)$/.test(file)) fs.rmSync(path.join(reports, file), { force: true });
}
try {
  ensureChromium();
  ensureJava();
  const siteStep = begin("build and serve (npm start)");
  // Its build runs from this process: it carries this step's name.
  process.env.TEST_STEP = siteStep.name;
  serving = watched(
    // The form's mails go to a local SMTP sink, where the end-to-end tests read them.
    startTestServices({ logFile: siteStep.log }).then(
      (started) => ((services = started), end(siteStep, 0)),
      (error: Error) => {
        siteStep.status = 1;
        throw new StepFailed(`${siteStep.name} failed: ${error.message}`);
      },
    ),
  );
  // Beside the build, lint and the content check at low priority; the unit tests, which time real work, at normal priority (above).
  const quickChecks = watched(
    inTurn(
      () => run("lint", "npx", ["eslint", "."], { niceness: lowBesideBrowserTests() }),
      () =>
        run("unit tests", "npx", ["jest", "--ci", "--selectProjects", "unit", "--maxWorkers=2", "--json", `--outputFile=${reports}/unit.json`], {
          report: `${reports}/unit.json`,
        }),
      () => run("content check", ...typescriptProcess("scripts/content-check.ts"), { niceness: lowBesideBrowserTests() }),
    )(),
  );
  const typecheck = watched(serving.then(() => run("typecheck", "npx", ["tsc", "--noEmit"], { niceness: lowBesideBrowserTests() })));
  // The heavy check, once the quick ones passed (so the unit tests never run twice at once in this folder): beside the
  // end-to-end tests at low priority, beside the CMS at normal.
  const heavyChecks = watched(
    Promise.all([quickChecks, typecheck]).then(() =>
      run("Node 24: install check, unit tests, builds of project copies", ...typescriptProcess("scripts/node24.ts"), {
        report: `${reports}/node24-jest.json`,
        niceness: lowBesideBrowserTests(),
      }),
    ),
  );
  const browserTests = watched(
    serving.then(async () => {
      const endToEnd = "end-to-end, then delivery";
      // The delivery tests' restart of the site runs from this process: a build there would count in this step's row (it keeps the built site).
      process.env.TEST_STEP = endToEnd;
      await run(endToEnd, "npx", ["playwright", "test"], { report: `${reports}/e2e.json` });
      // Beside the CMS the checks still running share the CPU: the unit tests under Node 24 time real work, as the unit tests do.
      browserTestsDone = true;
      for (const [child, step] of running) {
        if (step.niceness === "0") continue;
        child.renice(0);
        step.niceness += " → 0";
      }
      await services?.stop();
      services = undefined;
      // On the same port as the site it replaces: `npm run cms` in a copy of the working tree, which the CMS saves into.
      await run("CMS", "npx", ["playwright", "test", "--config", "playwright.cms.config.ts"], { report: `${reports}/cms.json` });
    }),
  );
  await untilFailure(serving, quickChecks, typecheck, heavyChecks, browserTests);
  // Alone: it calibrates the CPU's slowdown on the machine as it finds it (docs/testing.md).
  await run("Lighthouse", ...typescriptProcess("scripts/check-lighthouse.ts"));
} catch (error) {
  console.error(`\n✖ ${error instanceof StepFailed ? error.message : ((error as Error | undefined)?.stack ?? error)}`);
  process.exitCode = 1;
} finally {
  await stopEverything();
}
const { table, totals } = summary();
const costTable = costs();
fs.writeFileSync(path.join(reports, "test-steps.md"), `${table}\n${costTable && `\n${costTable}\n`}`);
console.log(`\n${table}\n${costTable && `\n${costTable}\n`}`);
if (!process.exitCode) console.log(`✔ all checks passed in ${secondsSince(started)} s`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
