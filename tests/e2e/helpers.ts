import { type Page, type Route, expect } from "@playwright/test";
import { contactLimits } from "../../src/contact-request/functions/contact-delivery";

/**
 * Collects console errors and warnings, uncaught exceptions and failed
 * requests of a page, to assert there are none. A failed request is recorded
 * with its URL (the console's own "Failed to load resource" line does not name it).
 */
export function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (!["error", "warning"].includes(message.type()) || message.text().startsWith("Failed to load resource")) return;
    errors.push(`${message.type()}: ${message.text()}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * Installs Playwright's clock in a page before it loads: it runs at the wall
 * clock's pace from now, and a test moves it ahead instead of waiting
 * (passFillTime). waitForHydration works under it.
 */
export async function installClock(page: Page) {
  if (clocked.has(page)) return;
  clocked.add(page);
  await page.clock.install();
  await noteHydrationUnderClock(page);
}

/** The pages installClock has installed the clock in: it can be installed once. */
const clocked = new WeakSet<Page>();

/**
 * Moves the clock of a page (installClock) past the time a person needs to fill
 * in the form, as the form measures it (performance.now): a form sent sooner is
 * kept as suspect instead of mailed (docs/contact-requests.md).
 */
export async function passFillTime(page: Page) {
  const shownFor = await page.evaluate(() => performance.now());
  if (shownFor < contactLimits.minimumFillMs) await page.clock.fastForward(Math.ceil(contactLimits.minimumFillMs - shownFor));
}

/** For expect.poll: looks again every 100 ms, where Playwright's default backs off to a second. */
export const every100ms = { intervals: [100] };

/** The cookie banner, shown until the visitor has chosen. */
export const cookieBanner = (page: Page) => page.getByRole("region", { name: "Wij gebruiken cookies" });

/** Google answers nothing here; the tests only see that a request was made. Returns the URLs asked for. */
export async function recordGoogle(page: Page) {
  const requests: string[] = [];
  await page.route(/google\.com/, (route) => {
    requests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<p>kaart</p>" });
  });
  return requests;
}

/** Records every host the page talks to. */
export function watchHosts(page: Page) {
  const hosts = new Set<string>();
  page.on("request", (request) => hosts.add(new URL(request.url()).host));
  return hosts;
}

/**
 * Measured against the emulated screen: on a mobile viewport the layout viewport would grow with the overflow.
 * Soft where later checks of the same visit should still run.
 */
export async function expectNoHorizontalScroll(page: Page, { soft = false } = {}) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.configure({ soft })(scrollWidth).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

/**
 * The parts the browser may skip while they are out of view: those it only
 * draws once they come near the screen. Until the first paint the footer and
 * the contact form's section are among them; after it, none
 * (plugins/gatsby-plugin-first-paint/README.md, "The top of the page first").
 */
export const drawnWhenInView = () =>
  [...document.querySelectorAll("body *")]
    .filter((element) => getComputedStyle(element).contentVisibility === "auto")
    .map((element) => element.tagName.toLowerCase() + (element.id ? `#${element.id}` : ""));

/**
 * Whether React has hydrated the page, so clicks reach its handlers and its
 * effects have started their timers: Gatsby marks onInitialClientRender in an
 * effect of its root, which runs after every effect of the first render.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(isHydrated);
}

/** Opens a page and waits until it has hydrated. */
export async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** A page's section by its id, as the pages' parts carry them. */
export const section = (page: Page, id: string) => page.locator(`section#${id}`);

function isHydrated() {
  return performance.getEntriesByName("onInitialClientRender").length > 0 || "__markedUnderClock" in window;
}

/** One frame of Playwright's fake clock, which fires animation frames at this interval. */
const frameMs = 16;

/**
 * waitForHydration under a paused clock. The loader fetches Gatsby's scripts a
 * frame after the images in view are decoded
 * (plugins/gatsby-plugin-first-paint/README.md), so the clock moves a frame at a time until it has inserted them, and no further:
 * timers the page sets once rendered must start at the present time. Gatsby
 * then renders in a zero-delay timer, which may be set only after the network
 * fell idle, so the clock runs what is due at its present time until the page
 * has hydrated.
 */
export async function waitForHydrationUnderClock(page: Page) {
  await expect
    .poll(async () => {
      const inserted = await page.evaluate(scriptsInserted);
      if (!inserted) await page.clock.runFor(frameMs);
      return inserted;
    })
    .toBe(true);
  await page.waitForFunction(() => "___loader" in window);
  await page.waitForLoadState("networkidle");
  await expect
    .poll(async () => {
      await page.clock.runFor(0);
      return page.evaluate(isHydrated);
    })
    .toBe(true);
}

function scriptsInserted() {
  const loader = document.querySelector<HTMLScriptElement>("script[data-sources]");
  const sources = loader?.dataset.sources?.split(" ") ?? [];
  const inserted = [...document.scripts].map((script) => script.getAttribute("src"));
  return sources.length > 0 && sources.every((source) => inserted.includes(source));
}

/**
 * Under Playwright's clock the page's `performance` is a stand-in that keeps no
 * marks; added after `page.clock.install`, this notes Gatsby's for waitForHydration.
 */
export async function noteHydrationUnderClock(page: Page) {
  await page.addInitScript(() => {
    const mark = performance.mark.bind(performance);
    performance.mark = (name: string, options?: PerformanceMarkOptions) => {
      if (name === "onInitialClientRender") Object.assign(window, { __markedUnderClock: true });
      return mark(name, options);
    };
  });
}

/** Waits until React has hydrated the page and the page has fetched what it fetches by itself. */
export async function waitForApp(page: Page) {
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
}

/** The quote form of a page (its section #offerte-formulier): a field by its exact label, and the send button. */
export function formOn(page: Page) {
  const section = page.locator("#offerte-formulier");
  return {
    section,
    field: (label: string) => section.getByLabel(label, { exact: true }),
    submit: section.getByRole("button", { name: "Gratis Offerte Aanvragen" }),
  };
}

/** Fills in the required fields: the name given, and an e-mail address and a phone number the rules take. */
export async function fillRequired(form: ReturnType<typeof formOn>, name: string) {
  await form.field("Naam *").fill(name);
  await form.field("E-mail *").fill("marieke@example.nl");
  await form.field("Telefoon *").fill("06 12345678");
}

/** Answers the form's request in the function's place, to show how the form takes each answer. */
export const answer = (status: number, body: object) => (route: Route) =>
  route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });

/** A text as a regular expression's source that matches it literally. */
export const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The JSON-LD blocks of a page's HTML. */
export function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(([, json]) => JSON.parse(json));
}
