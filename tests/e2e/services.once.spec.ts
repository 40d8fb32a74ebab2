import { softExpect as expect, test, type Locator, type Page } from "./fixtures";
import { contentTypes, type Service } from "../../plugins/gatsby-plugin-content/content-schema";
import { company, contentFile, contentReviews, contentServices } from "./content";
import { section, waitForHydration } from "./helpers";

/**
 * The services' pages' content, once, at 1280 px (playwright.config.ts, the `once` project): each page is the
 * same HTML at every width; site.spec.ts checks each page's layout and accessibility at both.
 */

const services = contentServices();
const overview = contentFile(contentTypes.ServicesPageJson);
const reviews = contentReviews();

async function jsonLd(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block));
}

test.describe("/diensten", () => {
  // One visit per page: each part of it is a step, named in a failure.
  test("its parts, top to bottom", async ({ page }) => {
    await page.goto("/diensten");
    await waitForHydration(page);

    // The starting prices of docs/requirements.md, 'Figures', are tests/content/requirements.test.ts's: a card shows its file's.
    await test.step("a card for every service file, with description, inclusions, its starting price and a link", async () => {
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(overview.hero.title);
      const cards = section(page, "alle-diensten").getByRole("article");
      await expect(cards).toHaveCount(services.length);
      for (const [index, service] of services.entries()) {
        const card = cards.nth(index);
        await expect(card.getByRole("heading")).toHaveText(service.name);
        await expect(card.getByText(service.description)).toBeVisible();
        await expect(card.getByRole("listitem")).toHaveText(service.features);
        await expect(card.getByText(service.price, { exact: true })).toBeVisible();
        await expect(card.getByRole("link")).toHaveAttribute("href", `/diensten/${service.slug}`);
      }
    });

    await test.step("the shared form, then the four steps ending in the 10-year warranty", async () => {
      const form = section(page, "offerte-formulier");
      await expect(form.getByRole("heading", { level: 2 })).toHaveText(overview.contactForm.title);
      await expect(form.getByRole("button", { name: "Gratis Offerte Aanvragen" })).toBeVisible();
      const steps = section(page, "werkwijze").getByRole("listitem");
      await expect(steps).toHaveCount(4);
      await expect(steps.getByRole("heading")).toHaveText(overview.process.steps.map((step) => step.title));
      await expect(steps.nth(0)).toContainText(/inspectie/i);
      await expect(steps.nth(1)).toContainText("24 uur");
      await expect(steps.nth(2)).toContainText(/uitvoering/i);
      await expect(steps.nth(3)).toContainText("10 jaar garantie");
      const formTop = await form.boundingBox();
      const stepsTop = await section(page, "werkwijze").boundingBox();
      expect(formTop!.y).toBeLessThan(stepsTop!.y);
    });

    await test.step("a breadcrumb trail, also as BreadcrumbList", async () => {
      await expect(page.getByRole("navigation", { name: "Kruimelpad" }).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
      const trail = (await jsonLd(page)).find((block) => block["@type"] === "BreadcrumbList");
      expect(trail.itemListElement.map((item: { name: string }) => item.name)).toEqual(["Home", "Diensten"]);
    });
  });
});

/** What docs/requirements.md ('Page by page') lists for each page beyond the parts every service page has; `steps` where it names the count. */
const specifics: Record<string, { steps?: number; check: (page: Page, service: Service) => Promise<void> }> = {
  daklekkage: {
    steps: 4,
    check: async (page) => {
      await expect(page.locator("main")).toContainText(/binnen 2 uur/i);
      await expect(section(page, "veelgestelde-vragen").locator("summary")).toHaveCount(4);
      await expect(section(page, "offerte-formulier")).toContainText("binnen 15 minuten");
    },
  },
  dakrenovatie: {
    steps: 5,
    check: async (page) => {
      expect(await section(page, "materialen").getByRole("heading", { level: 3 }).count()).toBeGreaterThanOrEqual(2);
      await expect(page.getByText("10 jaar", { exact: true }).first()).toBeVisible();
      await expect(page.locator("main")).toContainText("10 jaar garantie");
    },
  },
  "bitumen-dak": {
    steps: 5,
    check: async (page) => {
      const materials = section(page, "materialen").getByRole("heading", { level: 3 });
      for (const name of ["EPDM", "APP/SBS", "PVC/TPO"]) await expect(materials.filter({ hasText: name })).toHaveCount(1);
      await expect(page.locator("main")).toContainText(/isolatie/i);
      await expect(page.locator("main")).toContainText("20 jaar");
    },
  },
  pannendak: {
    steps: 5,
    check: async (page) => {
      const materials = section(page, "materialen").getByRole("heading", { level: 3 });
      for (const name of [/keramisch/i, /beton/i, /natuurlei/i]) await expect(materials.filter({ hasText: name })).toHaveCount(1);
      await expect(page.locator("main")).toContainText(/folie|onderlaag/i);
      await expect(page.locator("main")).toContainText(/isolatie/i);
    },
  },
  dakisolatie: {
    steps: 4,
    check: async (page) => {
      const options = section(page, "materialen").locator("ul > li").filter({ has: page.getByRole("heading", { level: 3 }) });
      await expect(options.getByRole("heading", { level: 3 })).toHaveText(["PIR", "Glaswol", "Steenwol"]);
      for (const [index, price] of ["€ 25 per m²", "€ 18 per m²", "€ 22 per m²"].entries()) {
        await expect(options.nth(index)).toContainText(price);
      }
      await expect(section(page, "reviews").getByRole("figure")).toHaveCount(3);
      await expect(section(page, "reviews")).toContainText("50+");
      for (const link of await page.locator("main").getByRole("link", { name: /WhatsApp/ }).all()) {
        expect(new URL((await link.getAttribute("href"))!).searchParams.get("text")).toBe(company.chat.insulation);
      }
      await expect(section(page, "offerte-formulier").getByRole("heading", { level: 2 })).toContainText(/advies/i);
    },
  },
  "dakpannen-vervangen": {
    steps: 4,
    check: async (page) => {
      const prices = section(page, "prijzen");
      await expect(prices).toContainText("€ 8 - € 15 per pan");
      await expect(prices).toContainText("€ 40 - € 120 per m²");
      expect(await page.locator("section[id^=onderwerp-] h3").count()).toBeGreaterThanOrEqual(4);
    },
  },
  "zinken-dakgoot": {
    steps: 4,
    check: async (page) => {
      const main = page.locator("main");
      for (const fact of [/125 (en|of|\/) 150 mm/, /80, 100 (en|of) 120 mm/, /80 (tot|-) 100 jaar/, /2 (tot|-) 3 weken/]) {
        await expect(main).toContainText(fact);
      }
      await expect(main).toContainText(/bakgoot/i);
      await expect(main).toContainText(/mastgoot/i);
    },
  },
  "schoorsteen-renovatie": {
    check: async (page) => {
      const prices = section(page, "prijzen");
      for (const price of ["€ 25 - € 40 per m²", "€ 300 - € 800", "€ 80 - € 150 per m"]) await expect(prices).toContainText(price);
      const emergency = page.locator("main").locator("div", { has: page.getByRole("heading", { level: 3 }) }).filter({
        has: page.getByRole("link", { name: `Bel de spoedlijn ${company.phones.emergency.display}` }),
      });
      await expect(emergency.first()).toBeVisible();
      await expect(page.locator("main")).toContainText(/binnen 2 weken/);
      await expect(page.locator("main")).toContainText(/1 (tot|-) 7 dagen/);
    },
  },
};

for (const service of services) {
  test.describe(`/diensten/${service.slug}`, () => {
    // One visit per page: each part of it is a step, named in a failure.
    test("its parts, top to bottom", async ({ page }) => {
      await page.goto(`/diensten/${service.slug}`);
      await waitForHydration(page);

      await test.step("hero, key facts, call and chat buttons", async () => {
        const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
        await expect(hero.getByRole("heading", { level: 1 })).toHaveText(service.title);
        await expect(hero.getByText(service.hero.text)).toBeVisible();
        await expect(hero.getByRole("img", { name: service.imageAlt })).toBeVisible();
        const phone = service.urgent ? company.phones.emergency : company.phones.regular;
        await expect(hero.getByRole("link", { name: `Bel ${phone.display}` })).toHaveAttribute("href", `tel:${phone.e164}`);
        const chat = hero.getByRole("link", { name: /WhatsApp/ });
        await expect(chat).toHaveAttribute("target", "_blank");
        const chatText = company.chat[service.chatTopic];
        expect(new URL((await chat.getAttribute("href"))!).searchParams.get("text")).toBe(chatText);
        await expect(page.getByRole("list", { name: `${service.name} in het kort` }).getByRole("listitem")).toHaveCount(
          service.keyFacts.length,
        );
      });

      await test.step("explanation, benefits, process steps and the page's own specifics", async () => {
        await expect(section(page, "uitleg").getByRole("heading", { level: 2 })).toHaveText(service.intro.title);
        await expect(section(page, "voordelen").getByRole("heading", { level: 3 })).toHaveText(
          service.benefits.items.map((item) => item.title),
        );
        const steps = section(page, "werkwijze").getByRole("list").first().getByRole("listitem");
        // The page shows its file's steps; where docs/requirements.md names the count, the file has that many
        // (a service it does not name, one added since, has no specifics).
        const stepCount = service.process.steps.length;
        const required = specifics[service.slug]?.steps;
        if (required !== undefined) expect(stepCount, "the steps docs/requirements.md names").toBe(required);
        await expect(steps).toHaveCount(stepCount);
        await expect(steps.getByRole("heading")).toHaveText(service.process.steps.map((step) => step.title));
        await specifics[service.slug]?.check(page, service);
      });

      await test.step("the FAQ opens and closes each answer, by keyboard too", async () => {
        const questions = section(page, "veelgestelde-vragen").locator("details");
        await expect(questions).toHaveCount(service.faq.items.length);
        const first = service.faq.items[0];
        const answer = section(page, "veelgestelde-vragen").getByText(first.answer);
        await expect(answer).toBeHidden();
        await questions.first().locator("summary").focus();
        await page.keyboard.press("Enter");
        await expect(answer).toBeVisible();
        await page.keyboard.press("Enter");
        await expect(answer).toBeHidden();
      });

      await test.step("reviews of this service, the call band and the page's own form with the service chosen", async () => {
        const own = reviews.filter((review) => review.service === service.name);
        const cards = section(page, "reviews").getByRole("figure");
        await expect(cards).toHaveCount(Math.min(own.length, 3));
        for (const card of await cards.all()) await expect(card).toContainText(service.name);
        await expect(section(page, "direct-contact").getByRole("link", { name: /^Bel / })).toHaveAttribute("href", /^tel:\+31/);
        await expect(section(page, "direct-contact").getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
        const form = section(page, "offerte-formulier");
        await expect(form.getByRole("heading", { level: 2 })).toHaveText(service.contactForm.title);
        await expect(form.getByText(service.contactForm.subtitle)).toBeVisible();
        await expect(form.getByLabel("Dienst")).toHaveValue(service.name);
      });

      await test.step("links to every other service and back to /diensten", async () => {
        const others = section(page, "andere-diensten");
        const links = others.getByRole("listitem").getByRole("link");
        await expect(links).toHaveText(services.filter((other) => other !== service).map((other) => other.name));
        for (const other of services.filter((item) => item !== service)) {
          await expect(others.getByRole("link", { name: other.name })).toHaveAttribute("href", `/diensten/${other.slug}`);
        }
        await expect(others.getByRole("link", { name: "Terug naar alle diensten" })).toHaveAttribute("href", "/diensten");
        await expect(page.getByRole("navigation", { name: "Kruimelpad" }).getByRole("link", { name: "Diensten" })).toHaveAttribute(
          "href",
          "/diensten",
        );
      });

      await test.step("Service and BreadcrumbList JSON-LD", async () => {
        const blocks = await jsonLd(page);
        const company = blocks.find((block) => block["@type"] === "RoofingContractor");
        const offer = blocks.find((block) => block["@type"] === "Service");
        expect(offer).toMatchObject({ serviceType: service.name, name: service.title, provider: { "@id": company["@id"] } });
        expect(new URL(offer.url).pathname).toBe(`/diensten/${service.slug}`);
        const trail = blocks.find((block) => block["@type"] === "BreadcrumbList");
        expect(trail.itemListElement.map((item: { name: string }) => item.name)).toEqual(["Home", "Diensten", service.name]);
      });
    });
  });
}

/** Clicking a card on the overview opens its page with the client-side router. */
test("a service card on /diensten opens its page", async ({ page }) => {
  await page.goto("/diensten");
  await waitForHydration(page);
  const service = services[4];
  const link: Locator = section(page, "alle-diensten").getByRole("link", { name: new RegExp(service.name, "i") });
  await link.click();
  await expect(page).toHaveURL(`/diensten/${service.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(service.title);
});
