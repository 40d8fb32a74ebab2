import { expect, test, type Page } from "./fixtures";
import { fillFacts } from "../../src/lib/facts";
import { company, contentServices, contentTowns, readContent } from "./content";
import { waitForApp } from "./helpers";

const towns = contentTowns();
const services = contentServices();
const reviews = readContent<{ slug: string; location: string }[]>("reviews.json");
const fill = (text: string) => fillFacts(text, company);
const section = (page: Page, id: string) => page.locator(`section#${id}`);

/**
 * docs/requirements.md, written out rather than read back from content: the
 * review counts, town-page response times (1 hour for Zwanenburg) and area
 * travel times of 'Facts that pages state differently on purpose', and the
 * district lists of 'Page by page'. For the four towns it gives no districts
 * for, the page lists real ones from content.
 */
const spec: Record<string, { reviews: string; response: string; travel?: string; districts?: string[] }> = {
  amsterdam: { reviews: "80+", response: "1-2 uur", travel: "30-60 minuten" },
  amstelveen: { reviews: "35+", response: "1-2 uur", travel: "45-90 minuten" },
  haarlem: { reviews: "40+", response: "1-2 uur", travel: "60-90 minuten" },
  diemen: { reviews: "25+", response: "1-2 uur" },
  zaandam: {
    reviews: "45+",
    response: "1-2 uur",
    travel: "60-90 minuten",
    districts: ["Centrum", "West", "Oost", "Zuid", "Peldersveld", "Saendelft", "Hoornseveld", "Kogerveld"],
  },
  purmerend: {
    reviews: "30+",
    response: "1-2 uur",
    districts: ["Centrum", "Noord", "Zuid", "West", "Overwhere", "Wheermolen", "Gorsmannen", "Molenwijk"],
  },
  hoofddorp: {
    reviews: "35+",
    response: "1-2 uur",
    travel: "45-75 minuten",
    districts: ["Centrum", "Floriande", "Bornholm", "Graan voor Visch", "Toolenburg", "Overbos", "Kruisweg", "Meer en Bos"],
  },
  zwanenburg: { reviews: "15+", response: "1 uur", districts: ["Centrum", "Noord", "Zuid", "West"] },
  badhoevendorp: { reviews: "20+", response: "1-2 uur", districts: ["Centrum", "Noord", "Zuid", "West"] },
  aalsmeer: {
    reviews: "25+",
    response: "1-2 uur",
    districts: ["Centrum", "Oost", "West", "Noord", "Calslagen", "Hornmeer", "Oosteinde", "Kudelstaart"],
  },
  abcoude: { reviews: "10+", response: "1-2 uur", districts: ["Centrum", "Noord", "Zuid", "West"] },
};

/** Starting prices of docs/requirements.md, 'Figures'; a town lists services that have one. */
const specPrices: Record<string, string> = {
  daklekkage: "€ 150",
  dakrenovatie: "€ 45 per m²",
  "bitumen-dak": "€ 35 per m²",
  pannendak: "€ 55 per m²",
  dakisolatie: "€ 25 per m²",
  "dakpannen-vervangen": "€ 8 per pan",
  "zinken-dakgoot": "€ 45 per m",
};

const highlighted = ["/diensten/daklekkage", "/diensten/dakrenovatie", "/diensten/bitumen-dak", "/diensten/pannendak", "/diensten/dakisolatie"];

test("the eleven towns of docs/requirements.md each have a content file", () => {
  expect(towns.map((town) => town.slug).sort()).toEqual(Object.keys(spec).sort());
});

async function jsonLd(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block));
}

for (const town of towns) {
  const facts = spec[town.slug];

  test.describe(`/dakdekker-${town.slug}`, () => {
    // The page's content is the same HTML at every width; site.spec checks each width's layout and accessibility.
    test.skip(({ isMobile }) => isMobile, "content checks run once, at desktop width");
    test.beforeEach(async ({ page }) => {
      await page.goto(`/dakdekker-${town.slug}`);
      await waitForApp(page);
    });

    test("hero with call and quote buttons, key facts, the town's own block and its emergency time", async ({ page }) => {
      const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
      await expect(hero.getByRole("heading", { level: 1 })).toHaveText(fill(town.hero.title));
      await expect(hero.getByRole("heading", { level: 1 })).toContainText(town.name);
      await expect(hero.getByText(fill(town.hero.badge))).toBeVisible();
      await expect(hero.getByText(fill(town.hero.text))).toBeVisible();
      await expect(hero.getByRole("img", { name: town.imageAlt })).toBeVisible();
      const phone = company.phones.regular;
      await expect(hero.getByRole("link", { name: `Bel ${phone.display}` })).toHaveAttribute("href", `tel:${phone.e164}`);
      await expect(hero.getByRole("link", { name: "Gratis offerte" })).toHaveAttribute("href", "#offerte-formulier");

      const keyFacts = page.getByRole("list", { name: `Dakdekker ${town.name} in het kort` });
      await expect(keyFacts.getByRole("listitem")).toHaveCount(town.keyFacts.length);
      await expect(keyFacts).toContainText(facts.reviews);
      await expect(keyFacts).toContainText(facts.response);
      if (town.slug === "amsterdam") await expect(keyFacts).toContainText("200+");

      const local = section(page, "daken");
      await expect(local.getByRole("heading", { level: 2 })).toHaveText(fill(town.local.title));
      for (const paragraph of town.local.paragraphs) await expect(local.getByText(fill(paragraph))).toBeVisible();
      await expect(local.getByRole("listitem").getByRole("heading", { level: 3 })).toHaveText(town.local.points.map((point) => fill(point.title)));
      const emergency = local.locator("div", { has: page.getByRole("heading", { level: 3, name: fill(town.emergency.title) }) }).last();
      await expect(emergency).toContainText(facts.response);
      if (facts.travel) await expect(emergency).toContainText(facts.travel);
      await expect(emergency.getByRole("link", { name: `Bel de spoedlijn ${company.phones.emergency.display}` })).toHaveAttribute(
        "href",
        `tel:${company.phones.emergency.e164}`,
      );
    });

    test("five service highlights, four prices with the 24/7 badge, and the districts", async ({ page }) => {
      const highlights = section(page, "diensten");
      const links = highlights.getByRole("heading", { level: 3 }).getByRole("link");
      await expect(links).toHaveCount(5);
      expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")))).toEqual(highlighted);
      for (const item of town.highlights.items) await expect(highlights.getByText(fill(item.text))).toBeVisible();

      const rows = section(page, "prijzen").locator("dl > div");
      await expect(rows).toHaveCount(4);
      for (const [index, slug] of town.prices.services.entries()) {
        const service = services.find((candidate) => candidate.slug === slug)!;
        expect(Object.keys(specPrices)).toContain(slug);
        await expect(rows.nth(index).locator("dt")).toContainText(service.name);
        await expect(rows.nth(index).locator("dd")).toContainText(specPrices[slug]);
        await expect(rows.nth(index).getByText("24/7", { exact: true })).toHaveCount(service.urgent ? 1 : 0);
      }
      expect(town.prices.services).toContain("daklekkage");

      const districts = section(page, "wijken").getByRole("listitem");
      if (facts.districts) await expect(districts).toHaveText(facts.districts);
      else {
        expect(town.districts.names.length).toBeGreaterThanOrEqual(6);
        await expect(districts).toHaveText(town.districts.names);
      }
      const lefts = new Set((await districts.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().left))).map(Math.round));
      // docs/requirements.md, 'Page by page': the three villages with four parts in a single column; the longer lists in columns.
      if (["zwanenburg", "badhoevendorp", "abcoude"].includes(town.slug)) expect(lefts.size).toBe(1);
      else expect(lefts.size).toBeGreaterThan(1);
    });

    test("rating with the town's review count, two reviews from the town, and the town's own form", async ({ page }) => {
      const reviewSection = section(page, "reviews");
      await expect(reviewSection).toContainText("4,9");
      await expect(reviewSection).toContainText(`${facts.reviews} reviews uit ${town.name}`);
      const cards = reviewSection.getByRole("figure");
      await expect(cards).toHaveCount(2);
      for (const slug of town.reviews.featured) {
        const review = reviews.find((candidate) => candidate.slug === slug)!;
        expect(review.location).toContain(town.name);
      }
      // docs/requirements.md, 'Page by page': the reviews on a town page are all five-star.
      for (const card of await cards.all()) {
        await expect(card).toContainText(town.name);
        await expect(card.getByRole("img", { name: "5 van de 5 sterren" })).toBeVisible();
      }

      const form = section(page, "offerte-formulier");
      await expect(form.getByRole("heading", { level: 2 })).toHaveText(fill(town.contactForm.title));
      await expect(form.getByRole("heading", { level: 2 })).toContainText(town.name);
      const subtitle = form.getByText(fill(town.contactForm.subtitle));
      await expect(subtitle).toContainText(town.name);
      await expect(subtitle).toContainText("2 uur");
      await expect(form.getByLabel("Plaats")).toHaveValue(town.name);
    });

    test("local expertise, a map that loads on request, the other towns and the JSON-LD", async ({ page }) => {
      const expertise = section(page, "lokale-kennis");
      await expect(expertise.getByRole("heading", { level: 2 })).toHaveText(fill(town.expertise.title));
      for (const paragraph of town.expertise.paragraphs) await expect(expertise.getByText(fill(paragraph))).toBeVisible();

      const requests: string[] = [];
      await page.route("https://www.google.com/**", (route) => {
        requests.push(route.request().url());
        return route.fulfill({ status: 200, contentType: "text/html", body: "<p>kaart</p>" });
      });
      await expect(expertise.locator("iframe")).toHaveCount(0);
      await expertise.getByRole("button", { name: "Kaart laden" }).click();
      await expect(expertise.locator("iframe")).toHaveAttribute("src", new RegExp(`google\\.com/maps\\?q=${encodeURIComponent(town.name)}`));
      await expect(expertise.locator("iframe")).toHaveAttribute("title", `Kaart van ${town.name}`);
      await expect.poll(() => requests.length).toBeGreaterThan(0);

      const closing = section(page, "afsluiting");
      if (town.slug === "hoofddorp") {
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
}

test("a town in the home page's grid opens its page with the client-side router", async ({ page }) => {
  await page.goto("/");
  await waitForApp(page);
  const town = towns[6];
  await page.locator("#werkgebied").getByRole("link", { name: new RegExp(town.name) }).click();
  await expect(page).toHaveURL(`/dakdekker-${town.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fill(town.hero.title));
});
