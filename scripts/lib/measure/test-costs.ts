/**
 * What the end-to-end tests cost, read from Playwright's JSON reports
 * (.reports/e2e.json, .reports/cms.json): the slowest tests, and the seconds
 * each route costs the page walker (tests/e2e/site.spec.ts) at each width.
 * `npm test` prints both under its step table (docs/testing.md).
 */
import type { JSONReport, JSONReportSuite } from "@playwright/test/reporter";

export interface TestCost {
  /** The spec file, the describe blocks and the test's title, joined by " › ". */
  title: string;
  file: string;
  project: string;
  /** Every attempt's duration added up: what the run paid for the test. */
  seconds: number;
}

/** Every test of every project that ran, with its seconds. */
export function testCosts(report: Pick<JSONReport, "suites">): TestCost[] {
  const costs: TestCost[] = [];
  const walk = (suite: JSONReportSuite, titles: string[]) => {
    for (const spec of suite.specs) {
      for (const test of spec.tests) {
        if (test.results.length === 0 || test.status === "skipped") continue;
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        costs.push({ title: [...titles, spec.title].join(" › "), file: spec.file, project: test.projectName, seconds: ms / 1000 });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, [suite.title]);
  return costs;
}

/** The `count` slowest, slowest first. */
export const slowest = (costs: TestCost[], count = 20) => [...costs].sort((a, b) => b.seconds - a.seconds).slice(0, count);

/** The middle value (the mean of the two middle ones of an even count); undefined for none. */
export function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export interface RouteCosts {
  /** The widths the walker ran at, in px, narrowest first. */
  widths: number[];
  /** Each route with its seconds at each width (undefined where it did not run at that width), in the order first met. */
  routes: { route: string; seconds: (number | undefined)[] }[];
  /** The median route's seconds at each width. */
  medians: (number | undefined)[];
}

/**
 * The page walker's seconds per route and width: its tests are the ones in
 * `file` whose title ends in the route in parentheses ("Home (/)"), and a
 * project's width is `widthOf[project]` (its viewport in playwright.config.ts).
 */
export function routeCosts(costs: TestCost[], { file, widthOf }: { file: string; widthOf: Record<string, number | undefined> }): RouteCosts {
  const byRoute = new Map<string, Map<number, number>>();
  for (const cost of costs) {
    const route = /\((\/[^()]*)\)$/.exec(cost.title)?.[1];
    const width = widthOf[cost.project];
    if (cost.file !== file || route === undefined || width === undefined) continue;
    const atWidths = byRoute.get(route) ?? new Map<number, number>();
    atWidths.set(width, (atWidths.get(width) ?? 0) + cost.seconds);
    byRoute.set(route, atWidths);
  }
  const widths = [...new Set([...byRoute.values()].flatMap((atWidths) => [...atWidths.keys()]))].sort((a, b) => a - b);
  const routes = [...byRoute].map(([route, atWidths]) => ({ route, seconds: widths.map((width) => atWidths.get(width)) }));
  const medians = widths.map((_, column) => median(routes.flatMap(({ seconds }) => (seconds[column] === undefined ? [] : [seconds[column]]))));
  return { widths, routes, medians };
}

const shown = (seconds: number | undefined) => (seconds === undefined ? "" : seconds.toFixed(1));

/** Both as Markdown tables, for the end of the step table; a table with no test to show is left out. */
export function costTables(costs: TestCost[], walker: { file: string; widthOf: Record<string, number | undefined> }, count = 20): string {
  const top = slowest(costs, count);
  const { widths, routes, medians } = routeCosts(costs, walker);
  const slowestTable = [
    `The ${top.length} slowest tests (seconds, all attempts):`,
    "",
    "| test | project | seconds |",
    "|---|---|---:|",
    ...top.map(({ title, project, seconds }) => `| ${title.replaceAll("|", "\\|")} | ${project} | ${shown(seconds)} |`),
  ];
  const walkerTable = [
    `The page walker (${walker.file}), seconds per route and width:`,
    "",
    `| route | ${widths.map((width) => `${width} px`).join(" | ")} |`,
    `|---|${widths.map(() => "---:").join("|")}|`,
    ...routes.map(({ route, seconds }) => `| ${route} | ${seconds.map(shown).join(" | ")} |`),
    `| median | ${medians.map(shown).join(" | ")} |`,
  ];
  return [...(top.length ? [slowestTable] : []), ...(routes.length ? [walkerTable] : [])].map((lines) => lines.join("\n")).join("\n\n");
}
