import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import {
  blogPostSchema,
  contentTypeFor,
  contentTypes,
  fieldPath,
  formatProblem,
  linksIn,
  markdownCollections,
  parseContentFile,
  validateContent,
  validateWith,
  valuesAt,
} from "../content-schema";
import { listFiles } from "../content-files";

const contentDir = path.resolve(__dirname, "../../../content");
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(contentDir, file), "utf8"));


describe("contentTypeFor", () => {
  it("names top-level files after themselves and folder files after their folder", () => {
    expect(contentTypeFor("company.json")).toBe("CompanyJson");
    expect(contentTypeFor("reviews/review-sanne-bakker.json")).toBe("ReviewsJson");
    expect(contentTypeFor("services/daklekkage.json")).toBe("ServicesJson");
  });
});

describe("validateContent", () => {
  it.each(listFiles(contentDir).filter((file) => file.endsWith(".json")))("accepts content/%s", (file) => {
    expect(validateContent(file, contentTypeFor(file), read(file))).toEqual([]);
  });

  it("names the file and the nested field that is missing", () => {
    const company = read("company.json");
    delete company.phones.emergency;
    const problems = validateContent("content/company.json", "CompanyJson", company);
    expect(problems).toEqual([
      { file: "content/company.json", field: "phones.emergency", message: "is missing (expected object)" },
    ]);
    expect(formatProblem(problems[0])).toBe(
      'Content error in content/company.json: field "phones.emergency" is missing (expected object)',
    );
  });

  it("names the file and the wrongly typed field", () => {
    const review = read("reviews/review-sanne-bakker.json");
    review.rating = "vijf";
    expect(validateContent("content/reviews/review-sanne-bakker.json", "ReviewsJson", review)).toEqual([
      { file: "content/reviews/review-sanne-bakker.json", field: "rating", message: "must be number, not \"vijf\"" },
    ]);
  });

  it("rejects empty text, unknown icons and misspelled field names", () => {
    const home = read("home.json");
    home.hero.title = "  ";
    home.trustBadges[0].icon = "rocket";
    home.map.plaats = home.map.place;
    const fields = validateContent("content/home.json", "HomeJson", home).map((problem) => problem.field);
    expect(fields).toEqual(expect.arrayContaining(["hero.title", "trustBadges[0].icon", "map"]));
  });

  it("checks formats that visitors rely on", () => {
    const company = read("company.json");
    company.address.postalCode = "1013AB-X";
    company.phones.regular.e164 = "020 123";
    const fields = validateContent("content/company.json", "CompanyJson", company).map((problem) => problem.field);
    expect(fields).toEqual(["phones.regular.e164", "address.postalCode"]);
  });

  it("refuses a file of an unknown type", () => {
    expect(validateContent("content/extra.json", "ExtraJson", {})[0].message).toMatch(/not a known content type/);
  });
});

describe("parseContentFile", () => {
  it("reports invalid JSON as a problem of the file", () => {
    const { problem } = parseContentFile("content/home.json", '{ "seo": ');
    expect(problem?.field).toBe("(file)");
    expect(problem?.message).toMatch(/is not valid JSON/);
  });
});

describe("valuesAt", () => {
  it("finds slugs in lists and in list items, naming where each was found", () => {
    const town = {
      prices: { services: ["daklekkage", "pannendak"] },
      highlights: { items: [{ service: "daklekkage", text: "a" }, { service: "dakisolatie", text: "b" }] },
    };
    expect(valuesAt(town, ["prices", "services"])).toEqual([
      { path: ["prices", "services", 0], value: "daklekkage" },
      { path: ["prices", "services", 1], value: "pannendak" },
    ]);
    expect(valuesAt(town, ["highlights", "items", "service"]).map(({ path, value }) => [fieldPath(path), value])).toEqual([
      ["highlights.items[0].service", "daklekkage"],
      ["highlights.items[1].service", "dakisolatie"],
    ]);
    expect(valuesAt(town, ["closing", "title"])).toEqual([]);
  });
});

describe("linksIn", () => {
  const links = Object.entries(contentTypes).flatMap(([type, schema]) =>
    linksIn(schema).map(({ field, link }) => `${type} ${field.join(".")} -> ${link.target} by ${link.by}${link.where ? " where" : ""}`),
  );

  it("finds every reference where its field declares it, through objects, lists and optional blocks", () => {
    expect(links.sort()).toEqual(
      [
        "EmergencyPageJson experiences.featured -> ReviewsJson by slug",
        "HomeJson reviews.featured -> ReviewsJson by slug",
        "HomeJson services.featured -> ServicesJson by slug",
        "ProjectsJson services -> ServicesJson by slug",
        "QuotePageJson services.items.service -> ServicesJson by slug",
        "ReviewsPageJson reviews.featured -> ReviewsJson by slug",
        "TownsJson highlights.items.service -> ServicesJson by slug",
        "TownsJson prices.services -> ServicesJson by slug",
        "TownsJson reviews.featured -> ReviewsJson by slug where",
      ].sort(),
    );
  });

  it("points every link at a content type", () => {
    for (const { link } of Object.values(contentTypes).flatMap((schema) => linksIn(schema))) expect(contentTypes).toHaveProperty(link.target);
  });

  it("holds a town's reviews to five stars from the town itself (docs/requirements.md, 'Page by page')", () => {
    const [{ link }] = linksIn(contentTypes.TownsJson).filter(({ field }) => field.join(".") === "reviews.featured");
    const town = { name: "Haarlem" };
    expect(link.where?.holds({ rating: 5, location: "Haarlem" }, town)).toBe(true);
    expect(link.where?.holds({ rating: 4, location: "Haarlem" }, town)).toBe(false);
    expect(link.where?.holds({ rating: 5, location: "Zaandam" }, town)).toBe(false);
  });
});

describe("Markdown frontmatter", () => {
  const files = Object.keys(markdownCollections).flatMap((collection) =>
    listFiles(path.join(contentDir, collection))
      .filter((file) => file.endsWith(".md"))
      .map((file) => `${collection}/${file}`),
  );

  it.each(files)("accepts content/%s", (file) => {
    const collection = file.split("/")[0] as keyof typeof markdownCollections;
    const { data } = matter(fs.readFileSync(path.join(contentDir, file), "utf8"));
    expect(validateWith(file, markdownCollections[collection], data)).toEqual([]);
  });
});

describe("blog frontmatter", () => {
  const article = {
    title: "Daklekkage in Amsterdam",
    excerpt: "Wat u doet bij een lek.",
    date: "2026-03-12",
    category: "Daklekkage",
    image: "../images/dienst-daklekkage.jpg",
    imageAlt: "Pannendak in de regen",
  };

  it("accepts an article's frontmatter and names the field of a wrong category or an unquoted date", () => {
    expect(validateWith("content/blog/a.md", blogPostSchema, article)).toEqual([]);
    const problems = validateWith("content/blog/a.md", blogPostSchema, { ...article, category: "Nieuws", date: new Date("2026-03-12") });
    expect(problems.map((problem) => problem.field).sort()).toEqual(["category", "date"]);
    expect(problems.find((problem) => problem.field === "category")?.message).toBe("must be one of: Daklekkage, Dakbedekking, Renovatie, Onderhoud");
  });
});
