import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "./fixtures";
import { budgets, builtPages, htmlGzip, notFoundPage } from "../../scripts/lib/measure/page-weight";
import { scriptTransfer } from "../../scripts/lib/measure/script-transfer";
import { startStaticServer } from "../../scripts/lib/serve/static-server";
import { paintedAttribute } from "../../plugins/gatsby-plugin-first-paint/after-first-paint";
import { compileHintComment } from "../../plugins/gatsby-plugin-first-paint/compile-hint";
import { pages as sitePages } from "./routes";

const publicDir = path.resolve("public");

test("every built page stays within the script and HTML budgets, asks for no script before its first view is complete, loads no photo code, and marks each script for compiling as it downloads", async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "measured on a phone, once");
  const built = builtPages(publicDir);
  // Every page the site has must be among those measured, whatever file layout the build used.
  expect(built.map((page) => page.route)).toEqual(expect.arrayContaining(sitePages.map((page) => page.path)));
  const pages = [...built, notFoundPage(publicDir)];
  // The photo field's drawing code is a chunk of its own in the build; otherwise the check below could not fail.
  const onDemandChunk = /^\/photo-drawing-[0-9a-f]+\.js$/;
  expect(fs.readdirSync(publicDir).filter((file) => onDemandChunk.test(`/${file}`))).toHaveLength(1);
  // Script bytes as sent gzipped, as a CDN does; `netlify serve` on 8888 does not compress. Port 0: any free one.
  const server = await startStaticServer(publicDir, 0);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  test.setTimeout(pages.length * 10_000);
  try {
    for (const page of pages) {
      const html = htmlGzip(page.file);
      expect.soft(html, `${page.route}: ${html} bytes of HTML (gzip)`).toBeLessThanOrEqual(budgets.htmlGzip);
      // Images held back half a second, as on a phone's connection: the scripts must wait for those in view.
      // Measured once the page has asked for its scripts: the loader marks the page painted after that.
      const script = await scriptTransfer(browser, origin + page.route, { imageDelayMs: 500, startedWhen: `html[${paintedAttribute}]` });
      const listed = script.scripts.map((entry) => `\n  ${entry.bytes} ${new URL(entry.url).pathname}`).join("");
      expect.soft(script.scripts.length, `${page.route}: the browser fetched no script, so nothing was measured`).toBeGreaterThan(0);
      expect.soft(script.bytes, `${page.route}: ${script.bytes} bytes of script on a cold load (gzip):${listed}\n`).toBeLessThanOrEqual(budgets.scriptTransferGzip);
      const unhinted = script.scripts.filter((entry) => entry.firstLine !== compileHintComment).map((entry) => new URL(entry.url).pathname);
      expect.soft(unhinted, `${page.route}: scripts without V8's compile hint as their first line`).toEqual([]);
      expect.soft(script.startedTooEarly, `${page.route}: scripts asked for before the first contentful paint or before the images in view had arrived`).toEqual([]);
      // The photo code loads when a visitor opens the photo field, never with a page (docs/contact-requests.md, "Photos").
      expect.soft(script.scripts.filter((entry) => onDemandChunk.test(new URL(entry.url).pathname)).length, `${page.route}: the photo code loaded with the page`).toBe(0);
    }
  } finally {
    server.close();
  }
});
