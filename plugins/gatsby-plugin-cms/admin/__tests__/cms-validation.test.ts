import fs from "node:fs";
import path from "node:path";
import { cmsLabels } from "../../labels";
import type { z } from "zod";
import { entryLinkProblems, entryProblems, entrySchema, entryType, emptyOptionalBlocks, schemaByFields } from "../cms-validation";
import { readContentFolder } from "../../../gatsby-plugin-content/content-files";
import { recordReader } from "../../../gatsby-plugin-content/cross-file";
import { blogPostSchema, contentTypes, markdownCollections, toJsonSchema } from "../../../gatsby-plugin-content/content-schema";
import { facts, towns } from "../../../../scripts/lib/content/content";

const contentDir = path.resolve(__dirname, "../../../../content");
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(contentDir, file), "utf8")) as Record<string, unknown>;
const service = () => read("services/daklekkage.json");

describe("entrySchema", () => {
  it("finds the schema of a folder's entry, a top-level file and an article", () => {
    expect(entrySchema("services", "daklekkage", true)).toBe(contentTypes.ServicesJson);
    expect(entrySchema("pages", "quote-page", false)).toBe(contentTypes.QuotePageJson);
    expect(entrySchema("blog", "daklekkage-amsterdam", true)).toBe(blogPostSchema);
  });
});

describe("entryType", () => {
  it("names the content type of a folder's entry and a top-level file, and none for an article", () => {
    expect(entryType("towns", "zaandam", true)).toBe("TownsJson");
    expect(entryType("pages", "quote-page", false)).toBe("QuotePageJson");
    expect(entryType("blog", "daklekkage-amsterdam", true)).toBeUndefined();
  });
});

describe("entryLinkProblems", () => {
  const { records } = readContentFolder(contentDir);
  const town = towns.find((candidate) => candidate.slug === "zaandam");
  if (!town) throw new Error("content/towns/ has no zaandam.json");
  const [first, second] = town.reviews.featured;
  const withReview = (slug: string, changes: Record<string, unknown>) =>
    recordReader(records.map((record) => (record.data.slug === slug && record.type === "ReviewsJson" ? { ...record, data: { ...record.data, ...changes } } : record)));

  it("passes a saved town", () => {
    expect(entryLinkProblems("TownsJson", town, recordReader(records), cmsLabels)).toEqual([]);
  });

  it("refuses a town featuring a four-star review or another town's, or a review that does not exist, in Dutch", () => {
    const changed = { ...town, reviews: { ...town.reviews, featured: [first, "review-bestaat-niet"] } };
    expect(entryLinkProblems("TownsJson", changed, withReview(first, { rating: 4 }), cmsLabels)).toEqual([
      expect.stringMatching(/nr\. 1: noemt "[a-z-]+", maar een plaatspagina toont alleen reviews met vijf sterren uit die plaats zelf$/),
      expect.stringMatching(/nr\. 2: noemt "review-bestaat-niet", maar dat bestaat niet$/),
    ]);
    expect(entryLinkProblems("TownsJson", town, withReview(second, { location: "Haarlem" }), cmsLabels)).toEqual([
      expect.stringMatching(/nr\. 2: noemt "[a-z-]+", maar een plaatspagina toont alleen reviews met vijf sterren uit die plaats zelf$/),
    ]);
  });
});

describe("schemaByFields", () => {
  const fieldsOf = (schema: z.ZodType) => Object.keys(toJsonSchema(schema).properties ?? {});

  it("finds each schema by its fields, with or without a Markdown body", () => {
    for (const schema of Object.values(contentTypes)) expect(schemaByFields(fieldsOf(schema))).toBe(schema);
    for (const schema of Object.values(markdownCollections)) expect(schemaByFields([...fieldsOf(schema), "body"])).toBe(schema);
    expect(schemaByFields(["title", "onbekend"])).toBeUndefined();
  });
});

describe("emptyOptionalBlocks", () => {
  it("finds an optional block left empty, not a required one", () => {
    const data = { ...service(), materials: { title: "", intro: "", options: [] }, faq: { title: "", items: [] } };
    expect(emptyOptionalBlocks(contentTypes.ServicesJson, data)).toEqual([["materials"]]);
  });

  it("finds nothing in a saved file", () => {
    expect(emptyOptionalBlocks(contentTypes.ServicesJson, service())).toEqual([]);
  });
});

describe("entryProblems", () => {
  it("passes every content file", () => {
    expect(entryProblems(contentTypes.ServicesJson, service(), cmsLabels, facts)).toEqual([]);
    expect(entryProblems(contentTypes.ReviewsPageJson, read("reviews-page.json"), cmsLabels, facts)).toEqual([]);
  });

  it("names a block filled in half, in the CMS's Dutch labels", () => {
    const data = { ...service(), materials: { title: "Materialen", intro: "", options: [] } };
    expect(entryProblems(contentTypes.ServicesJson, data, cmsLabels)).toEqual([
      "Materialen › Inleiding: mag niet leeg zijn",
      "Materialen › Keuzes: moet minstens 2 onderdelen hebben",
    ]);
  });

  it("names the schema's own rules and the patterns in Dutch", () => {
    const page = read("reviews-page.json");
    const distribution = (page.distribution as { stars: number; percent: number }[]).map((row, index) => (index === 0 ? { ...row, percent: row.percent + 1 } : row));
    expect(entryProblems(contentTypes.ReviewsPageJson, { ...page, distribution }, cmsLabels)).toEqual([
      "Verdeling van de sterren: de percentages moeten samen 100 zijn",
    ]);
    expect(entryProblems(contentTypes.ServicesJson, { ...service(), slug: "Dak Lekkage" }, cmsLabels)).toEqual([
      "Adres (slug): Alleen kleine letters, cijfers en streepjes.",
    ]);
  });

  it("holds editors to what the pages need of content, in Dutch", () => {
    const town = read("towns/haarlem.json");
    expect(entryProblems(contentTypes.TownsJson, { ...town, hero: { ...(town.hero as object), title: "Uw dakdekker in de regio" } }, cmsLabels)).toEqual([
      `${cmsLabels.fields.hero} › ${cmsLabels.fields.title}: moet de naam van de plaats noemen: op die kop vindt wie een dakdekker in die plaats zoekt de pagina`,
    ]);
    const contact = read("contact-page.json");
    const [phone, email] = contact.methods as object[];
    expect(entryProblems(contentTypes.ContactPageJson, { ...contact, methods: [phone, email, phone] }, cmsLabels)).toEqual([
      `${cmsLabels.fields.methods}: noem elke soort één keer: telefoon, e-mail en chat`,
    ]);
    expect(entryProblems(contentTypes.ServicesJson, { ...service(), image: "../images/foto.avif", imageAlt: "Dak", seo: { title: "Daklekkage", description: "Kort." } }, cmsLabels)).toEqual([
      `${cmsLabels.fields.image}: ${cmsLabels.patterns["\\.(jpe?g|png|webp)$"]}`,
      `${cmsLabels.fields.imageAlt}: ${cmsLabels.patterns["^[\\s\\S]{10,}$"]}`,
      `${cmsLabels.fields.seo} › ${cmsLabels.fields.description}: ${cmsLabels.patterns["^[\\s\\S]{51,}$"]}`,
    ]);
  });

  it("names a fact reference that names no fact, in a field or in an article's text", () => {
    const data = { ...service(), price: "Vanaf {price:daklek}" };
    expect(entryProblems(contentTypes.ServicesJson, data, cmsLabels, facts)).toEqual(["Prijs: noemt {price:daklek}, maar dat feit bestaat niet"]);
    const article = { title: "Titel", excerpt: "Wat u doet bij een lekkend dak, wat het kost en wanneer u ons belt.", date: "2026-01-31", category: "Onderhoud", image: "../images/home-hero.jpg", imageAlt: "Pannendak in de regen" };
    expect(entryProblems(blogPostSchema, article, cmsLabels, facts, "Bel {telefoon}.")).toEqual(["Tekst: noemt {telefoon}, maar dat feit bestaat niet"]);
  });

  it("refuses markup content may not carry, in an article's text or in any field, saying what in Dutch", () => {
    const article = { title: "Titel", excerpt: "Wat u doet bij een lekkend dak, wat het kost en wanneer u ons belt.", date: "2026-01-31", category: "Onderhoud", image: "../images/home-hero.jpg", imageAlt: "Pannendak in de regen" };
    expect(entryProblems(blogPostSchema, article, cmsLabels, facts, "Tekst\n\n<script>window.__pwned=1</script>\n\n[link](javascript:alert(1))")).toEqual([
      `Tekst: ${cmsLabels.messages.unsafeMarkup.replace("{found}", '<script>, href="javascript:alert(1)" on <a>')}`,
    ]);
    expect(entryProblems(blogPostSchema, { ...article, excerpt: `${article.excerpt} <img src="x" onerror="alert(1)">` }, cmsLabels, facts, "Gewone **tekst**.")).toEqual([
      `${cmsLabels.fields.excerpt ?? "excerpt"}: ${cmsLabels.messages.unsafeMarkup.replace("{found}", "<img>")}`,
    ]);
    expect(cmsLabels.messages.unsafeMarkup).toMatch(/^bevat \{found\}; scripts/);
  });

  it("refuses markup a browser builds where a lenient parser reads a comment, and the comment, naming both in Dutch", () => {
    const article = { title: "Titel", excerpt: "Wat u doet bij een lekkend dak, wat het kost en wanneer u ons belt.", date: "2026-01-31", category: "Onderhoud", image: "../images/home-hero.jpg", imageAlt: "Pannendak in de regen" };
    const body = 'Tekst\n\n<![CDATA[ ><meta http-equiv="refresh" content="0;url=https://example.com"> ]]>';
    expect(entryProblems(blogPostSchema, article, cmsLabels, facts, body)).toEqual([`Tekst: ${cmsLabels.messages.unsafeMarkup.replace("{found}", "<![CDATA[ >, <meta>")}`]);
    expect(entryProblems(blogPostSchema, { ...article, title: "Titel <![CDATA[ ><b>vet</b> ]]>" }, cmsLabels, facts, "Tekst")).toEqual([
      `${cmsLabels.fields.title ?? "title"}: ${cmsLabels.messages.unsafeMarkup.replace("{found}", "<![CDATA[ >, <b>")}`,
    ]);
  });
});
