import { expect, test } from "./fixtures";
import { every100ms, waitForHydration } from "./helpers";
import { notFoundPath } from "./routes";

/**
 * Runs once, at 1280 px (playwright.config.ts, the `once` project): where a
 * path leads, the router's scrolling and the server's answers do not read the
 * width; site.spec.ts checks each page's layout at both.
 */

test("an unknown path shows 404, 'Oops! Page not found' and a link home", async ({ page }) => {
  const response = await page.goto(notFoundPath);
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Oops! Page not found");
  await page.getByRole("link", { name: "Terug naar de homepage" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe("file paths reached inside the app", () => {
  test("a .xml path does a full browser navigation to the file", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith("/sitemap.xml") && answer.request().isNavigationRequest()),
      page.evaluate(() => (window as unknown as { ___navigate: (to: string) => void }).___navigate("/sitemap.xml")),
    ]);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("<sitemapindex");
  });

  test("a missing .xml file ends on the not-found screen without looping", async ({ page }) => {
    // Every navigation a document starts, as the Navigation API announces it: location.assign() included, at once.
    await page.addInitScript(() => {
      const started: string[] = [];
      Object.assign(window, { navigationsStarted: started });
      (window as unknown as { navigation: EventTarget }).navigation.addEventListener("navigate", (event) =>
        started.push(new URL((event as Event & { destination: { url: string } }).destination.url).pathname),
      );
    });
    await page.goto("/");
    await waitForHydration(page);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest()) documents.push(new URL(request.url()).pathname);
    });
    const served = page.waitForResponse((response) => response.request().isNavigationRequest());
    await page.evaluate(() => (window as unknown as { ___navigate: (to: string) => void }).___navigate("/ontbreekt.xml"));
    expect((await served).status()).toBe(404);
    // The server's not-found page decides in an effect of its first render whether to load the path again
    // (src/pages/404.tsx), and Gatsby marks the page hydrated after every such effect: once the document loaded
    // for the path is, it has decided.
    await page.waitForFunction(
      () =>
        new URL(performance.getEntriesByType("navigation")[0]?.name ?? location.href).pathname === "/ontbreekt.xml" &&
        performance.getEntriesByName("onInitialClientRender").length > 0,
    );
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Oops! Page not found");
    expect(await page.evaluate(() => (window as unknown as { navigationsStarted: string[] }).navigationsStarted)).toEqual([]);
    expect(documents).toEqual(["/ontbreekt.xml"]);
  });
});

test.describe("scrolling", () => {
  test("a path change starts at the top of the new page", async ({ page }) => {
    await page.goto(notFoundPath);
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.locator("footer").getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY), every100ms).toBe(0);
  });

  test("a link with a hash lands on its anchor", async ({ page }) => {
    await page.goto(notFoundPath);
    await waitForHydration(page);
    await page.evaluate(() => (window as unknown as { ___navigate: (to: string) => void }).___navigate("/#reviews"));
    await expect(page).toHaveURL(/\/#reviews$/);
    await expect(page.locator("#reviews")).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  });
});

test.describe("server paths", () => {
  test("other spellings of a page's address redirect permanently to the real page", async ({ request }) => {
    for (const [from, to] of [
      ["/diensten/dakgoten", "/diensten/zinken-dakgoot"],
      ["/diensten/dakrenovatie-compleet", "/diensten/dakrenovatie"],
      ["/blog/dakrenovatie-badhoevendorp", "/blog/dakrenovatie-badhoevedorp"],
    ]) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(new URL(response.headers().location, "http://x").pathname).toBe(to);
    }
  });

  test("/sitemap.xml lists the pages and /robots.txt names it", async ({ request }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    const index = await sitemap.text();
    const child = /<loc>([^<]+)<\/loc>/.exec(index)?.[1] ?? "";
    const urls = await (await request.get(new URL(child).pathname)).text();
    expect(urls).toContain("<loc>https://");
    expect(urls).not.toContain("/404");
    expect(urls, "the CMS is no page of the site").not.toContain("/admin");
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });
});
