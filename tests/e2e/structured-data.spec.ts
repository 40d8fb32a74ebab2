/**
 * Every page as a search engine and a link preview read it: the
 * structured-data-testing-tool (sdtt) with its Google and SocialMedia presets
 * finds nothing missing; the breadcrumbs a page shows are its BreadcrumbList;
 * the publisher's logo is a real raster image.
 */
import { structuredDataTest } from "structured-data-testing-tool";
import { Google, SocialMedia } from "structured-data-testing-tool/presets";
import { expect, test } from "./fixtures";
import { notFoundPath, pages } from "./routes";

/** sdtt's failed tests as readable lines; it rejects with VALIDATION_FAILED when any failed. */
async function sdttFailures(html: Buffer): Promise<string[]> {
  try {
    await structuredDataTest(html, { presets: [Google, SocialMedia] });
    return [];
  } catch (error) {
    const failed = (error as { type?: string; res?: { failed: SdttTest[] } }).res?.failed;
    if (!failed) throw error;
    return failed.map((result) => `${result.group}: ${result.description ?? result.test}`);
  }
}

interface SdttTest {
  test: string;
  group?: string;
  description?: string;
}

/** The JSON-LD blocks of a page's HTML. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(([, json]) => JSON.parse(json));
}

test.describe("structured data and share previews", () => {
  test.skip(({ isMobile }) => isMobile, "the server's HTML is the same at every width");

  test("sdtt's Google and SocialMedia presets pass on every page, with alt texts for the share image", async ({ request }) => {
    const failures: string[] = [];
    for (const path of [...pages.map((page) => page.path), notFoundPath]) {
      const response = await request.get(path);
      const html = await response.body();
      failures.push(...(await sdttFailures(html)).map((failure) => `${path}: ${failure}`));
      const text = html.toString("utf8");
      for (const property of ['property="og:image:alt"', 'name="twitter:image:alt"']) {
        expect(text, `${path} has ${property}`).toMatch(new RegExp(`<meta ${property} content="[^"]{10,}"`));
      }
    }
    expect(failures).toEqual([]);
  });

  test("the breadcrumbs a page shows are its BreadcrumbList, in the same order", async ({ page }) => {
    // Every page in turn: the time grows with the pages, as content adds them.
    test.setTimeout(pages.length * 10_000);
    for (const { path } of pages) {
      await page.goto(path);
      const shown = await page.getByRole("navigation", { name: "Kruimelpad" }).getByRole("listitem").allTextContents();
      const lists = jsonLd(await page.content()).filter((data) => data["@type"] === "BreadcrumbList");
      if (shown.length === 0) {
        expect(lists, `${path} shows no breadcrumbs`).toEqual([]);
        continue;
      }
      expect(lists, path).toHaveLength(1);
      const items = lists[0].itemListElement as { name: string; position: number }[];
      expect(items.map((item) => item.name), path).toEqual(shown.map((name) => name.trim()));
      expect(items.map((item) => item.position), path).toEqual(shown.map((_, index) => index + 1));
    }
  });

  test("articles are published by the company with its logo, a square PNG of at least 112 px that the site serves", async ({ request }) => {
    const articles = pages.filter((page) => page.path.startsWith("/blog/"));
    expect(articles.length).toBeGreaterThan(0);
    for (const { path } of articles) {
      const posting = jsonLd(await (await request.get(path)).text()).find((data) => data["@type"] === "BlogPosting");
      expect(posting, path).toBeDefined();
      const publisher = posting?.publisher as { "@type": string; logo: { "@type": string; url: string; width: number; height: number } };
      expect(publisher["@type"]).toBe("Organization");
      expect(publisher.logo["@type"]).toBe("ImageObject");
      const logo = await request.get(new URL(publisher.logo.url).pathname);
      expect(logo.status()).toBe(200);
      expect(logo.headers()["content-type"]).toBe("image/png");
      const png = await logo.body();
      // A PNG's IHDR chunk: width and height as big-endian integers at bytes 16 and 20.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([publisher.logo.width, publisher.logo.height]);
      expect(publisher.logo.width).toBeGreaterThanOrEqual(112);
      expect(publisher.logo.width).toBe(publisher.logo.height);
    }
  });
});
