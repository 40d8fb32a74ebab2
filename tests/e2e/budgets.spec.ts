import path from "node:path";
import { expect, test } from "./fixtures";
import { budgets, builtPages, notFoundPage, pageWeight } from "../../scripts/lib/page-weight.mjs";
import { pages as sitePages } from "./routes";

const publicDir = path.resolve("public");

test("every built page stays within the first-load JavaScript and HTML budgets", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "read from the build, once");
  const built = builtPages(publicDir);
  // Every page the site has must be among those measured, whatever file layout the build used.
  expect(built.map((page) => page.route)).toEqual(expect.arrayContaining(sitePages.map((page) => page.path)));
  const pages = [...built, notFoundPage(publicDir)];
  for (const page of pages) {
    const weight = pageWeight(publicDir, page.file, page.route);
    expect(weight.scripts.length, `${page.route} loads no script`).toBeGreaterThan(0);
    expect(weight.jsGzip, `${page.route}: ${weight.jsGzip} bytes of JavaScript (gzip)`).toBeLessThanOrEqual(budgets.firstLoadJsGzip);
    expect(weight.htmlGzip, `${page.route}: ${weight.htmlGzip} bytes of HTML (gzip)`).toBeLessThanOrEqual(budgets.htmlGzip);
  }
});
