import fs from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "./fixtures";
import { byOrder, contentTypes } from "../../plugins/gatsby-plugin-content/content-schema";
import { projectCategories, type ProjectCategory } from "../../src/lib/project-filter";
import { company, contentFile, contentRecords, contentReviews, facts } from "./content";
import { every100ms, openHydrated, section, waitForHydration } from "./helpers";

const reviews = contentReviews();

/**
 * The company's pages' content and what their controls do, once, at 1280 px (playwright.config.ts, the `once`
 * project): the pages are the same HTML at every width; site.spec.ts checks each page's layout and accessibility
 * at both, company-pages.spec.ts what of these pages is laid out or loaded by the width, and
 * company-pages.phone.spec.ts the touch of a phone. The projects' featured cards are measured against the grid
 * at this width, where the grid has columns.
 */

test.describe("/over-ons", () => {
  const about = contentFile(contentTypes.AboutPageJson);

  test("statistics, story, a team of three, guarantees, every town and the form", async ({ page }) => {
    await openHydrated(page, "/over-ons");
    const stats = page.getByRole("list", { name: `${company.name} in cijfers` });
    for (const stat of about.stats) await expect(stats).toContainText(stat.value);
    await expect(stats).toContainText(`${company.customers}+`);

    const story = section(page, "ons-verhaal");
    await expect(story.getByRole("heading", { level: 2 })).toHaveText(about.story.title);
    for (const paragraph of about.story.paragraphs) await expect(story.getByText(paragraph)).toBeVisible();
    await expect(story.getByRole("list", { name: "Mijlpalen" }).getByRole("listitem")).toHaveCount(about.story.milestones.length);
    await expect(story).toContainText(String(company.foundedYear));

    // docs/requirements.md, 'Page by page': a team of three, each with experience and specialism. The schema holds the
    // team to three (content-schema.ts, aboutPageSchema); tests/content/requirements.test.ts checks their roles.
    const members = section(page, "team").getByRole("article");
    await expect(members).toHaveCount(about.team.members.length);
    for (const [index, content] of about.team.members.entries()) {
      const member = members.nth(index);
      await expect(member.getByRole("heading", { level: 3 })).toHaveText(content.name);
      await expect(member).toContainText(content.role);
      await expect(member).toContainText(`Ervaring${content.experience}`);
      await expect(member).toContainText(`Specialisme${content.specialization}`);
      await expect(member.getByRole("img", { name: content.imageAlt })).toBeAttached();
    }

    const guarantees = section(page, "garanties").getByRole("listitem");
    await expect(guarantees).toHaveCount(about.guarantees.items.length);
    await expect(section(page, "garanties")).toContainText(`${company.warrantyYears} jaar`);

    const towns = section(page, "werkgebied").getByRole("link");
    await expect(towns).toHaveCount(company.towns.length);
    for (const town of company.towns) await expect(towns.filter({ hasText: town.name }).first()).toHaveAttribute("href", `/dakdekker-${town.slug}`);

    await expect(page.locator("#offerte-formulier").getByRole("button", { name: "Gratis Offerte Aanvragen" })).toBeVisible();
  });
});

test.describe("/spoedservice", () => {
  const emergency = contentFile(contentTypes.EmergencyPageJson);

  test("four services with their prices and times, the area times, three experiences, the form and six FAQs", async ({ page }) => {
    await openHydrated(page, "/spoedservice");
    // Each service of the file with its price and response time, in its order; the schema holds the row to four
    // (content-schema.ts), tests/content/requirements.test.ts the figures of docs/requirements.md, 'Figures'.
    const cards = section(page, "spoeddiensten").getByRole("listitem");
    await expect(cards).toHaveCount(emergency.services.items.length);
    for (const [index, service] of emergency.services.items.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(service.name);
      await expect(card.locator("dd").first()).toHaveText(service.price);
      await expect(card.locator("dd").nth(1)).toHaveText(service.responseTime);
    }

    const rows = section(page, "aanrijtijden").getByRole("table").getByRole("row");
    const table = await rows.evaluateAll((elements) => elements.slice(1).map((row) => [...row.children].map((cell) => cell.textContent?.trim())));
    expect(table).toEqual(emergency.areas.rows.map((row) => [row.area, row.time, row.priority]));

    const experiences = section(page, "ervaringen").getByRole("figure");
    await expect(experiences).toHaveCount(emergency.experiences.featured.length);
    for (const [index, slug] of emergency.experiences.featured.entries()) {
      await expect(experiences.nth(index)).toContainText(reviews.find((review) => review.slug === slug)?.name ?? slug);
    }

    await expect(page.locator("#offerte-formulier").getByRole("button", { name: "Gratis Offerte Aanvragen" })).toBeVisible();
    const faq = section(page, "veelgestelde-vragen");
    await expect(faq.locator("details")).toHaveCount(emergency.faq.items.length);
    for (const item of emergency.faq.items) await expect(faq.getByText(item.question)).toBeVisible();
    await expect(page.locator("main").getByRole("link", { name: `Bel de spoedlijn ${company.phones.emergency.display}` }).first()).toHaveAttribute(
      "href",
      `tel:${company.phones.emergency.e164}`,
    );
  });
});

test.describe("/contact", () => {
  const contact = contentFile(contentTypes.ContactPageJson);

  test("hero with call and chat, three contact methods, company details, hours, towns, form, FAQ and the route", async ({ page }) => {
    await openHydrated(page, "/contact");
    const hero = page.locator("section[aria-labelledby='hero-titel']");
    const call = hero.getByRole("link", { name: `Bel ${company.phones.regular.display}` });
    await expect(call).toHaveAttribute("href", `tel:${company.phones.regular.e164}`);
    await expect(hero.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=/);

    // Each way to reach the company in the file's order, its button doing what its kind does; the schema holds the
    // file to phone, e-mail and chat once each (content-schema.ts, contactPageSchema).
    const methods = section(page, "contactmogelijkheden").getByRole("listitem");
    await expect(methods).toHaveCount(contact.methods.length);
    for (const [index, method] of contact.methods.entries()) {
      const link = methods.nth(index).getByRole("link");
      await expect(methods.nth(index).getByRole("heading", { level: 3 })).toHaveText(method.title);
      if (method.kind === "phone") await expect(link).toHaveAttribute("href", `tel:${company.phones.regular.e164}`);
      if (method.kind === "email") await expect(link).toHaveAttribute("href", `mailto:${company.email}`);
      if (method.kind === "chat") {
        await expect(link).toHaveAttribute("target", "_blank");
        expect(new URL((await link.getAttribute("href")) ?? "").searchParams.get("text")).toBe(company.chat.general);
      }
    }

    const details = section(page, "gegevens");
    for (const value of [company.legalName, company.address.street, company.address.postalCode, company.address.city, company.kvk, facts.insuranceAmount]) {
      await expect(details).toContainText(value);
    }
    // The opening hours of company.json, day by day, with the 24/7 note.
    const hours = await details.getByRole("table").getByRole("row").evaluateAll((rows) => rows.map((row) => row.textContent?.trim()));
    expect(hours).toEqual(company.openingHours.map((row) => `${row.day}${row.hours}`));
    await expect(details).toContainText("24/7");

    const area = section(page, "werkgebied");
    await expect(area.getByRole("link")).toHaveCount(company.towns.length);
    await expect(area).toContainText(contact.area.note);

    const form = page.locator("#offerte-formulier");
    await expect(form.getByRole("heading", { level: 2 })).toHaveText(contact.contactForm.title);
    await expect(form).toContainText(contact.contactForm.subtitle);
    await expect(form.getByRole("button", { name: "Gratis Offerte Aanvragen" })).toBeVisible();

    const faq = section(page, "veelgestelde-vragen");
    await expect(faq.locator("details")).toHaveCount(contact.faq.items.length);

    const route = section(page, "route");
    await expect(route).toContainText(contact.location.text);
    for (const item of contact.location.items) await expect(route).toContainText(item.text);
  });

  test("the office map loads only when asked", async ({ page }) => {
    await openHydrated(page, "/contact");
    const requests: string[] = [];
    await page.route("https://www.google.com/**", (route) => {
      requests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "<p>kaart</p>" });
    });
    const route = section(page, "route");
    await expect(route.locator("iframe")).toHaveCount(0);
    await route.getByRole("button", { name: "Kaart laden" }).click();
    await expect(route.locator("iframe")).toHaveAttribute("src", new RegExp(encodeURIComponent(company.address.street)));
    await expect.poll(() => requests.length, every100ms).toBeGreaterThan(0);
  });
});

test.describe("/offerte", () => {
  const quote = contentFile(contentTypes.QuotePageJson);

  test("the hero's anchor link reaches the form, which carries id offerte-formulier", async ({ page }) => {
    await openHydrated(page, "/offerte");
    const hero = page.locator("section[aria-labelledby='hero-titel']");
    await expect(hero.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("target", "_blank");
    const anchor = hero.getByRole("link", { name: "Naar het offerteformulier" });
    await expect(anchor).toHaveAttribute("href", "#offerte-formulier");
    await anchor.click();
    await expect(page).toHaveURL(/#offerte-formulier$/);
    await expect(page.locator("section#offerte-formulier h2")).toBeInViewport();
  });

  test("four benefits, six services with the quote page's prices, four steps, statistics and the emergency banner", async ({ page }) => {
    await openHydrated(page, "/offerte");
    // The schema holds the file to four benefits and six services, as the rows show them (content-schema.ts, quotePageSchema).
    await expect(section(page, "voordelen").getByRole("listitem")).toHaveCount(quote.benefits.items.length);

    // The quote page's own prices, not the service pages' (docs/requirements.md, 'Facts that pages state differently on
    // purpose'; tests/content/requirements.test.ts checks the figures), each card linking to its service.
    const cards = section(page, "prijzen").getByRole("article");
    await expect(cards).toHaveCount(quote.services.items.length);
    for (const [index, { service: slug, price }] of quote.services.items.entries()) {
      await expect(cards.nth(index)).toContainText(price);
      await expect(cards.nth(index).getByRole("link")).toHaveAttribute("href", `/diensten/${slug}`);
    }

    await expect(section(page, "werkwijze").getByRole("listitem")).toHaveCount(4);
    await expect(page.getByRole("list", { name: `${company.name} in cijfers` })).toContainText(`${company.customers}+`);
    const banner = section(page, "spoed");
    await expect(banner.getByRole("link", { name: `Bel de spoedlijn ${company.phones.emergency.display}` })).toHaveAttribute(
      "href",
      `tel:${company.phones.emergency.e164}`,
    );
  });
});

test.describe("/reviews", () => {
  const reviewsPage = contentFile(contentTypes.ReviewsPageJson);
  // A card is the review (a figure) with its "Nuttig" vote beside it.
  const cardsOf = (page: Page) => section(page, "alle-reviews").getByRole("list", { name: "Reviews van klanten" }).getByRole("listitem");

  test("the company's rating and review count, the distribution, aspects, platforms and the first detailed reviews", async ({ page }) => {
    await openHydrated(page, "/reviews");
    const rating = section(page, "beoordeling");
    await expect(rating).toContainText(facts.rating);
    await expect(rating).toContainText(`${company.rating.count} reviews`);
    const distribution = await page
      .getByRole("definition")
      .filter({ hasText: "%" })
      .evaluateAll((values) => values.map((value) => value.textContent?.trim()));
    expect(distribution).toEqual(reviewsPage.distribution.map((row) => `${row.percent}%`));
    for (const aspect of reviewsPage.aspects.items) await expect(rating.getByText(aspect.name).first()).toBeVisible();
    await expect(section(page, "platforms").getByRole("listitem")).not.toHaveCount(0);

    const cards = cardsOf(page);
    await expect(cards).toHaveCount(reviewsPage.reviews.pageSize);
    for (const [index, slug] of reviewsPage.reviews.featured.entries()) {
      const review = reviews.find((item) => item.slug === slug);
      if (!review) throw new Error(`reviews-page.json features ${slug}, which content/reviews/ lacks`);
      const card = cards.nth(index);
      await expect(card.getByRole("img", { name: `${review.rating} van de 5 sterren` })).toBeVisible();
      for (const text of [review.name, review.location, review.service, review.projectType]) await expect(card).toContainText(text);
      await expect(card.locator("blockquote")).toContainText(review.text);
      await expect(card).toContainText(/\d{1,2} \w+ 20\d\d/);
      if (review.verified) await expect(card).toContainText("Geverifieerde klant");
      if (review.wouldRecommend) await expect(card).toContainText("Zou ons aanbevelen");
      await expect(card.getByRole("button", { name: new RegExp(`^Nuttig \\(${review.helpful}\\)`) })).toBeVisible();
    }
  });

  test("'Meer reviews' shows the further reviews from content, then says all are shown", async ({ page }) => {
    await openHydrated(page, "/reviews");
    const cards = cardsOf(page);
    const { pageSize } = reviewsPage.reviews;
    const more = page.getByRole("button", { name: /^Meer reviews/ });
    await expect(more).toHaveText(`Meer reviews (${reviews.length - pageSize})`);
    await more.click();
    await expect(cards).toHaveCount(Math.min(2 * pageSize, reviews.length));
    await expect(page.locator(":focus")).toContainText(await cards.nth(pageSize).locator("figcaption strong").innerText());
    while (await more.isVisible()) await more.click();
    await expect(cards).toHaveCount(reviews.length);
    await expect(page.getByRole("status").filter({ hasText: `Alle ${reviews.length} reviews` })).toBeVisible();
  });

  test("'Nuttig' counts the visitor's vote once, says so, and keeps it after a reload", async ({ page }) => {
    await openHydrated(page, "/reviews");
    const first = reviews.find((review) => review.slug === reviewsPage.reviews.featured[0]);
    if (!first) throw new Error("the first featured review is missing");
    const button = cardsOf(page).first().getByRole("button", { name: /^Nuttig/ });
    await expect(button).toHaveAttribute("aria-pressed", "false");
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await expect(button).toContainText(`Nuttig (${first.helpful + 1})`);
    await expect(cardsOf(page).first()).toContainText("uw stem telt één keer en is bewaard in deze browser");

    await page.reload();
    await waitForHydration(page);
    const again = cardsOf(page).first().getByRole("button", { name: /^Nuttig/ });
    await expect(again).toHaveAttribute("aria-pressed", "true");
    await expect(again).toContainText(`Nuttig (${first.helpful + 1})`);
    await again.click();
    await expect(again).toContainText(`Nuttig (${first.helpful})`);
    await expect(again).toHaveAttribute("aria-pressed", "false");
  });
});

test.describe("/privacy and /algemene-voorwaarden", () => {
  const legalSource = (slug: string) => fs.readFileSync(path.join("content", "legal", `${slug}.md`), "utf8");
  /** The title in a legal file's frontmatter, a quoted string. */
  const legalTitle = (slug: string): string => JSON.parse(/^title: (.*)$/m.exec(legalSource(slug))?.[1] ?? '""');
  /** The "## " headings of a legal file's Markdown, as the page shows them. */
  const legalHeadings = (slug: string) => [...legalSource(slug).matchAll(/^## (.+)$/gm)].map((match) => match[1].trim());

  // What the texts say is content/legal/'s (tests/content/requirements.test.ts checks the terms docs/requirements.md
  // lists); the page shows the file's title and its Markdown as headings and tables, with the facts filled in.
  test("the privacy statement shows its title, its tables and the company's KvK number, and links back home", async ({ page }) => {
    await openHydrated(page, "/privacy");
    const main = page.locator("main");
    await expect(page.locator("h1")).toHaveText(legalTitle("privacy"));
    await expect(main.getByRole("table").first().getByRole("row").first()).toBeVisible();
    await expect(main).toContainText(company.kvk);
    await expect(main.getByRole("link", { name: "Terug naar de homepage" })).toHaveAttribute("href", "/");
  });

  test("the terms show their title and each article's heading, and link back home", async ({ page }) => {
    await openHydrated(page, "/algemene-voorwaarden");
    const main = page.locator("main");
    await expect(page.locator("h1")).toHaveText(legalTitle("algemene-voorwaarden"));
    expect(await main.locator("h2").allInnerTexts()).toEqual(legalHeadings("algemene-voorwaarden"));
    await expect(main.getByRole("link", { name: "Terug naar de homepage" })).toHaveAttribute("href", "/");
  });
});

test.describe("/projecten", () => {
  const projectsPage = contentFile(contentTypes.ProjectsPageJson);
  // The projects in their order on the page: the page's query sorts them by `order`.
  const projects = contentRecords(contentTypes.ProjectsJson).sort(byOrder);
  const overview = (page: Page) => section(page, "overzicht").getByRole("article");

  test("every project, featured ones large, each with location, type, year, duration, services and the client's words", async ({ page }) => {
    await openHydrated(page, "/projecten");
    const hero = page.locator("section[aria-labelledby='hero-titel']");
    await expect(hero.getByRole("link", { name: "Bekijk alle projecten" })).toHaveAttribute("href", "#overzicht");
    const featured = section(page, "uitgelicht").getByRole("article");
    await expect(featured).toHaveCount(projects.filter((project) => project.featured).length);
    const width = (card: Locator) => card.evaluate((element) => element.clientWidth);
    const [featuredWidth, gridWidth] = await Promise.all([width(featured.first()), width(overview(page).first())]);
    expect(featuredWidth).toBeGreaterThan(gridWidth * 1.5);

    await expect(overview(page)).toHaveCount(projects.length);
    for (const [index, project] of projects.entries()) {
      const card = overview(page).nth(index);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(project.title);
      for (const text of [project.location, String(project.year), project.duration]) await expect(card).toContainText(text);
      await card.getByText("Lees het verhaal van dit project").click();
      await expect(card.getByRole("list", { name: "Uitgevoerde diensten" }).getByRole("link").first()).toHaveAttribute("href", /^\/diensten\//);
      await expect(card.locator("figcaption")).toHaveText(project.quote.name);
      await expect(card.getByRole("slider")).toHaveCount(1);
    }
  });

  test("the category row filters, with counts and aria-pressed, and keeps the choice in the URL", async ({ page }) => {
    await openHydrated(page, "/projecten");
    const row = page.getByRole("list", { name: "Filter projecten op categorie" }).getByRole("button");
    // docs/requirements.md, 'Page by page': All 6, Monumental, Business roofs, Emergency, New build, Insulation, Gutters.
    // The categories in the filter's order (projectCategories), labelled as projects-page.json labels them.
    const count = (key: ProjectCategory) => projects.filter((project) => project.categories.includes(key)).length;
    await expect(row).toHaveText([
      `${projectsPage.overview.allLabel} (${projects.length})`,
      ...projectCategories.map((key) => `${projectsPage.overview.categories[key]} (${count(key)})`),
    ]);
    await expect(row.first()).toHaveAttribute("aria-pressed", "true");

    const insulation = row.filter({ hasText: projectsPage.overview.categories.isolatie });
    await insulation.click();
    await expect(insulation).toHaveAttribute("aria-pressed", "true");
    await expect(row.first()).toHaveAttribute("aria-pressed", "false");
    await expect(page).toHaveURL(/\/projecten\?categorie=isolatie$/);
    const insulated = projects.filter((project) => project.categories.includes("isolatie"));
    await expect(overview(page).getByRole("heading", { level: 3 })).toHaveText(insulated.map((project) => project.title));
    await expect(page.getByRole("status").filter({ hasText: `${insulated.length} projecten` })).toBeVisible();

    await page.reload();
    await waitForHydration(page);
    await expect(row.filter({ hasText: projectsPage.overview.categories.isolatie })).toHaveAttribute("aria-pressed", "true");
    await expect(overview(page)).toHaveCount(insulated.length);

    await row.filter({ hasText: projectsPage.overview.allLabel }).click();
    await expect(overview(page)).toHaveCount(projects.length);
    await expect(page).toHaveURL(/\/projecten$/);
  });

  test("before and after compare on one image, by keyboard", async ({ page }) => {
    await openHydrated(page, "/projecten");
    const slider = section(page, "uitgelicht").getByRole("slider").first();
    await expect(slider).toHaveAccessibleName(new RegExp(`^${projects[0].title}: schuif`));
    await expect(slider).toHaveValue("50");
    await slider.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveValue("70");
    await page.keyboard.press("ArrowLeft");
    await expect(slider).toHaveValue("60");
  });
});
