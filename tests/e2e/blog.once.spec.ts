import { softExpect as expect, test, type Page } from "./fixtures";
import { formatDate } from "../../src/lib/dutch-format";
import { countWords, readingMinutes } from "../../plugins/gatsby-plugin-content/reading-time";
import { company, contentArticles } from "./content";
import { waitForHydration } from "./helpers";

/**
 * The blog's content, once, at 1280 px (playwright.config.ts, the `once` project): the pages are the same HTML
 * at every width; site.spec.ts checks each page's layout and accessibility at both.
 */

const articles = contentArticles();

async function jsonLd(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block));
}

test("/blog shows every article as a card, newest first, linking to it", async ({ page }) => {
  await page.goto("/blog");
  await waitForHydration(page);
  const cards = page.locator("#artikelen").getByRole("article");
  await expect(cards).toHaveCount(articles.length);
  // Newest first: each card's date, as the page gives it, is no later than the one before.
  const shown = (await cards.locator("time").evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""))).map(Date.parse);
  expect(shown.filter((time, index) => Number.isNaN(time) || (index > 0 && time > shown[index - 1])), "dates later than the card before").toEqual([]);
  for (const [index, article] of articles.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(article.title);
    await expect(card.getByRole("img", { name: article.imageAlt })).toBeVisible();
    await expect(card.getByText(article.category, { exact: true })).toBeVisible();
    await expect(card.locator("time")).toHaveText(formatDate(article.date));
    await expect(card.locator("time")).toHaveAttribute("datetime", article.date);
    await expect(card.getByText(`${readingMinutes(article.body)} min leestijd`)).toBeVisible();
    await expect(card.getByText(article.excerpt)).toBeVisible();
    await expect(card.getByRole("link", { name: article.title })).toHaveAttribute("href", `/blog/${article.slug}`);
  }
});

test("a card on /blog opens its article with the client-side router", async ({ page }) => {
  await page.goto("/blog");
  await waitForHydration(page);
  const article = articles[1];
  await page.locator("#artikelen").getByRole("link", { name: article.title }).click();
  await expect(page).toHaveURL(`/blog/${article.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
});

for (const article of articles) {
  test.describe(`/blog/${article.slug}`, () => {
    // One visit per page: each part of it is a step, named in a failure.
    test("its parts, top to bottom", async ({ page }) => {
      await page.goto(`/blog/${article.slug}`);
      await waitForHydration(page);

      // What the article says (its length, headings and prices) is its file's; tests/content/requirements.test.ts checks
      // that the articles of docs/requirements.md are there, the schema their category (content-schema.ts, blogPostSchema).
      await test.step("title, meta, image and the article's whole text", async () => {
        const main = page.locator("article").first();
        await expect(main.getByRole("heading", { level: 1 })).toHaveText(article.title);
        await expect(main.getByText(article.category, { exact: true })).toBeVisible();
        await expect(main.locator("time")).toHaveText(formatDate(article.date));
        await expect(main.getByText(`${readingMinutes(article.body)} min leestijd`)).toBeVisible();
        await expect(main.getByRole("img", { name: article.imageAlt })).toBeVisible();
        expect(await main.locator("picture source[type='image/avif']").count()).toBeGreaterThan(0);
        const text = await main.innerText();
        // The whole body is on the page: at least as many words as its Markdown, and each "## " heading as an h2.
        expect(countWords(text)).toBeGreaterThanOrEqual(countWords(article.body.replace(/\{[^}]+\}/g, "")));
        await expect(main.locator("h2")).toHaveText([...article.body.matchAll(/^## (.+)$/gm)].map((match) => match[1].trim()));
        expect(text).not.toContain(company.phones.regular.display);
      });

      await test.step("a way back to /blog, calls to action, and BlogPosting and BreadcrumbList JSON-LD", async () => {
        await expect(page.getByRole("link", { name: "Terug naar de blog" })).toHaveAttribute("href", "/blog");
        const cta = page.locator("#direct-contact");
        await expect(cta.getByRole("link", { name: "Offerte aanvragen" })).toHaveAttribute("href", "/offerte");
        await expect(cta.getByRole("link", { name: "Contact opnemen" })).toHaveAttribute("href", "/contact");
        await expect(cta.getByRole("link", { name: "Bekijk onze diensten" })).toHaveAttribute("href", "/diensten");

        const blocks = await jsonLd(page);
        const business = blocks.find((block) => block["@type"] === "RoofingContractor");
        const posting = blocks.find((block) => block["@type"] === "BlogPosting");
        expect(posting).toMatchObject({
          headline: article.title,
          datePublished: article.date,
          author: { "@id": business["@id"], name: company.name },
          publisher: { "@id": business["@id"], name: company.name },
        });
        expect(posting.image).toMatch(/^https?:\/\/.+\.(jpg|png|webp)$/);
        expect(new URL(posting.url).pathname).toBe(`/blog/${article.slug}`);
        const trail = blocks.find((block) => block["@type"] === "BreadcrumbList");
        expect(trail.itemListElement.map((item: { name: string }) => item.name)).toEqual(["Home", "Blog", article.title]);
      });
    });
  });
}
