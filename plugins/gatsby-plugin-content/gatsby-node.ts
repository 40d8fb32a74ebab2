/**
 * The content of content/: every file checked against its schema as it is read
 * (a broken file stops the build naming file and field), the GraphQL types
 * declared from the same schema, the references between files checked once
 * all are read, and the files written from content: the form's lists for the
 * function, the chatbot's answers and the records the CMS checks and previews
 * with. The schema itself is content-schema.ts.
 */
import fs from "node:fs";
import path from "node:path";
import type { GatsbyNode, Node } from "gatsby";
import { chatbotAnswersPath } from "../../src/lib/chatbot";
import { cmsRecordsPath } from "../../src/lib/paths";
import { chatbotAnswers } from "./chatbot-answers";
import { contentDir } from "./content-dir";
import { bodyAsServed } from "./content-markup";
import {
  byOrder,
  contentTypeFor,
  contentTypes,
  formatProblem,
  isRecord,
  linksIn,
  markdownCollections,
  ownFields,
  parseContentFile,
  recordsOf,
  validateContent,
  validateWith,
  type ContentProblem,
  type MarkdownCollection,
  type ReadRecords,
} from "./content-schema";
import { factsFrom, factSources, fillFactsDeep, type FactTable } from "./facts";
import { contentTypeDefs, factsExtension, imageReferences, imageReferencesIn, markdownTypeDefs, markdownTypes } from "./graphql-types";
import { readingMinutes } from "./reading-time";
import { recordProblems, textProblems } from "./text-findings";
import { referencesShownIn } from "./texts";

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
  /** What onCreateMarkdown gives a file of a Markdown collection. */
  fields?: { collection?: MarkdownCollection };
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
    facts = Promise.all(
      Object.keys(factSources).map(async (type) => [type, Array.from((await context.nodeModel.findAll({ type })).entries)] as const),
    ).then((nodes) => {
      const byType = new Map(nodes);
      return factsFrom((type) => byType.get(type) ?? []);
    });
    factsByQuery.set(context, facts);
  }
  return facts;
}

/**
 * The content types, their text fields marked @facts so that every reference
 * is resolved here and components receive final strings; the Markdown files'
 * frontmatter and fields use the same extension (graphql-types.ts says why
 * only their types are declared).
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
  actions.createTypes(markdownTypeDefs());
};

/**
 * Every Markdown file has its frontmatter and the fields onCreateNode gives
 * it: non-null, as createResolvers may make an inferred field of the same type
 * (addCustomResolveFunctions in gatsby/dist/schema/schema.js). A Markdown
 * text's body may name facts too, filled into its HTML as text, each escaped
 * for where it stands. Its HTML is served as the markup check read it
 * (content-markup.ts, bodyAsServed), and never served when that check
 * refuses it: createPages names such a file first, this is for what it cannot
 * see, such as what gatsby-transformer-remark makes of the body.
 */
export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers }) => {
  createResolvers({
    MarkdownRemark: {
      frontmatter: { type: `${markdownTypes.frontmatter}!` },
      fields: { type: `${markdownTypes.fields}!` },
      html: {
        async resolve(source: { fileAbsolutePath?: string }, args: unknown, context: ResolverContext, info: { originalResolver: FieldResolver }) {
          const html = await info.originalResolver(source, args, context, info);
          if (typeof html !== "string") return html;
          const served = bodyAsServed(html, await factsFor(context));
          if (served.problems.length > 0) {
            const file = source.fileAbsolutePath ? displayPath(source.fileAbsolutePath) : "MarkdownRemark";
            throw new Error(formatProblem({ file, field: "body", message: `holds ${served.problems.join(", ")}, which content may not carry (docs/content.md)` }));
          }
          return served.html;
        },
      },
    },
  });
};

/**
 * The checks across files (cross-file.ts) and every text's fact
 * references and markup run once all files are read: this plugin's
 * createPages runs before the site's, which makes the pages.
 */
export const createPages: GatsbyNode["createPages"] = ({ getNodesByType, getNode, reporter }) => {
  const fileOf = (node: Node) => {
    const parent = node.parent ? (getNode(node.parent) as FileNode | undefined) : undefined;
    return parent ? displayPath(parent.absolutePath) : node.internal.type;
  };
  const markdownNodes = getNodesByType("MarkdownRemark") as MarkdownNode[];
  // A Markdown file's frontmatter is a record of its collection ("blog"), as the checks across files read it (a page's title and description).
  const records = [
    ...Object.keys(contentTypes).flatMap((type) => getNodesByType(type).map((node) => ({ type, file: fileOf(node), data: ownFields(node) }))),
    ...markdownNodes.map((node) => ({ type: node.fields?.collection ?? "MarkdownRemark", file: fileOf(node), data: node.frontmatter })),
  ];
  // Every content text, checked before any page is queried (text-findings.ts): a fact reference that names no fact or
  // markup content may not carry stops the build naming file and field, rather than failing inside a page query or reaching a page.
  const facts = factsFrom(getNodesByType);
  const problems = [
    ...recordProblems(records, facts),
    ...markdownNodes.flatMap((node) => textProblems(fileOf(node), {}, facts, node.rawMarkdownBody)),
  ];
  if (problems.length > 0) reporter.panicOnBuild(problems.map(formatProblem).join("\n"));
};

/**
 * The send-contact-email function checks town and service against the lists the
 * form offers. Netlify bundles functions after this build, so the function gets
 * them from the same content the form is rendered from; the request page and
 * the job take the reply clock from here too (docs/contact-requests.md, "The
 * reply clock"): the opening hours, the targets, and which services are
 * emergencies.
 */
const formOptionsFile = path.join("netlify", "functions", "send-contact-email", "form-options.json");

function formOptions(read: ReadRecords) {
  const [company] = recordsOf(read, contentTypes.CompanyJson);
  return {
    towns: recordsOf(read, contentTypes.TownsJson).sort(byOrder).map((town) => town.name),
    services: recordsOf(read, contentTypes.ServicesJson).sort(byOrder).map((service) => service.name),
    recipient: { name: company.name, email: company.email },
    phone: company.phones.regular,
    emergencyPhone: company.phones.emergency,
    // As the site states them, for the thank-you without JavaScript.
    openingHours: company.openingHours.map(({ day, hours }) => ({ day, hours })),
    clock: {
      openingHours: company.openingHours.map(({ dayOfWeek, opens, closes }) => ({ dayOfWeek, opens, closes })),
      targets: { openingMinutes: company.replyTargets.openingMinutes, emergencyMinutes: company.replyTargets.emergencyMinutes },
      urgentServices: recordsOf(read, contentTypes.ServicesJson).filter((service) => service.urgent).map((service) => service.name),
    },
  };
}

/**
 * What the CMS checks an entry and fills its previews with (plugins/gatsby-plugin-cms/admin/), by
 * type: the fields the fact table reads, the field a reference names a record
 * by, and the whole record where a reference has a condition on it (a town's
 * reviews). gatsby-plugin-cms writes the rest of /admin after the build and
 * leaves this file in place.
 */
function cmsRecords(read: ReadRecords): Record<string, unknown[]> {
  const fieldsOf = new Map<string, Set<string> | "all">();
  const add = (type: string, fields: string[]) => {
    const known = fieldsOf.get(type);
    if (known !== "all") fieldsOf.set(type, new Set([...(known ?? []), ...fields]));
  };
  for (const [type, schema] of Object.entries(factSources)) add(type, Object.keys(schema.shape));
  for (const { link } of Object.values(contentTypes).flatMap((schema) => linksIn(schema))) {
    if (link.where) fieldsOf.set(link.target, "all");
    else add(link.target, [link.by]);
  }
  return Object.fromEntries(
    [...fieldsOf].map(([type, fields]) => [
      type,
      read(type)
        .filter(isRecord)
        .map((record) => Object.fromEntries(Object.entries(ownFields(record)).filter(([key]) => fields === "all" || fields.has(key)))),
    ]),
  );
}

const writeFile = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};

/**
 * The files written from content, once this plugin's createPages has checked
 * every file and before the pages, so `gatsby develop` serves them too: the
 * form's lists, the chatbot's questions and answers (its own and each
 * town's, so a new town file brings its answer, with every fact reference
 * resolved: the chat panel fetches them when it first opens, outside any
 * page's first load) and the CMS's records.
 */
export const onPostBootstrap: GatsbyNode["onPostBootstrap"] = ({ getNodesByType, reporter }) => {
  writeFile(formOptionsFile, `${JSON.stringify(formOptions(getNodesByType), null, 2)}\n`);
  try {
    const [chatbot] = recordsOf(getNodesByType, contentTypes.ChatbotJson);
    writeFile(path.join("public", chatbotAnswersPath), JSON.stringify(chatbotAnswers(chatbot, recordsOf(getNodesByType, contentTypes.TownsJson), factsFrom(getNodesByType))));
  } catch (error) {
    reporter.panicOnBuild(`Content error in content/chatbot.json: ${(error as Error).message}`);
  }
  writeFile(path.join("public", cmsRecordsPath), JSON.stringify(cmsRecords(getNodesByType)));
};

/**
 * No reference may reach a visitor. Every text is checked before the queries
 * run, but Gatsby keeps the results of queries whose nodes did not change: a
 * change to how references resolve (facts.ts) leaves those stale, so
 * the query results are read once more here.
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = ({ reporter }) => {
  const shown = referencesShownIn(path.join("public", "page-data"));
  if (shown.length > 0) {
    reporter.panicOnBuild(`Fact references reached the built pages; run \`npm run clean\` and build again:\n${shown.join("\n")}`);
  }
};
