import { type Page, expect } from "@playwright/test";

/**
 * Collects console errors, uncaught exceptions and failed requests of a page,
 * to assert there are none. A failed request is recorded with its URL (the
 * console's own "Failed to load resource" line does not name it).
 */
export function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
  });
  page.on("response", (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Records every host the page talks to. */
export function watchHosts(page: Page) {
  const hosts = new Set<string>();
  page.on("request", (request) => hosts.add(new URL(request.url()).host));
  return hosts;
}

/** Measured against the emulated screen: on a mobile viewport the layout viewport would grow with the overflow. */
export async function expectNoHorizontalScroll(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

/** Waits until React has hydrated the page, so clicks reach its handlers. */
export async function waitForApp(page: Page) {
  await page.waitForFunction(() => "___loader" in window && document.querySelector("#gatsby-focus-wrapper") !== null);
  await page.waitForLoadState("networkidle");
}
