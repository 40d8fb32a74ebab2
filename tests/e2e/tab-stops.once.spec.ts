/**
 * The page walker's keyboard walk (tab-stops.ts) on pages made here, where
 * the answer is known: it must see a focused element hidden under a fixed
 * bar, and must not take one the browser scrolled into view for hidden. It
 * reads no page of the site and no width, so once.
 */
import { expect, test } from "./fixtures";
import { tabThrough } from "./tab-stops";

const bars = `
  <style>
    body { margin: 0; font: 16px sans-serif; }
    .bar { position: fixed; left: 0; right: 0; height: 120px; background: #222; z-index: 2; }
  </style>
  <div class="bar" style="top: 0"></div>
  <button style="position: absolute; top: 40px; left: 20px">under the top bar</button>
  <div style="height: 200px"></div>
  <section aria-labelledby="cookie-banner-title"><h2 id="cookie-banner-title">Cookies</h2><button>in the banner</button></section>
  <div style="height: 3000px"></div>
  <button>below the fold</button>
  <div style="height: 3000px"></div>
  <div class="bar" style="bottom: 0"><button>on the contact bar</button></div>
  <button style="position: fixed; bottom: 40px; left: 20px; z-index: 1">under the contact bar</button>
`;

test("the keyboard walk sees a focused element hidden under a fixed bar, and one scrolled into view as seen", async ({ page }) => {
  await page.setContent(bars);
  expect(await tabThrough(page)).toEqual([
    { name: 'button "under the top bar"', inBanner: false, seen: false },
    { name: 'button "in the banner"', inBanner: true, seen: true },
    // Far below the first screen: seen only once the browser has scrolled it into view.
    { name: 'button "below the fold"', inBanner: false, seen: true },
    { name: 'button "on the contact bar"', inBanner: false, seen: true },
    { name: 'button "under the contact bar"', inBanner: false, seen: false },
  ]);
});

test("the keyboard walk fails loudly when focus never leaves the page", async ({ page }) => {
  // Fewer stops than the walker allows a page, so the test presses 60 times, not 600.
  await page.setContent("<button>1</button>".repeat(61));
  await expect(tabThrough(page, { maxStops: 60 })).rejects.toThrow("focus did not leave the page after 60 Tab stops");
});
