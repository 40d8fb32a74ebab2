/**
 * The content of content/: every file checked against its schema as it is read
 * (a broken file stops the build naming file and field), the GraphQL types
 * declared from the same schema, and the references between files checked
 * once all are read. The schema itself is plugins/gatsby-plugin-content/content-schema.ts.
 */
import fs from "node:fs";
import path from "node:path";
import type { GatsbyNode, Node } from "gatsby";
import {
  contentReferences,
  contentTypeFor,
  contentTypes,
  formatProblem,
  markdownCollections,
  parseContentFile,
  uniqueFields,
  validateContent,
  validateWith,
  valuesAt,
  type ContentProblem,
  type MarkdownCollection,
} from "./content-schema";
import { contentDir } from "./content-dir";
import { markdownMarkupProblems, textMarkupProblems } from "./content-markup";
import { factTable, fillFactsDeep, referencesIn, type FactSources, type FactTable } from "./facts";
import { contentTypeDefs, factsExtension, imageReferences, imageReferencesIn } from "./graphql-types";
import { readingMinutes } from "./reading-time";
import { referencesShownIn, textsIn } from "./texts";

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

interface ResolverContext {
  nodeModel: { findAll(args: { type: string }): Promise<{ entries: Iterable<unknown> }> };
  defaultFieldResolver: FieldResolver;
}
type FieldResolver = (source: unknown, args: unknown, context: ResolverContext, info: unknown) => unknown;

const factsByQuery = new WeakMap<ResolverContext, Promise<FactTable>>();

/** The facts, read once per query from the nodes they live in (so a changed price reruns the queries that show it). */
function factsFor(context: ResolverContext): Promise<FactTable> {
  let facts = factsByQuery.get(context);
  if (!facts) {
    const all = async <T,>(type: string) => Array.from((await context.nodeModel.findAll({ type })).entries) as T[];
    facts = Promise.all([
      all<FactSources["company"]>("CompanyJson"),
      all<FactSources["towns"][number]>("TownsJson"),
      all<FactSources["services"][number]>("ServicesJson"),
    ]).then(([[company], towns, services]) => factTable({ company, towns, services }));
    factsByQuery.set(context, facts);
  }
  return facts;
}

/**
 * The JSON content types, their text fields marked @facts so that every
 * reference is resolved here and components receive final strings. The
 * Markdown types extend gatsby-transformer-remark's type, which only the site
 * may do (gatsby-node.ts); they use the same extension.
 */
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createFieldExtension({
    name: factsExtension,
    extend(_options: unknown, previous: { resolve?: FieldResolver }) {
      return {
        async resolve(source: unknown, args: unknown, context: ResolverContext, info: unknown) {
          const value = await (previous.resolve ?? context.defaultFieldResolver)(source, args, context, info);
          return value == null ? value : fillFactsDeep(value, await factsFor(context));
        },
      };
    },
  });
  actions.createTypes(contentTypeDefs());
};

/** A Markdown text's body may name facts too: its HTML is resolved like a text field. */
export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers }) => {
  createResolvers({
    MarkdownRemark: {
      html: {
        async resolve(source: unknown, args: unknown, context: ResolverContext, info: { originalResolver: FieldResolver }) {
          return fillFactsDeep(await info.originalResolver(source, args, context, info), await factsFor(context));
        },
      },
    },
  });
};

/**
 * Cross-file references (home page to services and reviews) and fields each
 * file must have to itself are checked once all files are read: this plugin's
 * createPages runs before the site's, which makes the pages.
 */
export const createPages: GatsbyNode["createPages"] = ({ getNodesByType, getNode, reporter }) => {
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
  problems.push(...textProblems(getNodesByType, getNode, fileOf));
  if (problems.length > 0) reporter.panicOnBuild(problems.map(formatProblem).join("\n"));
};

/**
 * Every content text, checked before any page is queried: a fact reference
 * that names no fact, and markup content may not carry (plugins/gatsby-plugin-content/content-markup.ts:
 * none in a text field; in a Markdown body nothing the sanitiser would remove,
 * such as a script, an event handler or a javascript: link). Either stops the
 * build naming file and field, rather than failing inside a page query or
 * reaching a page.
 */
function textProblems(
  getNodesByType: (type: string) => Node[],
  getNode: (id: string) => Node | undefined,
  fileOf: (node: Node) => string,
): ContentProblem[] {
  const facts = factTable({
    company: getNodesByType("CompanyJson")[0] as unknown as FactSources["company"],
    towns: getNodesByType("TownsJson") as unknown as FactSources["towns"],
    services: getNodesByType("ServicesJson") as unknown as FactSources["services"],
  });
  const problems: ContentProblem[] = [];
  const check = (file: string, texts: Iterable<{ field: string; text: string }>, markupIn = textMarkupProblems) => {
    for (const { field, text } of texts) {
      const markup = markupIn(text);
      if (markup.length > 0) problems.push({ file, field, message: `holds ${markup.join(", ")}, which content may not carry (README, "Changing content")` });
      for (const reference of referencesIn(text)) {
        if (!Object.hasOwn(facts, reference)) {
          problems.push({ file, field, message: `names {${reference}}, which is no fact (README, "Changing content")` });
        }
      }
    }
  };
  for (const type of Object.keys(contentTypes)) {
    for (const node of getNodesByType(type)) {
      check(fileOf(node), textsIn(Object.fromEntries(Object.entries(node).filter(([key]) => !nodeBookkeeping.has(key)))));
    }
  }
  for (const node of getNodesByType("MarkdownRemark") as MarkdownNode[]) {
    const file = node.parent ? (getNode(node.parent) as FileNode | undefined) : undefined;
    const shown = file ? displayPath(file.absolutePath) : "MarkdownRemark";
    check(shown, textsIn(node.frontmatter, "frontmatter"));
    check(shown, [{ field: "body", text: node.rawMarkdownBody }], markdownMarkupProblems);
  }
  return problems;
}

/** What Gatsby adds to a node beside the file's own fields. */
const nodeBookkeeping = new Set(["id", "parent", "children", "internal"]);

/**
 * No reference may reach a visitor. Every text is checked before the queries
 * run, but Gatsby keeps the results of queries whose nodes did not change: a
 * change to how references resolve (plugins/gatsby-plugin-content/facts.ts) leaves those stale, so
 * the query results are read once more here.
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = ({ reporter }) => {
  const shown = referencesShownIn(path.join("public", "page-data"));
  if (shown.length > 0) {
    reporter.panicOnBuild(`Fact references reached the built pages; run \`npm run clean\` and build again:\n${shown.join("\n")}`);
  }
};
