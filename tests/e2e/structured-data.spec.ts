/**
 * Every page as a search engine and a link preview read it: the
 * structured-data-testing-tool (sdtt) with its Google and SocialMedia presets
 * finds nothing missing; the publisher's logo is a real raster image. That the
 * breadcrumbs a page shows are its BreadcrumbList is a step of each page's
 * visit in site.spec.ts.
 */
import { structuredDataTest } from "structured-data-testing-tool";
import { Google, SocialMedia } from "structured-data-testing-tool/presets";
import { expect, test } from "./fixtures";
import { jsonLd } from "./helpers";
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
