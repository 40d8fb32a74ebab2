import path from "node:path";
import { expect, test } from "@playwright/test";
import { budgets, builtPages, notFoundPage, pageWeight } from "../../scripts/lib/page-weight.mjs";

const publicDir = path.resolve("public");

test("every built page stays within the first-load JavaScript budget", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "read from the build, once");
  const pages = [...builtPages(publicDir), notFoundPage(publicDir)];
  expect(pages.length).toBeGreaterThan(0);
  for (const page of pages) {
    const weight = pageWeight(publicDir, page.file, page.route);
    expect(weight.scripts.length, `${page.route} loads no script`).toBeGreaterThan(0);
    expect(weight.jsGzip, `${page.route}: ${weight.jsGzip} bytes of JavaScript (gzip)`).toBeLessThanOrEqual(budgets.firstLoadJsGzip);
  }
});
