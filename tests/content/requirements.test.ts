/** @jest-environment node */
/**
 * The fixed facts of docs/requirements.md, checked once against the content
 * that states them. Every other test reads its lists and figures from
 * content/, so a thirteenth town or a ninth service is one content file for
 * the tests too; this test only asks that what the requirements name is there.
 */
import fs from "node:fs";
import path from "node:path";
import { readContentRecords } from "../../plugins/gatsby-plugin-content/content-files";
import { contentTypes, recordsOf } from "../../plugins/gatsby-plugin-content/content-schema";
import { factsFrom, fillFacts, fillFactsDeep } from "../../plugins/gatsby-plugin-content/facts";

const root = path.resolve(__dirname, "../..");
const requirements = fs.readFileSync(path.join(root, "docs/requirements.md"), "utf8");

/** The slugs a row of the route table lists after its colon, as "`/diensten/{service}` | One of eight services: daklekkage, …". */
function routeTableSlugs(route: string): string[] {
  const row = requirements.split("\n").find((line) => line.startsWith(`| \`${route}\``));
  if (!row) throw new Error(`docs/requirements.md has no route ${route}`);
  return row.split("|")[2].split(":")[1].split(",").map((slug) => slug.trim());
}

const read = readContentRecords(path.join(root, "content"));
const towns = recordsOf(read, contentTypes.TownsJson);
const services = recordsOf(read, contentTypes.ServicesJson);
const facts = factsFrom(read);
const townFile = (slug: string) => towns.find((town) => town.slug === slug)!;

test("every town, service and article of the route table has its content file", () => {
  expect(towns.map((town) => town.slug)).toEqual(expect.arrayContaining(routeTableSlugs("/dakdekker-{town}")));
  expect(routeTableSlugs("/dakdekker-{town}")).toHaveLength(11);
  expect(services.map((service) => service.slug)).toEqual(expect.arrayContaining(routeTableSlugs("/diensten/{service}")));
  expect(routeTableSlugs("/diensten/{service}")).toHaveLength(8);
  const articles = fs.readdirSync(path.join(root, "content/blog")).map((file) => file.replace(/\.md$/, ""));
  expect(articles).toEqual(expect.arrayContaining(routeTableSlugs("/blog`, `/blog/{article}")));
});

/** docs/requirements.md, 'Figures': the starting prices as the service cards show them. */
test.each([
  ["daklekkage", "Vanaf € 150"],
  ["dakrenovatie", "Vanaf € 45 per m²"],
  ["bitumen-dak", "Vanaf € 35 per m²"],
  ["pannendak", "Vanaf € 55 per m²"],
  ["dakisolatie", "Vanaf € 25 per m²"],
  ["dakpannen-vervangen", "Vanaf € 8 per pan"],
  ["zinken-dakgoot", "Vanaf € 45 per m"],
  ["schoorsteen-renovatie", "Prijs op aanvraag"],
])("%s starts at the price of the requirements: %s", (slug, price) => {
  expect(fillFacts(services.find((service) => service.slug === slug)!.price, facts)).toBe(price);
});

/** docs/requirements.md, 'Figures' and 'Facts that pages state differently on purpose': 15 years warranty on work, on site usually within 2 hours. */
test("the company gives 15 years warranty and is usually on site within 2 hours", () => {
  const [company] = recordsOf(read, contentTypes.CompanyJson);
  expect(company.warrantyYears).toBe(15);
  expect(company.emergencyArrivalHours).toBe(2);
});

/**
 * docs/requirements.md, 'Facts that pages state differently on purpose' (response times): a reply within an hour
 * in opening hours, a call back within 15 minutes for a leak at any hour, at the latest within 24 hours, the quote
 * within 24 hours of the inspection. The texts state them through their facts (plugins/gatsby-plugin-content/__tests__/facts.test.ts).
 */
test("the company's reply targets are those of the requirements", () => {
  const [company] = recordsOf(read, contentTypes.CompanyJson);
  expect(company.replyTargets).toEqual({ openingMinutes: 60, emergencyMinutes: 15, promiseHours: 24, quoteHours: 24 });
});

/** docs/requirements.md, 'Facts that pages state differently on purpose': 25+ years on the zinc and chimney pages. */
test("the zinc gutter and chimney pages state their own 25 years of experience", () => {
  for (const slug of ["zinken-dakgoot", "schoorsteen-renovatie"]) expect(services.find((service) => service.slug === slug)!.experienceYears).toBe(25);
});

/**
 * docs/requirements.md: the review counts, town-page response times (1 hour
 * for Zwanenburg) and area travel times of 'Facts that pages state differently
 * on purpose', and the district lists of 'Page by page'.
 */
test.each([
  ["amsterdam", 80, "1-2 uur", "30-60 minuten"],
  ["amstelveen", 35, "1-2 uur", "45-90 minuten"],
  ["haarlem", 40, "1-2 uur", "60-90 minuten"],
  ["diemen", 25, "1-2 uur", undefined],
  ["zaandam", 45, "1-2 uur", "60-90 minuten"],
  ["purmerend", 30, "1-2 uur", undefined],
  ["hoofddorp", 35, "1-2 uur", "45-75 minuten"],
  ["zwanenburg", 15, "1 uur", undefined],
  ["badhoevendorp", 20, "1-2 uur", undefined],
  ["aalsmeer", 25, "1-2 uur", undefined],
  ["abcoude", 10, "1-2 uur", undefined],
])("%s: %i+ reviews, on site within %s, travel %s", (slug, reviews, response, travel) => {
  const town = townFile(slug);
  expect(town.reviews.count).toBe(reviews);
  const keyFacts = town.keyFacts.map((fact) => `${fillFacts(fact.value, facts)} ${fact.label}`).join(" | ");
  expect(keyFacts).toContain(`${reviews}+`);
  expect(keyFacts).toContain(response);
  expect(town.emergency.text).toContain(response);
  if (travel) expect(town.emergency.text).toContain(travel);
});

test.each([
  ["zaandam", ["Centrum", "West", "Oost", "Zuid", "Peldersveld", "Saendelft", "Hoornseveld", "Kogerveld"]],
  ["purmerend", ["Centrum", "Noord", "Zuid", "West", "Overwhere", "Wheermolen", "Gorsmannen", "Molenwijk"]],
  ["hoofddorp", ["Centrum", "Floriande", "Bornholm", "Graan voor Visch", "Toolenburg", "Overbos", "Kruisweg", "Meer en Bos"]],
  ["aalsmeer", ["Centrum", "Oost", "West", "Noord", "Calslagen", "Hornmeer", "Oosteinde", "Kudelstaart"]],
  ["zwanenburg", ["Centrum", "Noord", "Zuid", "West"]],
  ["badhoevendorp", ["Centrum", "Noord", "Zuid", "West"]],
  ["abcoude", ["Centrum", "Noord", "Zuid", "West"]],
])("%s lists the districts of the requirements", (slug, districts) => {
  expect(townFile(slug).districts.names).toEqual(districts);
});

/** docs/requirements.md, 'Page by page': highlights linking to five services, four services with prices. */
test.each(routeTableSlugs("/dakdekker-{town}"))("%s highlights five services and prices four of them, leak repair among them", (slug) => {
  const town = townFile(slug);
  expect(town.highlights.items.map((item) => item.service)).toEqual(["daklekkage", "dakrenovatie", "bitumen-dak", "pannendak", "dakisolatie"]);
  expect(town.prices.services).toHaveLength(4);
  expect(town.prices.services).toContain("daklekkage");
});

/** docs/requirements.md: the form's reply within the hour in opening hours on town pages too ('Facts that pages state differently on purpose'); Hoofddorp ends with a call block ('Page by page'). */
test.each(routeTableSlugs("/dakdekker-{town}"))("%s promises a reply within the reply target; only Hoofddorp has a closing call block", (slug) => {
  const town = townFile(slug);
  expect(town.contactForm.subtitle).toContain("tijdens openingstijden binnen {replyTargetHours} uur");
  expect(Boolean(town.closing)).toBe(slug === "hoofddorp");
});

/**
 * The figures and wording of docs/requirements.md that the e2e tests asserted
 * as literals: the pages show whatever their files say (tests/e2e reads it
 * there), and these say what the requirements name.
 */
const single = <S extends Parameters<typeof recordsOf>[1]>(schema: S) => fillFactsDeep(recordsOf(read, schema), facts)[0];

/** docs/requirements.md, 'Page by page': owner and head roofer, project manager, emergency specialist. */
test("the team is the owner and head roofer, the project manager and the emergency specialist", () => {
  const { team } = single(contentTypes.AboutPageJson);
  expect(team.members.map((member) => member.role)).toEqual([expect.stringMatching(/eigenaar/i), expect.stringMatching(/projectleider/i), expect.stringMatching(/spoed/i)]);
});

/**
 * docs/requirements.md, 'Figures': emergency covering from 200 within 1 hour; storm damage on request within 1 hour;
 * leaks on site typically within 2 hours; call-out and first inspection free. And the response times per area.
 */
test("the emergency page's services, prices and response times, and its area times", () => {
  const page = single(contentTypes.EmergencyPageJson);
  expect(page.services.items.map(({ name, price, responseTime }) => [name, price, responseTime])).toEqual([
    ["Noodafdichting", expect.stringContaining("€ 200"), expect.stringContaining("1 uur")],
    ["Stormschade", expect.stringContaining("op aanvraag"), expect.stringContaining("1 uur")],
    ["Daklekkage", expect.stringContaining("€ 150"), expect.stringContaining("2 uur")],
    ["Voorrijden en eerste inspectie", expect.stringContaining("gratis"), expect.stringContaining("spoedmelding")],
  ]);
  expect(page.areas.rows.map(({ area, time, priority }) => [area, time, priority])).toEqual([
    ["Amsterdam", "30-60 min", "Hoog"],
    ["Amstelveen", "45-90 min", "Hoog"],
    ["Hoofddorp", "45-75 min", "Gemiddeld"],
    ["Haarlem", "60-90 min", "Gemiddeld"],
    ["Zaandam", "60-90 min", "Gemiddeld"],
    ["Overige plaatsen", "90-120 min", "Standaard"],
  ]);
});

/** docs/requirements.md, 'Facts that pages state differently on purpose': the quote page's own prices. */
test("the quote page's services and their own prices", () => {
  const page = single(contentTypes.QuotePageJson);
  expect(page.services.items.map(({ service, price }) => [service, price])).toEqual([
    ["daklekkage", expect.stringContaining("€ 125")],
    ["dakrenovatie", expect.stringContaining("op aanvraag")],
    ["bitumen-dak", expect.stringContaining("€ 85 per m²")],
    ["pannendak", expect.stringContaining("€ 45 per m²")],
    ["dakisolatie", expect.stringContaining("€ 25 per m²")],
    ["zinken-dakgoot", expect.stringContaining("€ 35 per m")],
  ]);
});

/** docs/requirements.md, 'Page by page': the contact form titled "Stuur Ons Een Bericht", contact within the reply target, the route by car and parking, visits by appointment. */
test("the contact page's form title, its promise and the route", () => {
  const page = single(contentTypes.ContactPageJson);
  expect(page.contactForm.title).toBe("Stuur Ons Een Bericht");
  expect(page.contactForm.subtitle).toContain(fillFacts("tijdens openingstijden binnen {replyTargetHours} uur", facts));
  const route = [page.location.text, ...page.location.items.flatMap((item) => [item.title, item.text])].join(" ");
  for (const text of ["A10", "A4", "A2", /parkeer/i, /afspraak/i]) expect(route).toMatch(text);
});

/** The Markdown of a legal text, facts filled in as the page shows them. */
const legalText = (slug: string) => fillFacts(fs.readFileSync(path.join(root, "content/legal", `${slug}.md`), "utf8"), facts);

test("the privacy statement gives its retention periods and asks consent for cookies and analytics", () => {
  const text = legalText("privacy");
  // The table with a "Bewaartermijn" column: its rows, each a line starting with "|".
  const tables = text.split(/\n\s*\n/).filter((block) => block.trim().startsWith("|"));
  const rows = (tables.find((table) => table.includes("Bewaartermijn")) ?? "").split("\n");
  for (const [what, period] of [
    [/Offerte/i, /1 jaar na afwijzing/],
    [/Klant/i, /7 jaar na het laatste project/],
    [/Analytische/i, /14 maanden/],
    [/Cookie/i, /1 jaar/],
  ] as const) {
    expect(rows.find((row) => what.test(row))).toMatch(period);
  }
  expect(text.replace(/\s+/g, " ")).toMatch(/alleen .{0,40}toestemming/i);
});

/** docs/requirements.md, 'Page by page': the terms are articles 1 to 13, with the terms it lists. */
test("the terms are articles 1 to 13 with every term docs/requirements.md lists", () => {
  const text = legalText("algemene-voorwaarden");
  expect([...text.matchAll(/^## Artikel (\d+)/gm)].map((match) => match[1])).toEqual(Array.from({ length: 13 }, (_, index) => String(index + 1)));
  const flat = text.replace(/\s+/g, " ");
  for (const term of ["30 dagen", "exclusief btw", "3 werkdagen", "14 dagen", "€ 250", "15 jaar", "8 dagen", "€ 5.000", "1% rente per maand", "Nederlands recht", "rechtbank Amsterdam"]) {
    expect(flat).toContain(term);
  }
});

/**
 * docs/requirements.md, 'Facts that pages state differently on purpose': the articles state only the blog's own
 * prices: flat roof renovation 75 and tiled roof renovation 85 per m², bitumen 35 and EPDM 45 per m², maintenance
 * contracts 195 a year (repairs up to 150) and 295 a year (repairs up to 300).
 */
test.each(routeTableSlugs("/blog`, `/blog/{article}"))("the article %s states only the blog's prices", (slug) => {
  const text = fillFacts(fs.readFileSync(path.join(root, "content/blog", `${slug}.md`), "utf8"), facts);
  for (const [, amount] of text.matchAll(/€\s?(\d[\d.]*)/g)) expect(["75", "85", "35", "45", "195", "150", "295", "300"]).toContain(amount);
});
