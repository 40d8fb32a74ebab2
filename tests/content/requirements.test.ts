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
import { factsFrom, fillFacts } from "../../plugins/gatsby-plugin-content/facts";

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

/** docs/requirements.md: the form's reply within 2 hours on town pages ('Facts that pages state differently on purpose'); Hoofddorp ends with a call block ('Page by page'). */
test.each(routeTableSlugs("/dakdekker-{town}"))("%s promises a reply within 2 hours; only Hoofddorp has a closing call block", (slug) => {
  const town = townFile(slug);
  expect(town.contactForm.subtitle).toContain("2 uur");
  expect(Boolean(town.closing)).toBe(slug === "hoofddorp");
});
