/**
 * Script a page costs on a cold load, as the browser counts it (issue 18):
 * every script response until the network is idle, its body as sent (gzip),
 * whoever asked for it: the HTML, Gatsby's loader or a page's own code. Used
 * by the budgets in `npm test` and by `npm run bench`.
 */

/** A phone's screen, as the other phone measurements use: what loads may depend on what is in view. */
export const phone = { viewport: { width: 390, height: 844 }, isMobile: true };

/** As Lighthouse ends a load: no request for 1 s, and the main thread idle. */
const quietMs = 1000;
const deadlineMs = 30_000;

/**
 * Loads `url` in a fresh context (empty cache, no stored choices: a first
 * visit) and returns the script bytes with each script, and the scripts the
 * browser asked for before its first contentful paint. Playwright's own
 * "networkidle" (500 ms without a request) is not enough: on a busy machine
 * it came while app.js was still running, before Gatsby asked for the page's
 * component chunks, and missed a third of the script. Bodies only: the
 * headers' size depends on the server and the protocol, not on the page.
 */
export async function scriptTransfer(browser, url) {
  const context = await browser.newContext(phone);
  try {
    const page = await context.newPage();
    const finished = [];
    let inFlight = 0;
    let lastActivity = Date.now();
    page.on("request", () => {
      inFlight += 1;
      lastActivity = Date.now();
    });
    const settled = (request) => {
      inFlight -= 1;
      lastActivity = Date.now();
      return request;
    };
    page.on("requestfinished", (request) => finished.push(settled(request)));
    page.on("requestfailed", settled);
    await page.goto(url, { waitUntil: "load" });
    const deadline = Date.now() + deadlineMs;
    for (;;) {
      // Whatever the page's scripts do next, they have done it once the main thread is idle.
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
      const quietFor = Date.now() - lastActivity;
      if (inFlight === 0 && quietFor >= quietMs) break;
      if (Date.now() > deadline) throw new Error(`${url}: the network was still busy ${deadlineMs / 1000} s after the load`);
      await page.waitForTimeout(Math.max(100, quietMs - quietFor));
    }
    const scripts = await Promise.all(
      finished
        .filter((request) => request.resourceType() === "script")
        .map(async (request) => ({ url: request.url(), bytes: (await request.sizes()).responseBodySize })),
    );
    // Resource timing and paint timing share the page's clock.
    const startedBeforeFirstPaint = await page.evaluate(() => {
      const firstPaint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity;
      return performance
        .getEntriesByType("resource")
        .filter((entry) => entry.initiatorType === "script" && entry.startTime < firstPaint)
        .map((entry) => entry.name);
    });
    return { bytes: scripts.reduce((sum, script) => sum + script.bytes, 0), scripts, startedBeforeFirstPaint };
  } finally {
    await context.close();
  }
}
