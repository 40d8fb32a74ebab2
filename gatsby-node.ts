import fs from "node:fs";
import path from "node:path";
import type { GatsbyNode, Node } from "gatsby";
import sharp from "sharp";
import {
  contentReferences,
  contentTypeFor,
  formatProblem,
  markdownCollections,
  parseContentFile,
  uniqueFields,
  validateContent,
  validateWith,
  valuesAt,
  type ContentProblem,
  type MarkdownCollection,
} from "./src/lib/content-schema";
import { deferScriptFiles } from "./src/lib/after-first-paint";
import { chatbotAnswersPath, type ChatbotAnswers } from "./src/lib/chatbot";
import { contentDir } from "./src/lib/content-dir";
import { fillFactsDeep, type CompanyFacts } from "./src/lib/facts";
import { iconSymbols } from "./src/lib/icon-sprite";
import { lucideDrawings } from "./src/lib/lucide-drawings";
import { contentTypeDefs, imageReferences, imageReferencesIn, markdownTypeDefs } from "./src/lib/graphql-types";
import { blogPath, companyLogo, legalPath, servicePath, townPath } from "./src/lib/paths";
import { readingMinutes } from "./src/lib/reading-time";
import { siteUrl } from "./src/lib/site-url";

interface FileNode extends Node {
  absolutePath: string;
  relativePath: string;
  extension: string;
}

const displayPath = (absolutePath: string) => path.relative(process.cwd(), absolutePath) || absolutePath;

/** Every content file is checked as it is read, so a broken file stops the build naming file and field. */
export const onCreateNode: GatsbyNode["onCreateNode"] = ({ node, reporter, getNode, actions }) => {
  if (node.internal.type === "MarkdownRemark") {
    onCreateMarkdown(node as MarkdownNode, getNode(node.parent ?? "") as FileNode | undefined, reporter, actions.createNodeField);
    return;
  }
  if (node.internal.type !== "File") return;
  const file = node as FileNode;
  if (file.extension !== "json" || !file.absolutePath.startsWith(contentDir + path.sep)) return;

  const shown = displayPath(file.absolutePath);
  const relative = path.relative(contentDir, file.absolutePath).split(path.sep).join("/");
  const { data, problem } = parseContentFile(shown, fs.readFileSync(file.absolutePath, "utf8"));
  const typeName = contentTypeFor(relative);
  const problems: ContentProblem[] = problem ? [problem] : validateContent(shown, typeName, data);
  if (problems.length === 0) {
    for (const { field, path: imagePath } of imageReferences(typeName, data)) {
      if (!fs.existsSync(path.resolve(path.dirname(file.absolutePath), imagePath))) {
        problems.push({ file: shown, field, message: `points at ${imagePath}, which does not exist` });
      }
    }
  }
  if (problems.length > 0) reporter.panicOnBuild(problems.map(formatProblem).join("\n"));
};

interface MarkdownNode extends Node {
  frontmatter: Record<string, unknown>;
  rawMarkdownBody: string;
}

/**
 * A Markdown file in one of content/'s Markdown folders (blog/, legal/) gets
 * its collection from the folder, its slug from its file name and its reading
 * time from its words; its frontmatter is checked like a JSON content file.
 */
function onCreateMarkdown(
  node: MarkdownNode,
  file: FileNode | undefined,
  reporter: Parameters<NonNullable<GatsbyNode["onCreateNode"]>>[0]["reporter"],
  createNodeField: Parameters<NonNullable<GatsbyNode["onCreateNode"]>>[0]["actions"]["createNodeField"],
) {
  if (!file) return;
  const folder = path.relative(contentDir, path.dirname(file.absolutePath));
  if (!Object.hasOwn(markdownCollections, folder)) return;
  const collection = folder as MarkdownCollection;
  const schema = markdownCollections[collection];
  const shown = displayPath(file.absolutePath);
  const problems = validateWith(shown, schema, node.frontmatter);
  if (problems.length === 0) {
    for (const { field, path: imagePath } of imageReferencesIn(schema, node.frontmatter)) {
      if (!fs.existsSync(path.resolve(path.dirname(file.absolutePath), imagePath))) {
        problems.push({ file: shown, field, message: `points at ${imagePath}, which does not exist` });
      }
    }
  }
  if (problems.length > 0) reporter.panicOnBuild(problems.map(formatProblem).join("\n"));
  createNodeField({ node, name: "collection", value: collection });
  createNodeField({ node, name: "slug", value: path.basename(file.absolutePath, ".md") });
  createNodeField({ node, name: "readingMinutes", value: readingMinutes(node.rawMarkdownBody) });
}

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(contentTypeDefs());
  actions.createTypes(markdownTypeDefs());
};

/**
 * Cross-file references (home page to services and reviews) are checked once
 * all files are read; then each content record with a page gets it.
 */
export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, getNodesByType, getNode, reporter }) => {
  const problems: ContentProblem[] = [];
  const fileOf = (node: Node) => {
    const parent = node.parent ? (getNode(node.parent) as FileNode | undefined) : undefined;
    return parent ? displayPath(parent.absolutePath) : node.internal.type;
  };
  for (const { type, key } of uniqueFields) {
    const firstFile = new Map<unknown, string>();
    for (const node of getNodesByType(type)) {
      const earlier = firstFile.get(node[key]);
      if (earlier) problems.push({ file: fileOf(node), field: key, message: `is "${String(node[key])}", as in ${earlier}; each file needs its own` });
      else firstFile.set(node[key], fileOf(node));
    }
  }
  for (const reference of contentReferences) {
    const known = new Set(getNodesByType(reference.target).map((node) => node[reference.key]));
    for (const node of getNodesByType(reference.type)) {
      for (const { field, value } of valuesAt(node, reference.field)) {
        if (!known.has(value)) {
          problems.push({
            file: fileOf(node),
            field,
            message: `names "${String(value)}", but no ${reference.target} has ${reference.key} "${String(value)}"`,
          });
        }
      }
    }
  }
  if (problems.length > 0) reporter.panicOnBuild(problems.map(formatProblem).join("\n"));
  writeFormOptions(getNodesByType);
  try {
    writeChatbotAnswers(getNodesByType);
  } catch (error) {
    reporter.panicOnBuild(`Content error in content/chatbot.json: ${(error as Error).message}`);
  }

  const result = await graphql<{
    services: { nodes: { id: string; slug: string; name: string }[] };
    towns: { nodes: { id: string; slug: string }[] };
    articles: { nodes: { id: string; fields: { slug: string } }[] };
    legalTexts: { nodes: { id: string; fields: { slug: string } }[] };
  }>(`
    query GeneratedPages {
      services: allServicesJson(sort: { order: ASC }) {
        nodes {
          id
          slug
          name
        }
      }
      towns: allCitiesJson(sort: { order: ASC }) {
        nodes {
          id
          slug
        }
      }
      articles: allMarkdownRemark(filter: { fields: { collection: { eq: "blog" } } }) {
        nodes {
          id
          fields {
            slug
          }
        }
      }
      legalTexts: allMarkdownRemark(filter: { fields: { collection: { eq: "legal" } } }) {
        nodes {
          id
          fields {
            slug
          }
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("There was an error loading the services, towns, articles and legal texts for their pages", result.errors);
    return;
  }
  const serviceTemplate = path.resolve("src/templates/service.tsx");
  for (const service of result.data.services.nodes) {
    actions.createPage({
      path: servicePath(service.slug),
      component: serviceTemplate,
      context: { id: service.id, name: service.name },
    });
  }
  const townTemplate = path.resolve("src/templates/town.tsx");
  for (const town of result.data.towns.nodes) {
    actions.createPage({ path: townPath(town.slug), component: townTemplate, context: { id: town.id } });
  }
  const articleTemplate = path.resolve("src/templates/blog-post.tsx");
  for (const article of result.data.articles.nodes) {
    actions.createPage({ path: blogPath(article.fields.slug), component: articleTemplate, context: { id: article.id } });
  }
  const legalTemplate = path.resolve("src/templates/legal-text.tsx");
  for (const legalText of result.data.legalTexts.nodes) {
    actions.createPage({ path: legalPath(legalText.fields.slug), component: legalTemplate, context: { id: legalText.id } });
  }
};

/**
 * The send-contact-email function checks town and service against the lists the
 * form offers. Netlify bundles functions after this build, so the function gets
 * them from the same content the form is rendered from.
 */
const formOptionsFile = path.join("netlify", "functions", "send-contact-email", "form-options.json");

function writeFormOptions(getNodesByType: (type: string) => Node[]) {
  const [company] = getNodesByType("CompanyJson") as unknown as Queries.CompanyJson[];
  const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;
  const services = (getNodesByType("ServicesJson") as unknown as Queries.ServicesJson[]).sort(byOrder);
  const towns = (getNodesByType("CitiesJson") as unknown as Queries.CitiesJson[]).sort(byOrder);
  const options = {
    cities: towns.map((town) => town.name),
    services: services.map((service) => service.name),
    recipient: { name: company.name, email: company.email },
    phone: company.phones.regular,
  };
  fs.mkdirSync(path.dirname(formOptionsFile), { recursive: true });
  fs.writeFileSync(formOptionsFile, `${JSON.stringify(options, null, 2)}\n`);
}

/**
 * The chatbot's questions and answers, with the company's facts filled in, as
 * a file the chat panel fetches when it first opens: they are not part of any
 * page's first load. Written before the pages, so `gatsby develop` serves it too.
 */
function writeChatbotAnswers(getNodesByType: (type: string) => Node[]) {
  const [company] = getNodesByType("CompanyJson") as unknown as Omit<CompanyFacts, "towns">[];
  const towns = getNodesByType("CitiesJson");
  const [chatbot] = getNodesByType("ChatbotJson") as unknown as Queries.ChatbotJson[];
  const answers: ChatbotAnswers = fillFactsDeep(
    {
      fallback: chatbot.fallback,
      entries: chatbot.entries.map(({ keywords, question, answer }) => ({ keywords, question, answer })),
    },
    { ...company, towns },
  );
  const file = path.join("public", chatbotAnswersPath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(answers));
}

/** Every icon's symbol, read once per build from Lucide's files (src/lib/icon-sprite.ts). */
let pageIconSymbols = "";

export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = async () => {
  pageIconSymbols = iconSymbols(await lucideDrawings());
};

/**
 * With trailingSlash "never", gatsby-adapter-netlify moves each page's
 * public/{route}/index.html to public/{route}.html after the build. A following
 * build that renders no page again (nothing changed) still reads the old files
 * while stitching slices and stops with ENOENT; putting them back first keeps
 * repeated builds working.
 */
export const onPreBuild: GatsbyNode["onPreBuild"] = () => {
  const notPages = new Set(["static", "page-data", "_gatsby", "~partytown"]);
  const restore = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!notPages.has(entry.name)) restore(full);
      } else if (entry.name.endsWith(".html") && entry.name !== "index.html") {
        const expected = path.join(dir, entry.name.slice(0, -".html".length), "index.html");
        if (!fs.existsSync(expected)) {
          fs.mkdirSync(path.dirname(expected), { recursive: true });
          fs.copyFileSync(full, expected);
        }
      }
    }
  };
  restore("public");
};

/**
 * What Gatsby leaves in public/ for its own build, which no visitor needs: the
 * stats it renders the pages' script tags from (their chunk map is inlined in
 * every page), Partytown, which the site does not use, and source maps (this
 * build makes none; an earlier one may have). The README's "What the site
 * publishes" says why these go and what stays.
 */
const isBuildInternal = (file: string) => /^(webpack\.stats\.json|chunk-map\.json|~partytown)$|\.map$/.test(file);

/** The roof mark as the raster logo structured data points at (src/lib/json-ld.ts), from the favicon's one drawing. */
async function writeCompanyLogo() {
  const { size, path: logoPath } = companyLogo;
  // The SVG's own size is 40 px: rasterise at the density that makes it `size` pixels, so the edges stay sharp.
  const svg = path.join("static", "favicon.svg");
  const { width = size } = await sharp(svg).metadata();
  await sharp(svg, { density: (72 * size) / width })
    .resize(size, size)
    .png()
    .toFile(path.join("public", logoPath));
}

export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter }) => {
  for (const file of fs.readdirSync("public").filter(isBuildInternal)) fs.rmSync(path.join("public", file), { recursive: true });
  await writeCompanyLogo();
  const origin = siteUrl(process.env);
  fs.writeFileSync(
    path.join("public", "robots.txt"),
    `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`,
  );
  // Gatsby stitches its script tags into the pages after every SSR hook has run, so
  // they are deferred here, before the adapter hashes the pages' inline scripts for the CSP.
  const pages = fs
    .readdirSync("public", { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.startsWith(path.join("public", "_gatsby", "")));
  for (const file of pages) {
    try {
      fs.writeFileSync(file, deferScriptFiles(fs.readFileSync(file, "utf8")));
    } catch (error) {
      reporter.panicOnBuild(`${file}: ${(error as Error).message}`);
    }
  }
};

/**
 * Every script file costs a request and, with the site's security headers,
 * about 1.4 KB of headers (docs/performance.md). Gatsby's default splitting
 * makes 15 files for home, most of them 1 to 3 KB. Without its shared groups a
 * page loads four: runtime, framework (React, cached across deploys), app
 * (the shell every page shows) and the page's own chunk, which may repeat a
 * small module another page's chunk has too.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, getConfig, actions, plugins }) => {
  // Only the page renderer gets the icon symbols, which gatsby-ssr puts in every page; no browser script carries them.
  if (stage === "build-html" || stage === "develop-html") {
    actions.setWebpackConfig({ plugins: [plugins.define({ __ICON_SYMBOLS__: JSON.stringify(pageIconSymbols) })] });
  }
  if (stage !== "build-javascript") return;
  const config = getConfig();
  // No source maps: the scripts' sources are not published (README, "What the site publishes").
  config.devtool = false;
  const { framework, styles } = config.optimization.splitChunks.cacheGroups;
  config.optimization.splitChunks = { ...config.optimization.splitChunks, cacheGroups: { default: false, defaultVendors: false, framework, styles } };
  actions.replaceWebpackConfig(config);
};
