/**
 * A first visit by keyboard: the cookie banner is among the first Tab stops,
 * and while it is open no focused element is hidden under it or under the
 * contact bar (WCAG 2.2, 2.4.11 Focus Not Obscured).
 */
import { type Page, expect } from "@playwright/test";

/** Within this many Tab stops from the top of the page: the skip link, then the banner. */
const bannerWithin = 3;
/** More stops than any page has; reaching it means focus never came back round. */
const maxStops = 600;

interface Stop {
  /** What the stop is, to name it in a failure. */
  name: string;
  inBanner: boolean;
  /** Some part of it can be seen: no other element is drawn over all of it, and it is on the screen. */
  seen: boolean;
}

/**
 * The focused element, and whether any point of it is on top where it is
 * drawn. A visually hidden control (a radio button under its label) counts as
 * seen where its label is. Null once focus has left the page or come round to
 * an element it had already reached.
 */
function focusedStop(): Stop | null {
  const element = document.activeElement;
  const visited = ((window as unknown as { __tabStops?: WeakSet<Element> }).__tabStops ??= new WeakSet());
  if (!element || element === document.body || visited.has(element)) return null;
  visited.add(element);
  const label = element instanceof HTMLInputElement && element.labels?.[0];
  const name = `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? (element.textContent || (label && label.textContent) || "")).trim().slice(0, 60)}"`;
  const boxes = [element, ...(label ? [label] : [])].map((target) => target.getBoundingClientRect());
  const shows = (x: number, y: number) => {
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (element.contains(hit) || (label ? label.contains(hit) : false));
  };
  let seen = false;
  for (const box of boxes) {
    const left = Math.max(box.left, 0);
    const right = Math.min(box.right, window.innerWidth);
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    if (right <= left || bottom <= top) continue;
    const steps = 4;
    for (let i = 0; i <= steps && !seen; i++) {
      for (let j = 0; j <= steps && !seen; j++) {
        seen = shows(left + ((right - left - 1) * i) / steps + 0.5, top + ((bottom - top - 1) * j) / steps + 0.5);
      }
    }
  }
  return { name, inBanner: element.closest("[aria-labelledby='cookie-banner-title']") !== null, seen };
}

/** Tabs from the top of the page until focus leaves the page, recording each stop. */
async function tabThrough(page: Page): Promise<Stop[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const stops: Stop[] = [];
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(focusedStop);
    if (!stop) return stops;
    stops.push(stop);
  }
  throw new Error(`focus did not leave the page after ${maxStops} Tab stops`);
}

/** Tabs through a page whose cookie banner is open: the banner comes within the first stops, and every stop can be seen. */
export async function expectBannerReachedAndFocusSeen(page: Page) {
  const stops = await tabThrough(page);
  const first = stops.findIndex((stop) => stop.inBanner);
  expect.soft(first, "the banner's first Tab stop").toBeGreaterThanOrEqual(0);
  expect.soft(first + 1, `Tab stops before the banner: ${stops.slice(0, first).map((stop) => stop.name).join(", ")}`).toBeLessThanOrEqual(bannerWithin);
  expect.soft(stops.filter((stop) => !stop.seen).map((stop) => stop.name), "focused but entirely hidden").toEqual([]);
}
