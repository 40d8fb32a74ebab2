/** @jest-environment node */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { alertsMisses, mergeSummary, partsIn, sectionsIn, writeSummary, type BenchResults } from "../bench-summary";
import type { AlertsResult } from "../bench-alerts";

const pagesAndJob = JSON.parse(fs.readFileSync(path.join(__dirname, "fixtures", "bench-pages-and-job.json"), "utf8")) as BenchResults;

/** A later run of the scaling part alone, as `npm run bench -- --only=scaling` writes it. */
const scalingOnly: BenchResults = {
  date: "2026-11-28T09:00:00.000Z",
  node: "v20.19.0",
  commit: "def5678 + changes",
  machine: "2 × Other CPU, 8 GB, Linux 6.1",
  command: "npm run bench -- --only=scaling",
  contactFunction: null,
  deliveryJob: null,
  scaling: {
    extraTowns: 1000,
    builds: [
      { build: "project as it is", pages: 34, seconds: 147.1, pagesPerSecond: 0.23 },
      { build: "plus 1,000 towns", pages: 1034, seconds: 212.5, pagesPerSecond: 4.87 },
    ],
  },
};

/** A run of the alerts alone, as `npm run bench -- --only=alerts` writes it. */
const alerts: AlertsResult = {
  submitToPush: { requests: 100, devices: 2, delayMs: 50, p50Ms: 861, p99Ms: 1005, maxMs: 1005, goalP99Ms: 3000, missed: 0 },
  reminderJob: { waiting: 300, devices: 2, delayMs: 50, seconds: 10.9, budgetSeconds: 30, reminded: 300, remindersPerDevice: [1, 1] },
};
const alertsOnly: BenchResults = { ...scalingOnly, command: "npm run bench -- --only=alerts", scaling: null, alerts };

describe("the bench summary (docs/bench.md)", () => {
  it("knows which parts a run measured from its results", () => {
    expect(partsIn(pagesAndJob)).toEqual(["pages", "job"]);
    expect(partsIn(scalingOnly)).toEqual(["scaling"]);
    expect(partsIn(alertsOnly)).toEqual(["alerts"]);
  });

  it("says it is generated, and writes each measured part with its run's date, commit, machine and command", () => {
    const summary = mergeSummary(undefined, pagesAndJob);
    expect(summary).toMatch(/^# What `npm run bench` measured/);
    expect(summary).toContain("do not edit it by hand");
    const { pages, job, function: contactFunction, scaling } = sectionsIn(summary);
    expect(pages).toContain("Measured 2026-11-27T00:14:05.000Z, commit abc1234, 2 × Test CPU, 4 GB, Linux 6.1, Node 20.19.0, `npm run bench -- --only=pages --no-build`.");
    expect(pages).toContain("CPU slowdown 2.77x (the SPA peer blocked 153 ms at 4x, 75 ms on the reference machine)");
    expect(pages).toContain("| (static peer) | 3.3 | 0.0 | 152.1 | 0.0 | 100 | 100 | 100 | 100 | 651 | 651 | 0 | 0 | 1.00 | 0.00 |");
    expect(pages).toContain("| / | 19.8 | 92.6 | 0.0 | 16.8 | 100 | 100 | 100 | 100 | 822 | 836 | 2 | 0 | 1.28 | 0.59 |");
    expect(pages).toContain("- /contact: LCP 1013 ms > 1000 ms, performance 99 < 100");
    expect(job).toContain(
      "- mailing job, 300 waiting, store calls as local (the cap had 19 of its 30 single mails left): run 1: 19 singly + 100 in a digest, 8.4 s; run 2: 0 singly + 100 in a digest, 4.1 s; run 3: 0 singly + 81 in a digest, 2.4 s; all 300 mailed once in 3 runs",
    );
    expect(job).toContain("- mailing job, 300 waiting, every store call +50 ms: run 1: 30 singly + 100 in a digest, 11 s; 170 never mailed, 0 mailed more than once, 170 still pending after 1 runs");
    expect(contactFunction).toContain("Not measured yet: `npm run bench -- --only=function`.");
    expect(scaling).toContain("Not measured yet: `npm run bench -- --only=scaling`.");
  });

  it("replaces only the parts a run measured, keeping the others with their own dates", () => {
    const first = mergeSummary(undefined, pagesAndJob);
    const second = mergeSummary(first, scalingOnly);
    const before = sectionsIn(first);
    const after = sectionsIn(second);
    expect(after.pages).toBe(before.pages);
    expect(after.job).toBe(before.job);
    expect(after.function).toBe(before.function);
    expect(after.scaling).toContain("Measured 2026-11-28T09:00:00.000Z, commit def5678 + changes");
    expect(after.scaling).toContain("| plus 1,000 towns | 1034 | 212.5 | 4.87 |");
    // A run of the pages again replaces the pages and keeps the scaling it did not measure.
    expect(sectionsIn(mergeSummary(second, pagesAndJob)).scaling).toBe(after.scaling);
  });

  it("writes the alerts' figures beside their goals, and keeps the other parts", () => {
    const first = mergeSummary(undefined, pagesAndJob);
    const after = sectionsIn(mergeSummary(first, alertsOnly));
    expect(after.pages).toBe(sectionsIn(first).pages);
    expect(after.alerts).toContain("Measured 2026-11-28T09:00:00.000Z, commit def5678 + changes, 2 × Other CPU, 8 GB, Linux 6.1, Node 20.19.0, `npm run bench -- --only=alerts`.");
    expect(after.alerts).toContain("| submit → alert on all 2 devices, 100 requests one after another | p50 861 ms, p99 1005 ms, max 1005 ms | p99 ≤ 3000 ms | met |");
    expect(after.alerts).toContain("| one job run, 300 waiting past halfway | 10.9 s, 300 reminded, 1 reminder alert on each of 2 devices | ≤ 30 s, all reminded, 1 alert each | met |");
    expect(alertsMisses(alerts)).toEqual([]);
  });

  it("says which of the alerts' goals a run missed", () => {
    const slow: AlertsResult = {
      submitToPush: { ...alerts.submitToPush, p99Ms: 3120, maxMs: 3120, missed: 1 },
      reminderJob: { ...alerts.reminderJob, seconds: 31.2, reminded: 120, remindersPerDevice: [1, 0] },
    };
    expect(alertsMisses(slow)).toEqual([
      "1 of 100 requests' alerts were not on every device",
      "submit → push p99 3120 ms, over the goal of 3000 ms",
      "the job reminded of 120 of 300 waiting requests",
      "the devices received 1, 0 reminder alerts, not one each",
      "the job's run took 31.2 s, over the 30 s of a scheduled function",
    ]);
    const { alerts: section } = sectionsIn(mergeSummary(undefined, { ...alertsOnly, alerts: slow }));
    expect(section).toContain("p50 861 ms, p99 3120 ms, max 3120 ms, 1 missed | p99 ≤ 3000 ms | **missed** |");
    expect(section).toContain("| 31.2 s, 120 reminded, reminder alerts per device: 1, 0 | ≤ 30 s, all reminded, 1 alert each | **missed** |");
  });

  it("writes the file from a results JSON, merging with the file already there", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-summary-"));
    try {
      const file = path.join(dir, "bench.md");
      writeSummary(scalingOnly, file);
      writeSummary(pagesAndJob, file);
      const written = sectionsIn(fs.readFileSync(file, "utf8"));
      expect(written.scaling).toContain("| project as it is | 34 | 147.1 | 0.23 |");
      expect(written.pages).toContain("commit abc1234");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
