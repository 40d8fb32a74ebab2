/** html-validate (config: .htmlvalidate.cjs) and the W3C Nu HTML Checker (vnu) on every page the build wrote: zero errors. */
import path from "node:path";
import { FileSystemConfigLoader, HtmlValidate } from "html-validate";
import { builtPages, notFoundPage } from "../../scripts/lib/measure/page-weight";
import { vnuErrors } from "../../scripts/lib/machine/vnu";
import { expect, test } from "./fixtures";
import { pages as sitePages } from "./routes";

const publicDir = path.resolve("public");

test.skip(({ isMobile }) => isMobile, "read from the build, once");

const allPages = () => [...builtPages(publicDir), notFoundPage(publicDir)];

test("every built page is valid HTML", async () => {
  const built = allPages();
  expect(built.map((page) => page.route)).toEqual(expect.arrayContaining(sitePages.map((page) => page.path)));
  // The same .htmlvalidate.cjs the command line reads.
  const validator = new HtmlValidate(new FileSystemConfigLoader());
  const problems: string[] = [];
  for (const page of built) {
    const report = await validator.validateFile(page.file);
    for (const result of report.results) {
      for (const message of result.messages) problems.push(`${page.route} ${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
    }
  }
  expect(problems).toEqual([]);
});

test("the W3C Nu HTML Checker finds no error on any built page", async () => {
  // One Java process for all pages takes about 12 s on its own, longer beside the browser tests.
  test.slow();
  const errors = await vnuErrors(allPages().map((page) => page.file));
  // The pages are one line each, so the column says where.
  expect(errors.map((error) => `${path.relative(process.cwd(), error.file)}:${error.line}:${error.column}: ${error.message}`)).toEqual([]);
});
