import { axeViolations } from "./axe";
import { watchColdLoad } from "./cold-load";
import { expect, test, type Page, type Request } from "./fixtures";
import { LinkChecker } from "linkinator";
import { baseURL } from "../../playwright.config";
import { cmsPath } from "../../src/lib/paths";
import { cookieBanner, drawnWhenInView, escapeRegExp, expectNoHorizontalScroll, jsonLd, recordGoogle, waitForHydration, watchErrors, watchHosts } from "./helpers";
import { formPages, notFoundPath, pages } from "./routes";
import { expectBannerReachedAndFocusSeen } from "./tab-stops";

const formAnchors = new Map(formPages.map(({ path, anchor }) => [path, anchor]));

/** Whatever a page asks of /admin: the CMS (plugins/gatsby-plugin-cms) is no part of any page. */
function watchCmsRequests(page: Page) {
  const fromCms: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith(cmsPath)) fromCms.push(`${page.url()} → ${request.url()}`);
  });
  return fromCms;
}

/**
 * Waits until the page's main thread is idle and none of its requests is
 * under way: whatever its effects fetch, they have asked for it once the
 * thread is idle, and a failed request or an error it causes has been seen by
 * then. Cheaper than Playwright's networkidle, which waits half a second more.
 */
function watchRequests(page: Page) {
  const open = new Set<Request>();
  let waiting: (() => void)[] = [];
  const ended = (request: Request) => {
    open.delete(request);
    if (open.size > 0) return;
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  page.on("request", (request) => open.add(request));
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return async function allDone() {
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    if (open.size > 0) await new Promise<void>((resolve) => waiting.push(resolve));
  };
}

// A first visit: the cookie banner is open while the page is checked, and nothing may reach another host before a choice.
test.use({ cookieChoice: false });

/**
 * One visit per page and width makes every check that every page shares, so
 * adding a page adds one page load per width, not one per check. Each check
 * is a step that fails softly: a failure names the page and the check, and
 * the later checks still run. The head is the same HTML at every width, so it
 * is read once, on the desktop run. The visit's first load is cold (a new
 * context), so the script budget is taken from it (cold-load.ts).
 */
test.describe("every page", () => {
  for (const { path, name } of pages) {
    test(`${name} (${path})`, async ({ page }, testInfo) => {
      // axe, a keyboard walk and a reload: 15 to 20 s on an idle 2-core machine before the walk was recorded in the
      // page, past 120 s when the machine is busy (2026-11-28), so five minutes.
      test.setTimeout(300_000);
      const errors = watchErrors(page);
      const hosts = watchHosts(page);
      const fromCms = watchCmsRequests(page);
      const requestsDone = watchRequests(page);
      const coldLoad = await watchColdLoad(page);

      await test.step("answers 200 and opens with the cookie banner", async () => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await waitForHydration(page);
        // The steps below look at a first visit: without the banner they would check another page than a newcomer sees.
        await expect(cookieBanner(page)).toBeVisible();
      });

      await test.step("has one heading, a title and Dutch as its language", async () => {
        await expect.soft(page.locator("h1")).toHaveCount(1);
        await expect.soft(page.locator("h1")).not.toBeEmpty();
        expect.soft((await page.title()).length).toBeGreaterThan(10);
        await expect.soft(page.locator("html")).toHaveAttribute("lang", "nl");
      });

      const anchor = formAnchors.get(path);
      if (anchor) {
        await test.step("shows the quote form's send button", async () => {
          await expect.soft(page.locator(`#${anchor}`).getByRole("button", { name: "Gratis Offerte Aanvragen" })).toBeVisible();
        });
      }

      await test.step("draws every part after the first paint, so End and the scroll bar go by the real page", async () => {
        // One part per frame: poll until the last is drawn.
        await expect.configure({ soft: true }).poll(() => page.evaluate(drawnWhenInView)).toEqual([]);
      });

      await test.step("fits the screen", async () => {
        await expectNoHorizontalScroll(page, { soft: true });
      });

      await test.step("is accessible with the cookie banner open", async () => {
        expect.soft(await axeViolations(page)).toEqual([]);
      });

      if (testInfo.project.name === "desktop") {
        await test.step("has a complete head", async () => {
          const description = await page.locator('meta[name="description"]').getAttribute("content");
          expect.soft(description?.length).toBeGreaterThan(50);
          const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
          expect.soft(new URL(canonical ?? "", baseURL).pathname).toBe(path);
          expect.soft(canonical).toMatch(/^https?:\/\//);
          await expect.soft(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\/.+\.(jpg|png|webp)$/);
          await expect.soft(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
          expect.soft(jsonLd(await page.content()).map((data) => data["@type"])).toContain("RoofingContractor");
        });
      }

      await test.step("shows the breadcrumbs of its BreadcrumbList, in the same order", async () => {
        const shown = await page.getByRole("navigation", { name: "Kruimelpad" }).getByRole("listitem").allTextContents();
        const lists = jsonLd(await page.content()).filter((data) => data["@type"] === "BreadcrumbList");
        if (shown.length === 0) {
          expect.soft(lists, "shows no breadcrumbs").toEqual([]);
          return;
        }
        expect.soft(lists).toHaveLength(1);
        const items = (lists[0]?.itemListElement ?? []) as { name: string; position: number }[];
        expect.soft(items.map((item) => item.name)).toEqual(shown.map((shownName) => shownName.trim()));
        expect.soft(items.map((item) => item.position)).toEqual(shown.map((_, index) => index + 1));
      });

      // After the steps that only read the page, whose time counts towards the quiet second the measurement waits
      // for, and before the keyboard walk, which scrolls the page and could make it fetch more.
      await test.step("stays within the script budget on its cold load, asks for no script before its first view is complete, loads no photo code, and marks each script for compiling as it downloads", async () => {
        await coldLoad.expectWithinScriptBudget();
      });

      await test.step("by keyboard, reaches the banner within the first Tab stops and hides nothing it focuses", async () => {
        await expectBannerReachedAndFocusSeen(page);
      });

      await test.step("contacts no other host before consent", async () => {
        expect.soft([...hosts]).toEqual([new URL(baseURL).host]);
      });

      await test.step("once everything is accepted, keeps the banner closed after a reload", async () => {
        // Accepting everything loads the map on /contact.
        await recordGoogle(page);
        await cookieBanner(page).getByRole("button", { name: "Alles accepteren" }).click();
        await expect.soft(cookieBanner(page)).toBeHidden();
        await page.reload();
        await waitForHydration(page);
        await expect.soft(cookieBanner(page)).toBeHidden();
        // What the reloaded page fetches or logs is seen before the next step checks it.
        await requestsDone();
      });

      await test.step("logs no console error or warning, no CSP violation and no failed request", async () => {
        expect.soft(errors).toEqual([]);
      });

      await test.step("loads nothing from /admin", async () => {
        expect.soft(fromCms).toEqual([]);
      });
    });
  }
});

test("the not-found page is accessible too, and loads nothing from /admin", async ({ page }) => {
  const fromCms = watchCmsRequests(page);
  const coldLoad = await watchColdLoad(page);
  await page.goto(notFoundPath);
  await waitForHydration(page);
  await test.step("fits the screen", async () => {
    await expectNoHorizontalScroll(page, { soft: true });
  });
  await test.step("is accessible", async () => {
    expect.soft(await axeViolations(page)).toEqual([]);
  });
  await test.step("stays within the script budget on its cold load, asks for no script before its first view is complete, loads no photo code, and marks each script for compiling as it downloads", async () => {
    await coldLoad.expectWithinScriptBudget();
  });
  await test.step("loads nothing from /admin", async () => {
    expect.soft(fromCms).toEqual([]);
  });
});

test("titles and descriptions differ between pages", async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the HTML is the same at every width");
  const seen = new Map<string, string>();
  for (const { path } of pages) {
    const html = await (await request.get(path)).text();
    const title = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
    for (const value of [title, description]) {
      expect(seen.get(value), `"${value}" is used by ${seen.get(value)} and ${path}`).toBeUndefined();
      seen.set(value, path);
    }
  }
});

test("crawling from / finds no broken internal link or image", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the HTML is the same at every width");
  const origin = new URL(baseURL).origin;
  const result = await new LinkChecker().check({
    path: `${origin}/`,
    recurse: true,
    concurrency: 8,
    linksToSkip: [`^(?!${escapeRegExp(origin)})`],
  });
  const broken = result.links.filter((link) => link.state === "BROKEN").map((link) => `${link.status} ${link.url} (on ${link.parent})`);
  expect(broken).toEqual([]);
  expect(result.links.filter((link) => link.state === "OK").length).toBeGreaterThan(20);
});
