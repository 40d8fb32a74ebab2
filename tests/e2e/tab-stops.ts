/**
 * A first visit by keyboard: the cookie banner is among the first Tab stops,
 * and while it is open no focused element is hidden under it or under the
 * contact bar (WCAG 2.2, 2.4.11 Focus Not Obscured).
 */
import { type Page, expect } from "@playwright/test";

/** Within this many Tab stops from the top of the page: the skip link, then the banner. */
const bannerWithin = 3;
/** More stops than any page has; reaching it means focus never came back round. */
const mostStops = 600;
/** Tab presses between two looks at the page: each look is a round trip, a press in a batch is not waited on for more. */
const batch = 20;

export interface Stop {
  /** What the stop is, to name it in a failure. */
  name: string;
  inBanner: boolean;
  /** Some part of it can be seen: no other element is drawn over all of it, and it is on the screen. */
  seen: boolean;
}

interface Walk {
  stops: Stop[];
  /** Focus left the page or came round to an element it had already reached. */
  done: boolean;
  /** Stops listening. */
  stop(): void;
}

/**
 * In the page: records the Tab stops as the keyboard moves through them. A
 * stop is measured when the next Tab goes down, before it moves focus on: by
 * then the browser has scrolled the stop into view, and whatever the page did
 * when it got focus has happened, as before a person presses on (the photo
 * field's plain input hands focus to the button its hydration draws, in a
 * frame: src/contact-request/browser/PhotoField.tsx). Measured on `focusin`, a
 * stop would be that input; measured in a frame after `focusin`, it could be
 * measured after a later press of the batch had scrolled the page on. When the
 * key comes up with focus outside the page or back on a stop already measured,
 * the walk is done, and further presses are held back, so focus stays where
 * the walk ended.
 */
function recordTabStops() {
  const measured = new WeakSet<Element>();
  const walk: Walk = { stops: [], done: false, stop: () => {} };
  const focused = () => (document.activeElement === document.body ? null : document.activeElement);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Tab") return;
    if (walk.done) return event.preventDefault();
    const element = focused();
    if (!element || measured.has(element)) return;
    measured.add(element);
    walk.stops.push(measureStop(element));
  };
  const onKeyUp = (event: KeyboardEvent) => {
    if (event.key !== "Tab" || walk.done) return;
    const element = focused();
    if (!element || measured.has(element)) walk.done = true;
  };
  /** The element, and whether any point of it is on top where it is drawn. A visually hidden control (a radio button under its label) counts as seen where its label is. */
  const measureStop = (element: Element): Stop => {
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
  };
  window.addEventListener("keydown", onKeyDown, true);
  window.addEventListener("keyup", onKeyUp, true);
  walk.stop = () => {
    window.removeEventListener("keydown", onKeyDown, true);
    window.removeEventListener("keyup", onKeyUp, true);
  };
  (document.activeElement as HTMLElement | null)?.blur();
  window.scrollTo(0, 0);
  Object.assign(window, { __tabWalk: walk });
}

type WithWalk = { __tabWalk: Walk };

/**
 * Tabs from the top of the page until focus leaves the page or comes round,
 * recording each stop in the page; throws after `maxStops` (a multiple of 20) without.
 */
export async function tabThrough(page: Page, { maxStops = mostStops } = {}): Promise<Stop[]> {
  await page.evaluate(recordTabStops);
  for (let presses = 0; ; ) {
    for (let i = 0; i < batch; i++) await page.keyboard.press("Tab");
    presses += batch;
    if (await page.evaluate(() => (window as unknown as WithWalk).__tabWalk.done)) break;
    if (presses >= maxStops) {
      await page.evaluate(() => (window as unknown as WithWalk).__tabWalk.stop());
      throw new Error(`focus did not leave the page after ${maxStops} Tab stops`);
    }
  }
  return page.evaluate(() => {
    const walk = (window as unknown as WithWalk).__tabWalk;
    walk.stop();
    return walk.stops;
  });
}

/** Tabs through a page whose cookie banner is open: the banner comes within the first stops, and every stop can be seen. */
export async function expectBannerReachedAndFocusSeen(page: Page) {
  const stops = await tabThrough(page);
  const first = stops.findIndex((stop) => stop.inBanner);
  expect.soft(first, "the banner's first Tab stop").toBeGreaterThanOrEqual(0);
  expect.soft(first + 1, `Tab stops before the banner: ${stops.slice(0, first).map((stop) => stop.name).join(", ")}`).toBeLessThanOrEqual(bannerWithin);
  expect.soft(stops.filter((stop) => !stop.seen).map((stop) => stop.name), "focused but entirely hidden").toEqual([]);
}
