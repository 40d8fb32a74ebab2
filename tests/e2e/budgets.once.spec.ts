/**
 * The budgets that need no browser, read from public/, once: the built files
 * are the same at every width. The script budget of a
 * cold load is measured in the page walker's first load of each page, at each
 * width (site.spec.ts, cold-load.ts), the not-found page's in its not-found test.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";
import { photoDrawingChunk } from "./cold-load";
import { budgets, builtPages, htmlGzip, notFoundPage } from "../../scripts/lib/measure/page-weight";
import { pages as sitePages } from "./routes";

const publicDir = path.resolve("public");

test("every built page stays within the HTML budget, every page of the site is built, and the photo code is a chunk of its own", () => {
  const built = builtPages(publicDir);
  // Every page the site has must be among those measured, whatever file layout the build used.
  expect(built.map((page) => page.route)).toEqual(expect.arrayContaining(sitePages.map((page) => page.path)));
  for (const page of [...built, notFoundPage(publicDir)]) {
    const html = htmlGzip(page.file);
    expect.soft(html, `${page.route}: ${html} bytes of HTML (gzip)`).toBeLessThanOrEqual(budgets.htmlGzip);
  }
  // Otherwise the walker's check that no page loads the photo code could not fail.
  expect(fs.readdirSync(publicDir).filter((file) => photoDrawingChunk.test(`/${file}`))).toHaveLength(1);
});
