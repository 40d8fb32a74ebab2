import fs from "node:fs";
import path from "node:path";
import type { JSONReport } from "@playwright/test/reporter";
import { costTables, median, routeCosts, slowest, testCosts } from "../test-costs";

// A small report as Playwright's JSON reporter writes it: the page walker at two widths (one route at one only),
// a test of its file that names no route, a flaky test with two attempts, a skipped one and a title with a "|".
const report = JSON.parse(fs.readFileSync(path.join(__dirname, "fixtures", "playwright-report.json"), "utf8")) as JSONReport;
const walker = { file: "site.spec.ts", widthOf: { mobile: 390, desktop: 1280, once: 1280, delivery: 1280 } };

describe("what the end-to-end tests cost", () => {
  const costs = testCosts(report);

  it("lists every test that ran per project, titled by file and describe blocks, with all its attempts' seconds", () => {
    expect(costs).toHaveLength(11);
    expect(costs).toContainEqual({ title: "site.spec.ts › every page › Home (/)", file: "site.spec.ts", project: "mobile", seconds: 9 });
    expect(costs).toContainEqual({ title: "contact-form.once.spec.ts › sends | answers", file: "contact-form.once.spec.ts", project: "once", seconds: 13.5 });
    expect(costs.map(({ title }) => title)).not.toContain("contact-form.once.spec.ts › a skipped test");
  });

  it("puts the slowest first, as many as asked", () => {
    expect(slowest(costs, 3).map(({ title, project, seconds }) => [title, project, seconds])).toEqual([
      ["delivery.spec.ts › survives a restart (of the site)", "delivery", 20],
      ["contact-form.once.spec.ts › sends | answers", "once", 13.5],
      ["site.spec.ts › every page › Home (/)", "mobile", 9],
    ]);
  });

  it("gives the walker's seconds per route and width, only for its own tests that name a route", () => {
    expect(routeCosts(costs, walker)).toEqual({
      widths: [390, 1280],
      routes: [
        { route: "/", seconds: [9, 7] },
        { route: "/contact", seconds: [5, 4] },
        { route: "/dakdekker-amstelveen", seconds: [4, 3] },
        { route: "/over-ons", seconds: [6.5, undefined] },
      ],
      medians: [5.75, 4],
    });
  });

  it("takes the middle value, or the mean of the two middle ones, and none of nothing", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });

  it("writes both tables in Markdown, a | in a title escaped", () => {
    expect(costTables(costs, walker, 2)).toBe(
      [
        "The 2 slowest tests (seconds, all attempts):",
        "",
        "| test | project | seconds |",
        "|---|---|---:|",
        "| delivery.spec.ts › survives a restart (of the site) | delivery | 20.0 |",
        "| contact-form.once.spec.ts › sends \\| answers | once | 13.5 |",
        "",
        "The page walker (site.spec.ts), seconds per route and width:",
        "",
        "| route | 390 px | 1280 px |",
        "|---|---:|---:|",
        "| / | 9.0 | 7.0 |",
        "| /contact | 5.0 | 4.0 |",
        "| /dakdekker-amstelveen | 4.0 | 3.0 |",
        "| /over-ons | 6.5 |  |",
        "| median | 5.8 | 4.0 |",
      ].join("\n"),
    );
  });

  it("leaves out the walker's table when the walker did not run, and both when nothing ran", () => {
    const others = costs.filter(({ file }) => file !== walker.file);
    expect(costTables(others, walker)).not.toContain("page walker");
    expect(costTables(others, walker)).toContain("The 2 slowest tests");
    expect(costTables([], walker)).toBe("");
  });
});
