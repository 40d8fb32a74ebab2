/** Lighthouse mobile runs in Debian's Chromium: used by the gate in `npm test` and by `npm run bench`. */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumPath } from "./chromium.mjs";

const chromeFlags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/** The scores every measured page must reach (issue 9). */
export const lighthouseMinimums = { performance: 95, accessibility: 100, bestPractices: 100, seo: 100 };

export const launchChrome = () => chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });

/** One Lighthouse run with its default mobile emulation and throttling. */
export async function lighthouseScores(chrome, url) {
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failed = (category) =>
    lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
      .map((ref) => ref.id);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
    tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue),
    cls: Number(lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3)),
    failedAudits: [...failed("accessibility"), ...failed("best-practices"), ...failed("seo")],
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Each figure's median over `runs` runs: one run varies by several points on a shared machine. */
export async function medianScores(chrome, url, runs = 3) {
  const all = [];
  for (let run = 0; run < runs; run++) all.push(await lighthouseScores(chrome, url));
  const numbers = Object.keys(all[0]).filter((key) => typeof all[0][key] === "number");
  return {
    ...Object.fromEntries(numbers.map((key) => [key, median(all.map((scores) => scores[key]))])),
    failedAudits: [...new Set(all.flatMap((scores) => scores.failedAudits))],
  };
}

/** The scores below their minimum, as "performance 93 < 95". */
export const shortfalls = (scores) =>
  Object.entries(lighthouseMinimums)
    .filter(([category, minimum]) => scores[category] < minimum)
    .map(([category, minimum]) => `${category} ${scores[category]} < ${minimum}`);
