import { softExpect as expect, test, type Page } from "./fixtures";
import { company, contentReviews, contentServices, contentTowns, facts } from "./content";
import { every100ms, section, waitForHydration } from "./helpers";

/**
 * The town pages' content, once, at 1280 px (playwright.config.ts, the `once` project): each page is the same
 * HTML at every width; site.spec.ts checks each page's layout and accessibility at both. The districts' columns
 * are checked at this width, where the longer lists have room for them.
 */

const towns = contentTowns();
const services = contentServices();
const reviews = contentReviews();
async function jsonLd(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block));
}

for (const town of towns) {
  const priced = town.prices.services.map((slug) => services.find((service) => service.slug === slug)!);

  test.describe(`/dakdekker-${town.slug}`, () => {
    // One visit per page: each part of it is a step, named in a failure.
    test("its parts, top to bottom", async ({ page }) => {
      await page.goto(`/dakdekker-${town.slug}`);
      await waitForHydration(page);

      await test.step("hero with call and quote buttons, key facts, the town's own block and its emergency time", async () => {
        const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
        // The heading names the town: the schema holds every town file to it (content-schema.ts, townSchema).
        await expect(hero.getByRole("heading", { level: 1 })).toHaveText(town.hero.title);
        await expect(hero.getByText(town.hero.badge)).toBeVisible();
        await expect(hero.getByText(town.hero.text)).toBeVisible();
        await expect(hero.getByRole("img", { name: town.imageAlt })).toBeVisible();
        const phone = company.phones.regular;
        await expect(hero.getByRole("link", { name: `Bel ${phone.display}` })).toHaveAttribute("href", `tel:${phone.e164}`);
        await expect(hero.getByRole("link", { name: "Gratis offerte" })).toHaveAttribute("href", "#offerte-formulier");

        const keyFacts = page.getByRole("list", { name: `Dakdekker ${town.name} in het kort` });
        await expect(keyFacts.getByRole("listitem")).toHaveCount(town.keyFacts.length);
        for (const [index, fact] of town.keyFacts.entries()) {
          await expect(keyFacts.getByRole("listitem").nth(index)).toContainText(fact.value);
          await expect(keyFacts.getByRole("listitem").nth(index)).toContainText(fact.label);
        }

        const local = section(page, "daken");
        await expect(local.getByRole("heading", { level: 2 })).toHaveText(town.local.title);
        for (const paragraph of town.local.paragraphs) await expect(local.getByText(paragraph)).toBeVisible();
        await expect(local.getByRole("listitem").getByRole("heading", { level: 3 })).toHaveText(town.local.points.map((point) => point.title));
        const emergency = local.locator("div", { has: page.getByRole("heading", { level: 3, name: town.emergency.title }) }).last();
        await expect(emergency).toContainText(town.emergency.text);
        await expect(emergency.getByRole("link", { name: `Bel de spoedlijn ${company.phones.emergency.display}` })).toHaveAttribute(
          "href",
          `tel:${company.phones.emergency.e164}`,
        );
      });

      await test.step("five service highlights, four prices with the 24/7 badge, and the districts", async () => {
        const highlights = section(page, "diensten");
        const links = highlights.getByRole("heading", { level: 3 }).getByRole("link");
        expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")))).toEqual(
          town.highlights.items.map((item) => `/diensten/${item.service}`),
        );
        for (const item of town.highlights.items) await expect(highlights.getByText(item.text)).toBeVisible();

        const rows = section(page, "prijzen").locator("dl > div");
        await expect(rows).toHaveCount(priced.length);
        for (const [index, service] of priced.entries()) {
          await expect(rows.nth(index).locator("dt")).toContainText(service.name);
          await expect(rows.nth(index).locator("dd")).toContainText(service.price.replace(/^Vanaf /, ""));
          await expect(rows.nth(index).getByText("24/7", { exact: true })).toHaveCount(service.urgent ? 1 : 0);
        }

        const districts = section(page, "wijken").getByRole("listitem");
        await expect(districts).toHaveText(town.districts.names);
        const lefts = new Set((await districts.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().left))).map(Math.round));
        // docs/requirements.md, 'Page by page': the villages' four parts in a single column; the longer lists in columns.
        if (town.districts.names.length <= 4) expect(lefts.size).toBe(1);
        else expect(lefts.size).toBeGreaterThan(1);
      });

      await test.step("rating with the town's review count, two reviews from the town, and the town's own form", async () => {
        const reviewSection = section(page, "reviews");
        await expect(reviewSection).toContainText(facts.rating);
        await expect(reviewSection).toContainText(`${town.reviews.count}+ reviews uit ${town.name}`);
        const cards = reviewSection.getByRole("figure");
        await expect(cards).toHaveCount(town.reviews.featured.length);
        // docs/requirements.md, 'Page by page': the reviews on a town page are the town's own, all five-star; the schema
        // holds every town file to it (content-schema.ts, fiveStarReviewFromTown), so the page shows each named review.
        for (const [index, slug] of town.reviews.featured.entries()) {
          const review = reviews.find((candidate) => candidate.slug === slug)!;
          await expect(cards.nth(index)).toContainText(review.location);
          await expect(cards.nth(index).getByRole("img", { name: `${review.rating} van de 5 sterren` })).toBeVisible();
        }

        const form = section(page, "offerte-formulier");
        // The form's title and subtitle are the town file's own words; the town chosen in the form is the page's.
        await expect(form.getByRole("heading", { level: 2 })).toHaveText(town.contactForm.title);
        await expect(form.getByText(town.contactForm.subtitle)).toBeVisible();
        await expect(form.getByLabel("Plaats")).toHaveValue(town.name);
      });

      await test.step("local expertise, a map that loads on request, the other towns and the JSON-LD", async () => {
        const expertise = section(page, "lokale-kennis");
        await expect(expertise.getByRole("heading", { level: 2 })).toHaveText(town.expertise.title);
        for (const paragraph of town.expertise.paragraphs) await expect(expertise.getByText(paragraph)).toBeVisible();

        const requests: string[] = [];
        await page.route("https://www.google.com/**", (route) => {
          requests.push(route.request().url());
          return route.fulfill({ status: 200, contentType: "text/html", body: "<p>kaart</p>" });
      });
        await expect(expertise.locator("iframe")).toHaveCount(0);
        await expertise.getByRole("button", { name: "Kaart laden" }).click();
        await expect(expertise.locator("iframe")).toHaveAttribute("src", new RegExp(`google\\.com/maps\\?q=${encodeURIComponent(town.name)}`));
        await expect(expertise.locator("iframe")).toHaveAttribute("title", `Kaart van ${town.name}`);
        await expect.poll(() => requests.length, every100ms).toBeGreaterThan(0);

        const closing = section(page, "afsluiting");
        if (town.closing) {
          await expect(closing.getByRole("link", { name: `Bel ${company.phones.regular.display}` })).toHaveAttribute("href", `tel:${company.phones.regular.e164}`);
          await expect(closing.getByRole("link", { name: "Offerte aanvragen" })).toHaveAttribute("href", "/offerte");
        } else {
          await expect(closing).toHaveCount(0);
        }

        const others = section(page, "andere-plaatsen").getByRole("link");
        await expect(others).toHaveCount(towns.length - 1);
        await expect(others.filter({ hasText: town.name })).toHaveCount(0);

        const blocks = await jsonLd(page);
        const business = blocks.find((block) => block["@type"] === "RoofingContractor");
        expect(business.areaServed).toEqual([{ "@type": "City", name: town.name }]);
        const trail = blocks.find((block) => block["@type"] === "BreadcrumbList");
        expect(trail.itemListElement.map((item: { name: string }) => item.name)).toEqual(["Home", `Dakdekker ${town.name}`]);
        expect(new URL(trail.itemListElement[1].item).pathname).toBe(`/dakdekker-${town.slug}`);
      });
    });
  });
}

test("a town in the home page's grid opens its page with the client-side router", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const town = towns[6];
  await page.locator("#werkgebied").getByRole("link", { name: new RegExp(town.name) }).click();
  await expect(page).toHaveURL(`/dakdekker-${town.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(town.hero.title);
});
