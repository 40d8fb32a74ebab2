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

  it("holds a link's address to the site or the web, naming no fact: a fact is filled in as text, not escaped for a URL", () => {
    const navigation = read("navigation.json");
    navigation.main[0].href = `${navigation.main[0].href}{name}`;
    navigation.legal[0].href = "{email}";
    navigation.legal[1].href = "javascript:alert(1)";
    const fields = validateContent("content/navigation.json", "NavigationJson", navigation).map((problem) => problem.field);
    expect(fields).toEqual(["main[0].href", "legal[0].href", "legal[1].href"]);
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
    excerpt: "Wat u doet bij een lek, wat het kost en wanneer u ons belt.",
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

/**
 * What the pages' layout and search results need of content, each refused
 * naming file and field: the content check, the build and the CMS read the
 * same schema (the CMS words each in Dutch: plugins/gatsby-plugin-cms/admin/__tests__/cms-validation.test.ts).
 */
describe("rules the pages need of content", () => {
  const problemsOf = (file: string, change: (data: ReturnType<typeof read>) => void) => {
    const data = read(file);
    change(data);
    return validateContent(file, contentTypeFor(file), data);
  };

  it("a town page's heading names the town", () => {
    expect(problemsOf("towns/haarlem.json", (town) => (town.hero.title = "Uw dakdekker in de regio"))).toEqual([
      {
        file: "towns/haarlem.json",
        field: "hero.title",
        message: "must name the town (its name): a town page's heading is what a search for a roofer in that town finds",
      },
    ]);
  });

  it.each([
    ["about-page.json", ["team", "members"], "must be three people: the owner and head roofer, the project manager and the emergency specialist, in one row of three"],
    ["emergency-page.json", ["services", "items"], "must list four emergency services: they stand in one row of four"],
    ["emergency-page.json", ["experiences", "featured"], "must name three reviews: they stand in one row of three"],
    ["contact-page.json", ["methods"], "must list three ways to reach the company: phone, e-mail and chat"],
    ["quote-page.json", ["benefits", "items"], "must list four benefits: they stand in one row of four"],
    ["quote-page.json", ["services", "items"], "must list six services: the cards stand in two full rows of three"],
    ["home.json", ["services", "featured"], "must name six services: the cards stand in two full rows of three"],
    ["home.json", ["reviews", "featured"], "must name three reviews: they stand in one row of three"],
  ])("%s %j holds as many as its row shows, no fewer and no more", (file, field, message) => {
    const list = (data: ReturnType<typeof read>): unknown[] => field.reduce((node, key) => node[key], data);
    const expected = [{ file, field: field.join("."), message }];
    expect(problemsOf(file, (data) => list(data).pop())).toEqual(expected);
    expect(problemsOf(file, (data) => list(data).push(list(data)[0]))).toEqual(expected);
  });

  it("the contact page lists each way to reach the company once", () => {
    expect(problemsOf("contact-page.json", (page) => (page.methods[2].kind = "phone"))).toEqual([
      { file: "contact-page.json", field: "methods", message: "must list each kind once: phone, e-mail and chat" },
    ]);
  });

  it("a page's search description, and an article's or a legal text's excerpt, is more than a few words", () => {
    const short = "Dakdekker in Amsterdam.";
    const message = "must be at least 51 characters: search results and link previews show it under the page's title";
    expect(problemsOf("services/daklekkage.json", (service) => (service.seo.description = short))).toEqual([
      { file: "services/daklekkage.json", field: "seo.description", message },
    ]);
    const article = { title: "Daklekkage", excerpt: short, date: "2026-03-12", category: "Daklekkage", image: "../images/dienst-daklekkage.jpg", imageAlt: "Pannendak in de regen" };
    expect(validateWith("blog/a.md", blogPostSchema, article)).toEqual([{ file: "blog/a.md", field: "excerpt", message }]);
    expect(validateWith("legal/privacy.md", markdownCollections.legal, { title: "Privacy", excerpt: short, date: "2026-01-31" })).toEqual([
      { file: "legal/privacy.md", field: "excerpt", message },
    ]);
  });

  it("a page's link-preview image is no AVIF, and its alt text describes it", () => {
    const avif = "must be a .jpg, .png or .webp image: it is the page's link preview, and link previews do not show AVIF";
    const alt = "must be at least 10 characters: it describes the page's link-preview picture to those who cannot see it";
    expect(
      problemsOf("home.json", (home) => {
        home.hero.image = "../images/home-hero.avif";
        home.hero.imageAlt = "Dak";
      }),
    ).toEqual([
      { file: "home.json", field: "hero.image", message: avif },
      { file: "home.json", field: "hero.imageAlt", message: alt },
    ]);
    for (const [file, field] of [
      ["services/daklekkage.json", "image"],
      ["towns/haarlem.json", "image"],
      ["about-page.json", "image"],
      ["emergency-page.json", "image"],
    ] as const) {
      expect(problemsOf(file, (data) => (data[field] = "../images/foto.avif"))).toEqual([{ file, field, message: avif }]);
    }
    expect(problemsOf("projects/stormschade-haarlem.json", (project) => (project.after.image = "../images/foto.avif"))).toEqual([
      { file: "projects/stormschade-haarlem.json", field: "after.image", message: avif },
    ]);
    // An image that is no page's link preview may be AVIF.
    expect(problemsOf("projects/stormschade-haarlem.json", (project) => (project.before.image = "../images/foto.avif"))).toEqual([]);
  });
});
