import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { listFiles } from "../../gatsby-plugin-content/content-files";
import { formatContentJson, formatMarkdownFile, inSchemaOrder, parseMarkdownFile } from "../content-format";
import { contentTypeFor, contentTypes, markdownCollections, schemaOfType, type MarkdownCollection } from "../../gatsby-plugin-content/content-schema";

const contentDir = path.resolve(__dirname, "../../../content");
const contentFiles = (extension: string) => listFiles(contentDir).filter((file) => file.endsWith(extension));

describe("the layout of content files, which the CMS writes too", () => {
  it.each(contentFiles(".json"))("content/%s is in it, keys in the schema's order", (file) => {
    const text = fs.readFileSync(path.join(contentDir, file), "utf8");
    const schema = schemaOfType(contentTypeFor(file));
    if (!schema) throw new Error(`content/${file} is of no declared type`);
    expect(formatContentJson(inSchemaOrder(schema, JSON.parse(text)))).toBe(text);
  });

  it.each(contentFiles(".md"))("content/%s is in it, frontmatter in the schema's order", (file) => {
    const text = fs.readFileSync(path.join(contentDir, file), "utf8");
    const { frontmatter, body } = parseMarkdownFile(text);
    const schema = markdownCollections[file.split("/")[0] as MarkdownCollection];
    expect(formatMarkdownFile({ frontmatter: inSchemaOrder(schema, frontmatter), body })).toBe(text);
  });

  it("puts keys back in the schema's order at every level", () => {
    const text = fs.readFileSync(path.join(contentDir, "services", "daklekkage.json"), "utf8");
    const data = JSON.parse(text) as Record<string, unknown>;
    const shuffled = Object.fromEntries(
      Object.entries(data)
        .reverse()
        .map(([key, value]) => [key, value && typeof value === "object" && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).reverse()) : value]),
    );
    expect(formatContentJson(inSchemaOrder(contentTypes.ServicesJson, shuffled))).toBe(text);
  });

  it("changes one line for one changed field", () => {
    const text = fs.readFileSync(path.join(contentDir, "services", "daklekkage.json"), "utf8");
    const changed = formatContentJson({ ...JSON.parse(text), startingPriceEuro: 175 });
    const differing = changed.split("\n").filter((line, index) => line !== text.split("\n")[index]);
    expect(differing).toEqual(['  "startingPriceEuro": 175,']);
  });

  it("writes frontmatter the build reads back as written, a date staying a text", () => {
    const written = formatMarkdownFile({
      frontmatter: { title: 'Lood: "de" klassieker', date: "2026-03-12", category: "Onderhoud" },
      body: "\nEerste alinea.\n\n## Kop\n",
    });
    expect(written).toBe('---\ntitle: "Lood: \\"de\\" klassieker"\ndate: "2026-03-12"\ncategory: "Onderhoud"\n---\n\nEerste alinea.\n\n## Kop\n');
    const read = matter(written);
    expect(read.data).toEqual({ title: 'Lood: "de" klassieker', date: "2026-03-12", category: "Onderhoud" });
    expect(read.content.trim()).toBe("Eerste alinea.\n\n## Kop");
  });

  it("reads frontmatter in any YAML, and a file without any", () => {
    expect(parseMarkdownFile("---\ntitle: Zonder aanhalingstekens\ndate: '2026-01-31'\n---\nTekst\n")).toEqual({
      frontmatter: { title: "Zonder aanhalingstekens", date: "2026-01-31" },
      body: "Tekst",
    });
    expect(parseMarkdownFile("Alleen tekst\n")).toEqual({ frontmatter: {}, body: "Alleen tekst" });
  });
});
