/**
 * Script a page costs on a cold load, as the browser counts it (issue 18):
 * every script response until the network is idle, its body as sent gzipped,
 * whoever asked for it: the HTML, Gatsby's loader or a page's own code; and
 * the scripts asked for before the first view was complete. Used by the page
 * walker in `npm test` (tests/e2e/site.spec.ts, on the first load of each of
 * its visits) and by `npm run bench`.
 */
import type { Browser, Page, Request, Route } from "@playwright/test";
import { gzip } from "../serve/static-server";

/** A phone's screen, as the other phone measurements use: what loads may depend on what is in view. */
export const phone = { viewport: { width: 390, height: 844 }, isMobile: true };

/** As Lighthouse ends a load: no request for 1 s, and the main thread idle. */
const quietMs = 1000;
const deadlineMs = 30_000;

/** A page's requests as its watcher counts them: those still out, and when one last started or ended. */
export interface NetworkActivity {
  inFlight: number;
  lastActivity: number;
}

/**
 * Waits until the page is quiet as Lighthouse ends a load: its main thread
 * idle, no request out and none for quietMs. Throws past `deadline`, by
 * default deadlineMs from now.
 */
export async function untilQuiet(page: Page, network: NetworkActivity, deadline = Date.now() + deadlineMs): Promise<void> {
  for (;;) {
    // Whatever the page's scripts do next, they have done it once the main thread is idle.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    const quietFor = Date.now() - network.lastActivity;
    if (network.inFlight === 0 && quietFor >= quietMs) return;
    if (Date.now() > deadline) throw new Error(`${page.url()}: the network was still busy ${deadlineMs / 1000} s after the load`);
    await page.waitForTimeout(Math.max(100, quietMs - quietFor));
  }
}

export interface ScriptTransfer {
  bytes: number;
  /** firstLine: where a compile hint goes (plugins/gatsby-plugin-first-paint/compile-hint.ts); undefined when the body could not be read. */
  scripts: { url: string; bytes: number; firstLine: string | undefined }[];
  /** The scripts the browser asked for before its first contentful paint or before the images in view had arrived. */
  startedTooEarly: string[];
}

export interface ScriptTransferWatch {
  /**
   * Once the page has loaded: waits until it is quiet and returns what it
   * cost. `startedWhen`, a selector the page matches once it has asked for
   * its scripts, is waited for before the quiet second counts: the site's
   * pages ask only once the images in view are decoded, which on a busy
   * machine took over a second after the last response, so a page was
   * measured with no script. Stops watching and holding images back.
   */
  measured(options?: { startedWhen?: string }): Promise<ScriptTransfer>;
}

/**
 * Watches a page's cold load: call before it loads, in a fresh context
 * (empty cache, no stored choices: a first visit), and measured() once it has
 * loaded, before anything scrolls it or acts on it. It returns the script
 * bytes with each script (its URL, bytes and first line, where a compile hint
 * goes), and the scripts the browser asked for before its first contentful
 * paint or before the images in view had arrived
 * (plugins/gatsby-plugin-first-paint/README.md). Playwright's own
 * "networkidle" (500 ms without a request) is not enough: on a busy machine
 * it came while app.js was still running, before Gatsby asked for the page's
 * component chunks, and missed a third of the script. Bodies only: the
 * headers' size depends on the server and the protocol, not on the page. A
 * body that came uncompressed (`netlify serve` does not compress) counts as
 * the gzip static server would send it (lib/serve/static-server.ts).
 * `imageDelayMs` holds back every image response that long, as a phone's
 * connection does, so a script that starts beside the images shows in
 * `startedTooEarly`; from a local server they arrive before the first paint.
 */
export async function watchScriptTransfer(page: Page, { imageDelayMs = 0 }: { imageDelayMs?: number } = {}): Promise<ScriptTransferWatch> {
  const isImage = (address: URL) => /\.(avif|webp|jpe?g|png)$/.test(address.pathname);
  const holdImage = (route: Route) => setTimeout(() => route.continue().catch(() => {}), imageDelayMs);
  if (imageDelayMs > 0) await page.route(isImage, holdImage);
  const finished: Request[] = [];
  const network: NetworkActivity = { inFlight: 0, lastActivity: Date.now() };
  const started = () => {
    network.inFlight += 1;
    network.lastActivity = Date.now();
  };
  const settled = (request: Request) => {
    network.inFlight -= 1;
    network.lastActivity = Date.now();
    return request;
  };
  const finishedOne = (request: Request) => finished.push(settled(request));
  page.on("request", started);
  page.on("requestfinished", finishedOne);
  page.on("requestfailed", settled);

  return {
    async measured({ startedWhen } = {}) {
      try {
        const deadline = Date.now() + deadlineMs;
        if (startedWhen) await page.waitForSelector(startedWhen, { state: "attached", timeout: deadlineMs });
        await untilQuiet(page, network, deadline);
      } finally {
        page.off("request", started);
        page.off("requestfinished", finishedOne);
        page.off("requestfailed", settled);
        if (imageDelayMs > 0) await page.unroute(isImage, holdImage);
      }
      const scripts = await Promise.all(finished.filter((request) => request.resourceType() === "script").map(sentScript));
      // Resource timing and paint timing share the page's clock. The page is not
      // scrolled, so the images in view now are those in view when it loaded.
      const inView = await page.evaluate(imagesInView);
      const startedTooEarly = await page.evaluate((shown) => {
        const firstPaint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity;
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const imagesArrived = Math.max(0, ...shown.map((source) => resources.find((entry) => entry.name === source)?.responseEnd ?? 0));
        const firstView = Math.max(firstPaint, imagesArrived);
        return resources.filter((entry) => entry.initiatorType === "script" && entry.startTime < firstView).map((entry) => entry.name);
      }, inView);
      return { bytes: scripts.reduce((sum, script) => sum + script.bytes, 0), scripts, startedTooEarly };
    },
  };
}

/** A script's body as sent gzipped: as it came, or as the gzip static server would send one that came uncompressed. */
async function sentScript(request: Request): Promise<ScriptTransfer["scripts"][number]> {
  const response = await request.response();
  const body = await response?.body().catch(() => undefined);
  const compressed = (await response?.headerValue("content-encoding")) != null;
  return {
    url: request.url(),
    bytes: compressed || body === undefined ? (await request.sizes()).responseBodySize : gzip(body).length,
    firstLine: body?.toString("utf8").split("\n", 1)[0],
  };
}

/** Loads `url` in a fresh phone context and measures its cold load (watchScriptTransfer). */
export async function scriptTransfer(
  browser: Browser,
  url: string,
  { imageDelayMs = 0, startedWhen }: { imageDelayMs?: number; startedWhen?: string } = {},
): Promise<ScriptTransfer> {
  const context = await browser.newContext(phone);
  try {
    const page = await context.newPage();
    const watch = await watchScriptTransfer(page, { imageDelayMs });
    await page.goto(url, { waitUntil: "load" });
    return await watch.measured({ startedWhen });
  } finally {
    await context.close();
  }
}

/** In the page: the files of the images shown in its viewport, as loaded. Not scrolled, that is what a visitor sees first. */
export function imagesInView(): string[] {
  return [...document.images]
    .filter((image) => {
      const box = image.getBoundingClientRect();
      return image.complete && image.currentSrc && box.top < window.innerHeight && box.bottom > 0 && box.width > 0;
    })
    .map((image) => image.currentSrc);
}
