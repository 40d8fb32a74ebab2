/** @jest-environment node */
/**
 * The checks across files, on the real content and on a twelfth town as an
 * editor would add it: a reference is declared once, in the schema (link in
 * content-schema.ts), with the condition the record it names must meet.
 */
import { contentDir } from "../content-dir";
import { readContentFolder } from "../content-files";
import { contentTypes, recordsOf } from "../content-schema";
import { brokenLinks, crossFileProblems, recordReader, type ContentRecord } from "../cross-file";

const { records } = readContentFolder(contentDir);
const read = recordReader(records);
const [model] = recordsOf(read, contentTypes.TownsJson);
const [reviewModel] = recordsOf(read, contentTypes.ReviewsJson);

/** A twelfth town's own search title and description, and a heading naming it, as an editor writes them. */
const uithoornTexts = {
  seo: {
    title: "Dakdekker Uithoorn: lekkage, renovatie en onderhoud",
    description: "Dakdekker in Uithoorn en De Kwakel: lekkages binnen 2 uur verholpen, renovatie en onderhoud met garantie.",
  },
  hero: { ...model.hero, title: "Dakdekker in Uithoorn" },
};

/** A twelfth town after the last, featuring two reviews of its own. */
const twelfthTown = (featured: string[]): ContentRecord => ({
  type: "TownsJson",
  file: "towns/uithoorn.json",
  data: {
    ...model,
    ...uithoornTexts,
    slug: "uithoorn",
    name: "Uithoorn",
    order: Math.max(...recordsOf(read, contentTypes.TownsJson).map((town) => town.order)) + 1,
    reviews: { ...model.reviews, featured },
  },
});
const review = (slug: string, rating: number, location = "Uithoorn"): ContentRecord => ({
  type: "ReviewsJson",
  file: `reviews/${slug}.json`,
  data: { ...reviewModel, slug, rating, location },
});

test("the real content has no problem across files", () => {
  expect(crossFileProblems(records)).toEqual([]);
});

test("a town may feature two five-star reviews of its own", () => {
  const added = [twelfthTown(["review-uithoorn-1", "review-uithoorn-2"]), review("review-uithoorn-1", 5), review("review-uithoorn-2", 5, "Uithoorn-Meerwijk")];
  expect(crossFileProblems([...records, ...added])).toEqual([]);
});

test("a town featuring a four-star review of its own, or another town's review, names file and field", () => {
  const added = [twelfthTown(["review-uithoorn-1", "review-aalsmeer"]), review("review-uithoorn-1", 4), review("review-aalsmeer", 5, "Aalsmeer")];
  expect(crossFileProblems([...records, ...added])).toEqual([
    {
      file: "towns/uithoorn.json",
      field: "reviews.featured[0]",
      message: `names "review-uithoorn-1", which is not a five-star review from the town itself (docs/requirements.md, 'Page by page')`,
    },
    {
      file: "towns/uithoorn.json",
      field: "reviews.featured[1]",
      message: `names "review-aalsmeer", which is not a five-star review from the town itself (docs/requirements.md, 'Page by page')`,
    },
  ]);
});

test("a reference to no record and a slug two files share name file and field", () => {
  const town = twelfthTown(["review-uithoorn-1", "review-uithoorn-1"]);
  const withoutService = { ...town, data: { ...town.data, prices: { ...model.prices, services: [model.prices.services[0], "dakterras"] } } };
  const copy = { ...review("review-uithoorn-1", 5), file: "reviews/copy.json" };
  expect(crossFileProblems([...records, withoutService, review("review-uithoorn-1", 5), copy])).toEqual([
    { file: "reviews/copy.json", field: "slug", message: 'is "review-uithoorn-1", as in reviews/review-uithoorn-1.json; each file needs its own' },
    { file: "towns/uithoorn.json", field: "prices.services[1]", message: 'names "dakterras", but no ServicesJson has slug "dakterras"' },
  ]);
});

test("brokenLinks gives the path of each broken value, for the CMS's own words", () => {
  const town = twelfthTown(["review-uithoorn-1", "review-onbekend"]);
  expect(brokenLinks("TownsJson", town.data, recordReader([...records, review("review-uithoorn-1", 3)])).map(({ path, value, found }) => ({ path, value, found }))).toEqual([
    { path: ["reviews", "featured", 0], value: "review-uithoorn-1", found: true },
    { path: ["reviews", "featured", 1], value: "review-onbekend", found: false },
  ]);
});

test("a page title or description another file gives its page too names file and field, in the JSON files and the Markdown ones", () => {
  const town = twelfthTown(["review-uithoorn-1", "review-uithoorn-2"]);
  const copied = { ...town, data: { ...town.data, seo: model.seo } };
  const article = (file: string, title: string): ContentRecord => ({ type: "blog", file, data: { title, excerpt: uithoornTexts.seo.description } });
  const added = [copied, review("review-uithoorn-1", 5), review("review-uithoorn-2", 5), article("blog/a.md", "Een dak in Uithoorn"), article("blog/b.md", "Nog een dak")];
  const modelFile = records.find((record) => record.type === "TownsJson" && record.data.slug === model.slug)?.file;
  expect(crossFileProblems([...records, ...added])).toEqual([
    { file: "towns/uithoorn.json", field: "seo.title", message: `is "${model.seo.title}", as in ${modelFile}; each page needs its own title: search results tell pages apart by it` },
    { file: "towns/uithoorn.json", field: "seo.description", message: `is "${model.seo.description}", as in ${modelFile}; each page needs its own description: search results tell pages apart by it` },
    { file: "blog/b.md", field: "excerpt", message: `is "${uithoornTexts.seo.description}", as in blog/a.md; each page needs its own description: search results tell pages apart by it` },
  ]);
});
