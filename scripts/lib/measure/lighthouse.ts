/** Lighthouse mobile runs in Debian's Chromium: used by the gate in `npm test` and by `npm run bench`. */
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import { chromiumPath } from "../machine/chromium";
import { startStaticServer } from "../serve/static-server";
import { slowdownForTbt } from "./cpu-calibration";

const chromeFlags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/** The scores every measured page must reach (issue 9). */
export const lighthouseMinimums = { performance: 95, accessibility: 100, bestPractices: 100, seo: 100 };

export type Chrome = chromeLauncher.LaunchedChrome;
export const launchChrome = (): Promise<Chrome> => chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });

/** Reference builds of the home page (static HTML, a client-rendered SPA) with their figures in README.md. */
export const peersDir = path.resolve("..", "shared", "peers");

/** Lighthouse's own CPU slowdown for its mobile preset: 4x. */
export const defaultCpuSlowdown: number = throttling.mobileSlow4G.cpuSlowdownMultiplier;

/** What every run measures: the load, whose timing varies from run to run. */
export interface LoadFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  /** Every script response of the load as Chrome counts it: body (gzip) and headers. */
  scriptTransferBytes: number;
  /** What TBT adds up: the long tasks that start after the first paint, as simulated. */
  longTasksAfterFcpMs: number[];
}

/** What a run of every category adds: the page as it is, the same in every run. */
export interface PageScores {
  accessibility: number;
  bestPractices: number;
  seo: number;
  failedAudits: string[];
}

/** What medianScores gives: the load's figures as medians (the long tasks' list is not one), and the page's scores. */
export type MedianScores = Omit<LoadFigures, "longTasksAfterFcpMs"> & PageScores;

/** The rows of an audit's table, as the audits read here have them. */
const itemsOf = <T,>(details: unknown) => (details as { items: T[] }).items;

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/**
 * One Lighthouse run with its default mobile emulation and network throttling;
 * the CPU slowdown is Lighthouse's 4x unless a calibrated one is given. The
 * full-page screenshot is left out: it only illustrates a report, and no score
 * reads it. A run of performance alone takes about two thirds of one of every
 * category (figures in docs/testing.md, "The steps").
 */
async function lighthouseReport(chrome: Chrome, url: string, cpuSlowdownMultiplier: number, categories: string[]): Promise<Report> {
  const result = await lighthouse(
    url,
    { port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories },
    { extends: "lighthouse:default", settings: { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier }, disableFullPageScreenshot: true } },
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // A run Lighthouse could not finish has no metrics (seen once in a few hundred runs on a busy machine).
  if (lhr.runtimeError || lhr.audits["cumulative-layout-shift"]?.numericValue === undefined) {
    throw new UnfinishedRun(`Lighthouse could not finish ${url}: ${lhr.runtimeError?.message ?? "no metrics"}`);
  }
  return lhr;
}

const score = (lhr: Report, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

function loadFigures(lhr: Report): LoadFigures {
  const numeric = (id: string) => lhr.audits[id].numericValue as number;
  return {
    performance: score(lhr, "performance"),
    lcpMs: Math.round(numeric("largest-contentful-paint")),
    tbtMs: Math.round(numeric("total-blocking-time")),
    fcpMs: Math.round(numeric("first-contentful-paint")),
    cls: Number(numeric("cumulative-layout-shift").toFixed(3)),
    scriptTransferBytes: itemsOf<{ resourceType?: string; transferSize: number }>(lhr.audits["network-requests"].details)
      .filter((request) => request.resourceType === "Script")
      .reduce((sum, request) => sum + request.transferSize, 0),
    longTasksAfterFcpMs: ((lhr.audits["long-tasks"].details as { items?: { startTime: number; duration: number }[] } | undefined)?.items ?? [])
      .filter((task) => task.startTime >= numeric("first-contentful-paint"))
      .map((task) => task.duration),
  };
}

function pageScores(lhr: Report): PageScores {
  const failed = (category: string) =>
    lhr.categories[category].auditRefs.filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1).map((ref) => ref.id);
  return {
    accessibility: score(lhr, "accessibility"),
    bestPractices: score(lhr, "best-practices"),
    seo: score(lhr, "seo"),
    failedAudits: [...failed("accessibility"), ...failed("best-practices"), ...failed("seo")],
  };
}

class UnfinishedRun extends Error {}

/** A run, run again (twice at most) when Lighthouse could not finish it: a failed run says nothing about the page. */
async function finishedReport(chrome: Chrome, url: string, cpuSlowdownMultiplier: number, categories: string[]): Promise<Report> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseReport(chrome, url, cpuSlowdownMultiplier, categories);
    } catch (error) {
      if (!(error instanceof UnfinishedRun) || attempt === 3) throw error;
      console.warn(`${error.message}; running it again`);
    }
  }
}

/** One run of performance alone: the load's figures. */
export const loadRun = async (chrome: Chrome, url: string, cpuSlowdownMultiplier = defaultCpuSlowdown): Promise<LoadFigures> =>
  loadFigures(await lighthouseReport(chrome, url, cpuSlowdownMultiplier, ["performance"]));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The page's scores from one run of every category, and each load figure's
 * median over `runs` runs, that one and runs of performance alone: one run's
 * timing varies by several points on a shared machine; what the page is does not.
 */
export async function medianScores(chrome: Chrome, url: string, runs = 3, cpuSlowdownMultiplier = defaultCpuSlowdown): Promise<MedianScores> {
  const first = await finishedReport(chrome, url, cpuSlowdownMultiplier, ["performance", "accessibility", "best-practices", "seo"]);
  const loads = [loadFigures(first)];
  while (loads.length < runs) loads.push(loadFigures(await finishedReport(chrome, url, cpuSlowdownMultiplier, ["performance"])));
  const medianOf = (key: Exclude<keyof LoadFigures, "longTasksAfterFcpMs">) => median(loads.map((figures) => figures[key]));
  return {
    performance: medianOf("performance"),
    lcpMs: medianOf("lcpMs"),
    tbtMs: medianOf("tbtMs"),
    fcpMs: medianOf("fcpMs"),
    cls: medianOf("cls"),
    scriptTransferBytes: medianOf("scriptTransferBytes"),
    ...pageScores(first),
  };
}

/** The scores below their minimum, as "performance 93 < 95". */
export const shortfalls = (scores: MedianScores): string[] =>
  (Object.entries(lighthouseMinimums) as [keyof typeof lighthouseMinimums, number][])
    .filter(([category, minimum]) => scores[category] < minimum)
    .map(([category, minimum]) => `${category} ${scores[category]} < ${minimum}`);

/**
 * Lighthouse emulates a phone by slowing the CPU down by a factor relative to
 * the machine it runs on, so its times, and the performance score, change with
 * that machine: the SPA peer (../shared/peers/) blocked for 75 ms on the
 * machine its figures come from and for 190-400 ms on a slower one. So the gate
 * calibrates on that fixed page: it measures the peer with Lighthouse's 4x
 * (median of 5) and takes the slowdown at which the peer's long tasks would
 * block for its reference 75 ms; never more than 4x, so on a machine as fast
 * as the reference nothing changes. Without the peers it stays 4x.
 */
export async function calibrateCpuSlowdown(chrome: Chrome, { port = 9125 } = {}): Promise<{ multiplier: number; note: string }> {
  const readme = path.join(peersDir, "README.md");
  const reference = fs.existsSync(readme) ? /`spa\/`.*?TBT (\d+) ms/.exec(fs.readFileSync(readme, "utf8"))?.[1] : undefined;
  if (!reference) return { multiplier: defaultCpuSlowdown, note: `no reference figures in ${readme}: Lighthouse's ${defaultCpuSlowdown}x` };
  const server = await startStaticServer(path.join(peersDir, "spa"), port, { fallback: "index.html" });
  try {
    const runs: LoadFigures[] = [];
    for (let run = 0; run < 5; run++) runs.push(await loadRun(chrome, `http://127.0.0.1:${port}/`));
    const median = [...runs].sort((a, b) => a.tbtMs - b.tbtMs)[2];
    const multiplier = slowdownForTbt(median.longTasksAfterFcpMs, defaultCpuSlowdown, Number(reference));
    return { multiplier, note: `the SPA peer blocked ${median.tbtMs} ms at ${defaultCpuSlowdown}x, ${reference} ms on the reference machine` };
  } finally {
    server.close();
  }
}
