import path from "node:path";
import { cmsLabels } from "../labels";
import { listFiles } from "../../gatsby-plugin-content/content-files";
import { cmsAuthScope, cmsConfig, cmsLocalBackend, githubRepository, type CmsField, type CmsLabels } from "../cms-config";
import {
  blogCategories,
  contentTypeFor,
  markdownCollections,
  schemaOfType,
  toJsonSchema,
  type JsonSchema,
} from "../../gatsby-plugin-content/content-schema";

const contentDir = path.resolve(__dirname, "../../../content");
const contentFiles = listFiles(contentDir);
const options = { contentFiles, labels: cmsLabels, branch: "main", siteUrl: "https://www.example.nl", localBackend: false, authScope: "public_repo" as const };
const config = cmsConfig({ ...options, repository: "eigenaar/site" });

interface Collection {
  name: string;
  label: string;
  folder?: string;
  extension?: string;
  files?: { name: string; file: string; fields: CmsField[] }[];
  fields?: CmsField[];
}
const collections = config.collections as unknown as Collection[];

/**
 * Every field path of a JSON Schema with whether the CMS must require it, as
 * "hero.points[]": what the schema requires, except inside an optional block,
 * which the check before saving holds to the schema (plugins/gatsby-plugin-cms/admin/cms-validation.ts).
 */
function schemaFields(schema: JsonSchema, at = "", inOptional = false): Record<string, boolean> {
  const found: Record<string, boolean> = {};
  const required = new Set(schema.required ?? []);
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const key = at ? `${at}.${name}` : name;
    found[key] = required.has(name) && !inOptional;
    const inner = child.type === "array" ? child.items ?? {} : child;
    if (inner.type === "object") Object.assign(found, schemaFields(inner, child.type === "array" ? `${key}[]` : key, inOptional || !required.has(name)));
  }
  return found;
}

/** The same for CMS fields. */
function cmsFields(fields: CmsField[], at = ""): Record<string, boolean> {
  const found: Record<string, boolean> = {};
  for (const field of fields) {
    const key = at ? `${at}.${field.name}` : field.name;
    found[key] = field.required !== false;
    if (Array.isArray(field.fields)) Object.assign(found, cmsFields(field.fields as CmsField[], field.widget === "list" ? `${key}[]` : key));
  }
  return found;
}

function schemaOf(typeName: string): JsonSchema {
  const schema = schemaOfType(typeName);
  if (!schema) throw new Error(`${typeName} is no content type`);
  return toJsonSchema(schema);
}

/** Every CMS field of the configuration, nested ones included. */
function allFields(fields: CmsField[]): CmsField[] {
  return fields.flatMap((field) => [field, ...allFields((field.fields as CmsField[] | undefined) ?? []), ...(field.field ? [field.field as CmsField] : [])]);
}
const everyField = collections.flatMap((collection) => allFields([...(collection.fields ?? []), ...(collection.files ?? []).flatMap((file) => file.fields)]));

describe("cmsConfig", () => {
  it("edits every content file, as a file of its own or in its folder", () => {
    const files = new Set(collections.flatMap((collection) => (collection.files ?? []).map((file) => file.file)));
    const folders = new Set(collections.flatMap((collection) => (collection.folder ? [`${collection.folder}/*.${collection.extension}`] : [])));
    for (const file of contentFiles.filter((name) => /\.(json|md)$/.test(name))) {
      const folder = path.posix.dirname(file);
      expect({ file, covered: files.has(`content/${file}`) || folders.has(`content/${folder}/*${path.posix.extname(file)}`) }).toEqual({ file, covered: true });
    }
  });

  it("gives each JSON file every field of its schema, required where the schema requires it outside optional blocks", () => {
    for (const collection of collections) {
      for (const file of collection.files ?? []) {
        const typeName = contentTypeFor(file.file.replace(/^content\//, ""));
        expect({ file: file.file, fields: cmsFields(file.fields) }).toEqual({ file: file.file, fields: schemaFields(schemaOf(typeName)) });
      }
      if (collection.folder && collection.extension === "json") {
        const typeName = contentTypeFor(`${collection.name}/x.json`);
        expect({ folder: collection.folder, fields: cmsFields(collection.fields ?? []) }).toEqual({
          folder: collection.folder,
          fields: schemaFields(schemaOf(typeName)),
        });
      }
    }
  });

  it("gives each Markdown folder its frontmatter's fields and the body", () => {
    for (const [folder, schema] of Object.entries(markdownCollections)) {
      const collection = collections.find((candidate) => candidate.name === folder);
      const expected = { ...schemaFields(toJsonSchema(schema)), body: true };
      expect(cmsFields(collection?.fields ?? [])).toEqual(expected);
    }
  });

  it("writes the files in the layout of content/ and keeps images in content/images", () => {
    expect(config.media_folder).toBe("content/images");
    for (const collection of collections) expect(collection).toMatchObject({ format: expect.stringMatching(/^content-(json|markdown)$/) });
    const services = collections.find((collection) => collection.name === "services");
    expect(services).toMatchObject({ folder: "content/services", slug: "{{fields.slug}}", media_folder: "/content/images", public_folder: "../images" });
  });

  it("gives every field a Dutch label and every pattern a Dutch message", () => {
    for (const field of everyField) {
      expect(field.label).toMatch(/\S/);
      if (field.pattern) expect(field.pattern[1]).toMatch(/^[A-Z].*\.$/);
    }
  });

  it("links a slug to the collection it names, so an editor picks a service or review that exists", () => {
    const home = collections.flatMap((collection) => collection.files ?? []).find((file) => file.name === "home");
    const featured = allFields(home?.fields ?? []).filter((field) => field.widget === "relation");
    expect(featured.map(({ collection, value_field, multiple }) => ({ collection, value_field, multiple }))).toEqual([
      { collection: "services", value_field: "slug", multiple: true },
      { collection: "reviews", value_field: "slug", multiple: true },
    ]);
    const names = new Set(collections.map((collection) => collection.name));
    for (const field of everyField.filter((candidate) => candidate.widget === "relation")) expect(names).toContain(field.collection);
  });

  it("offers closed lists as choices: icons, categories, priorities", () => {
    const services = collections.find((collection) => collection.name === "services");
    const icon = services?.fields?.find((field) => field.name === "icon");
    expect(icon).toMatchObject({ widget: "select" });
    expect((icon?.options as unknown[]).length).toBeGreaterThan(10);
    const blog = collections.find((collection) => collection.name === "blog");
    expect(blog?.fields?.find((field) => field.name === "category")).toMatchObject({ widget: "select", options: [...blogCategories] });
    expect(blog?.fields?.find((field) => field.name === "date")).toMatchObject({ widget: "datetime", format: "YYYY-MM-DD", time_format: false });
  });

  it("commits to the GitHub repository through the github backend, and to the working tree only in a build for npm run cms", () => {
    expect(config).toMatchObject({ locale: "nl", backend: { name: "github", repo: "eigenaar/site", branch: "main", auth_scope: "public_repo" } });
    expect(config).not.toHaveProperty("local_backend");
    expect(cmsConfig({ ...options, localBackend: true })).toMatchObject({ local_backend: true });
    expect(cmsConfig(options).backend).toEqual({ name: "github", branch: "main", auth_scope: "public_repo" });
  });

  it("has every upload drawn again without its metadata before it is committed", () => {
    expect(config).toMatchObject({ media_processing: { enabled: true, strip_metadata: true } });
  });

  it("asks GitHub for public_repo unless the repository is private, and refuses any other scope", () => {
    expect(cmsAuthScope({})).toBe("public_repo");
    expect(cmsAuthScope({ CMS_GITHUB_SCOPE: "repo" })).toBe("repo");
    expect(() => cmsAuthScope({ CMS_GITHUB_SCOPE: "admin:org" })).toThrow('CMS_GITHUB_SCOPE is "admin:org": use public_repo (a public repository) or repo (a private one)');
    expect(cmsLocalBackend({ CMS_LOCAL_BACKEND: "true" })).toBe(true);
    expect(cmsLocalBackend({})).toBe(false);
  });

  it("names the field, file, pattern or link rule that has no Dutch text", () => {
    const without = (change: (labels: CmsLabels) => void) => {
      const labels = JSON.parse(JSON.stringify(cmsLabels)) as CmsLabels;
      change(labels);
      return () => cmsConfig({ ...options, labels });
    };
    expect(without((labels) => delete labels.fields.startingPriceEuro)).toThrow(
      'The CMS has no Dutch label for the field "startingPriceEuro" (ServicesJson.startingPriceEuro); add it to plugins/gatsby-plugin-cms/labels.ts',
    );
    expect(without((labels) => delete labels.files["home.json"])).toThrow("The CMS has no Dutch name for content/home.json");
    expect(without((labels) => delete labels.folders.towns)).toThrow("The CMS has no Dutch name or place for the folder content/towns/");
    expect(without((labels) => delete labels.patterns["^\\d{8}$"])).toThrow("The CMS has no Dutch message for the pattern /^\\d{8}$/ (CompanyJson.kvk)");
    expect(without((labels) => (labels.messages.rules = {}))).toThrow(
      `The CMS has no Dutch message for the rule "a five-star review from the town itself (docs/requirements.md, 'Page by page')" (TownsJson.reviews.featured)`,
    );
  });
});

describe("githubRepository", () => {
  it.each([
    ["https://github.com/eigenaar/site", "eigenaar/site"],
    ["https://github.com/eigenaar/site.git\n", "eigenaar/site"],
    ["git@github.com:eigenaar/site.git", "eigenaar/site"],
    ["/work/main", undefined],
    [undefined, undefined],
  ])("reads %j as %j", (url, repository) => {
    expect(githubRepository(url)).toBe(repository);
  });
});
