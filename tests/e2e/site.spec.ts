import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { LinkChecker } from "linkinator";
import { baseURL } from "../../playwright.config";
import { cookieBanner, escapeRegExp, expectNoHorizontalScroll, waitForApp, watchErrors, watchHosts } from "./helpers";
import { formPages, notFoundPath, pages } from "./routes";

const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const formAnchors = new Map(formPages.map(({ path, anchor }) => [path, anchor]));

// A first visit: the cookie banner is open while the page is checked, and nothing may reach another host before a choice.
test.use({ cookieChoice: false });

/**
 * One visit per page and width checks what every page shares, so adding a page
 * adds one page load per width, not one per check. The head is the same HTML
 * at every width, so it is read once, on the desktop run.
 */
for (const { path, name } of pages) {
  test(`${name} (${path}) answers 200, is accessible with the cookie banner open, contacts no other host before consent, fits the screen and has a complete head`, async ({ page }, testInfo) => {
    const errors = watchErrors(page);
    const hosts = watchHosts(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await waitForApp(page);
    await expect(cookieBanner(page)).toBeVisible();
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("h1")).not.toBeEmpty();
    expect((await page.title()).length).toBeGreaterThan(10);
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");

    const anchor = formAnchors.get(path);
    if (anchor) await expect(page.locator(`#${anchor}`).getByRole("button", { name: "Gratis Offerte Aanvragen" })).toBeVisible();

    await expectNoHorizontalScroll(page);
    const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
    expect(results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target).join(", ")}`)).toEqual([]);

    if (testInfo.project.name === "desktop") {
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length).toBeGreaterThan(50);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(new URL(canonical ?? "").pathname).toBe(path);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\/.+\.(jpg|png|webp)$/);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(blocks.map((block) => JSON.parse(block)["@type"])).toContain("RoofingContractor");
    }
    expect(errors).toEqual([]);
    expect([...hosts]).toEqual([new URL(baseURL).host]);
  });
}

test("the not-found page is accessible too", async ({ page }) => {
  await page.goto(notFoundPath);
  await waitForApp(page);
  await expectNoHorizontalScroll(page);
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  expect(results.violations.map(({ id }) => id)).toEqual([]);
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
  test.setTimeout(180_000);
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
