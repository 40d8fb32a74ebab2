/**
 * The script budget, taken from the page walker's first load of each page at
 * each width (site.spec.ts): the test's context is new, so that load is cold
 * (empty cache, no stored choices). What counts and how:
 * scripts/lib/measure/script-transfer.ts; why pages stay that light:
 * plugins/gatsby-plugin-first-paint/README.md.
 */
import { expect, type Page } from "@playwright/test";
import { budgets } from "../../scripts/lib/measure/page-weight";
import { watchScriptTransfer } from "../../scripts/lib/measure/script-transfer";
import { paintedAttribute } from "../../plugins/gatsby-plugin-first-paint/after-first-paint";
import { compileHintComment } from "../../plugins/gatsby-plugin-first-paint/compile-hint";

/** The photo field's drawing code, a chunk of its own in the build: it loads when a visitor opens the photo field, never with a page (docs/contact-requests.md, "Photos"). */
export const photoDrawingChunk = /^\/photo-drawing-[0-9a-f]+\.js$/;

/**
 * Call before the page's first load. Images are held back half a second
 * during that load, as on a phone's connection: the scripts must wait for
 * those in view. expectWithinScriptBudget() then checks the load, once the
 * page is quiet; call it before anything scrolls the page or acts on it
 * (a keyboard walk, a click), which could make it fetch more.
 */
export async function watchColdLoad(page: Page) {
  const watch = await watchScriptTransfer(page, { imageDelayMs: 500 });
  return {
    /** Soft: a failure names the page, and the visit's later checks still run. */
    async expectWithinScriptBudget() {
      // Measured once the page has asked for its scripts: the loader marks the page painted after that.
      const script = await watch.measured({ startedWhen: `html[${paintedAttribute}]` });
      const route = new URL(page.url()).pathname;
      const listed = script.scripts.map((entry) => `\n  ${entry.bytes} ${new URL(entry.url).pathname}`).join("");
      expect.soft(script.scripts.length, `${route}: the browser fetched no script, so nothing was measured`).toBeGreaterThan(0);
      expect.soft(script.bytes, `${route}: ${script.bytes} bytes of script on a cold load (gzip):${listed}\n`).toBeLessThanOrEqual(budgets.scriptTransferGzip);
      const unhinted = script.scripts.filter((entry) => entry.firstLine !== compileHintComment).map((entry) => new URL(entry.url).pathname);
      expect.soft(unhinted, `${route}: scripts without V8's compile hint as their first line`).toEqual([]);
      expect.soft(script.startedTooEarly, `${route}: scripts asked for before the first contentful paint or before the images in view had arrived`).toEqual([]);
      expect.soft(script.scripts.filter((entry) => photoDrawingChunk.test(new URL(entry.url).pathname)).length, `${route}: the photo code loaded with the page`).toBe(0);
    },
  };
}
