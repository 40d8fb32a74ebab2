import { softExpect as expect, test } from "./fixtures";
import { contentTypes } from "../../plugins/gatsby-plugin-content/content-schema";
import { company, contentFile, contentReviews, contentServices, facts } from "./content";
import { waitForHydration } from "./helpers";

/**
 * The home page's content, once, at 1280 px (playwright.config.ts, the `once` project): the page is the same
 * HTML at every width; site.spec.ts checks its layout and accessibility at both, and contact-form.spec.ts where
 * its form sits.
 */

const home = contentFile(contentTypes.HomeJson);
const services = Object.fromEntries(contentServices().map((service) => [service.slug, service]));

// One visit per page: each part of it is a step, named in a failure.
test("its parts, top to bottom", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);

  await test.step("hero with the quote button and the chat button", async () => {
    const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
    await expect(hero.getByRole("heading", { level: 1 })).toHaveText(home.hero.title);
    await expect(hero.getByRole("link", { name: home.hero.quoteLabel })).toHaveAttribute("href", "/offerte");
    await expect(hero.getByRole("link", { name: home.hero.chatLabel })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
    await expect(hero.getByRole("img", { name: home.hero.imageAlt })).toBeVisible();
  });

  await test.step("trust badges with the rating from the company file", async () => {
    const badges = page.getByRole("list", { name: "Waarom klanten ons vertrouwen" }).getByRole("listitem");
    await expect(badges).toHaveCount(home.trustBadges.length);
    await expect(badges.first()).toContainText(`${facts.rating} / 5uit ${company.rating.count} beoordelingen`);
  });

  await test.step("the featured service cards linking to their pages", async () => {
    // Six, as the schema holds home.json to (content-schema.ts, homeSchema): two full rows of three.
    const section = page.locator("#diensten");
    const cards = section.getByRole("article");
    await expect(cards).toHaveCount(home.services.featured.length);
    for (const [index, slug] of home.services.featured.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole("heading")).toHaveText(services[slug].name);
      await expect(card.getByText(services[slug].price)).toBeVisible();
      await expect(card.getByRole("link")).toHaveAttribute("href", `/diensten/${slug}`);
    }
    await expect(section.getByRole("link", { name: home.services.allLabel })).toHaveAttribute("href", "/diensten");
  });

  await test.step("why us, and the about block with its four audiences", async () => {
    await expect(page.getByRole("heading", { name: `Waarom kiezen voor ${company.name}?` })).toBeVisible();
    const about = page.locator("#over-ons");
    await expect(about.getByRole("heading", { level: 3 })).toHaveText(home.about.audiences.map((audience) => audience.title));
  });

  await test.step("a grid of every town linking to its page, in the site's order", async () => {
    const links = page.locator("#werkgebied").getByRole("link");
    expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")))).toEqual(
      company.towns.map((town) => `/dakdekker-${town.slug}`),
    );
  });

  await test.step("the map of home.json's place loads only when the visitor asks for it", async () => {
    const requests: string[] = [];
    await page.route("https://www.google.com/**", (route) => {
      requests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "<p>kaart</p>" });
    });
    const map = page.locator("#kaart");
    await expect(map.getByRole("link", { name: /Open in Google Maps/ })).toHaveAttribute("target", "_blank");
    expect(requests).toEqual([]);
    await map.getByRole("button", { name: "Kaart laden" }).click();
    await expect(map.locator("iframe")).toHaveAttribute("src", new RegExp(`google\\.com/maps\\?q=${encodeURIComponent(home.map.place)}`));
    await expect(map.locator("iframe")).toHaveAttribute("title", `Kaart van ${home.map.place}`);
  });

  await test.step("the featured reviews with their stars, and a link to all reviews", async () => {
    // Three, as the schema holds home.json to (content-schema.ts, homeSchema): one row of three.
    const section = page.locator("#reviews");
    const cards = section.getByRole("figure");
    await expect(cards).toHaveCount(home.reviews.featured.length);
    for (const [index, slug] of home.reviews.featured.entries()) {
      const review = contentReviews().find((candidate) => candidate.slug === slug)!;
      await expect(cards.nth(index)).toContainText(review.name);
      await expect(cards.nth(index).getByRole("img", { name: `${review.rating} van de 5 sterren` })).toBeVisible();
    }
    await expect(section.getByRole("link", { name: home.reviews.linkLabel })).toHaveAttribute("href", "/reviews");
  });

  await test.step("the statistics strip rolls, and stands still for reduced motion", async () => {
    const strip = page.getByRole("region", { name: "Ons bedrijf in cijfers" });
    for (const { value } of home.stats) await expect(strip.getByText(value, { exact: true }).first()).toBeVisible();
    const track = strip.locator("div").first();
    expect(await track.evaluate((element) => getComputedStyle(element).animationName)).not.toBe("none");
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await track.evaluate((element) => getComputedStyle(element).animationName)).toBe("none");
  });
});
