/**
 * The content of content/: every file checked against its schema as it is read
 * (a broken file stops the build naming file and field), the GraphQL types
 * declared from the same schema, and the references between files checked
 * once all are read. The schema itself is src/lib/content-schema.ts.
 */
import fs from "node:fs";
import path from "node:path";
import type { GatsbyNode, Node } from "gatsby";
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
} from "../../src/lib/content-schema";
import { contentDir } from "../../src/lib/content-dir";
import { contentTypeDefs, imageReferences, imageReferencesIn } from "../../src/lib/graphql-types";
import { readingMinutes } from "../../src/lib/reading-time";

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

/** The JSON content types; the Markdown ones extend gatsby-transformer-remark's type, which only the site may do (gatsby-node.ts). */
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(contentTypeDefs());
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
  if (problems.length > 0) reporter.panicOnBuild(problems.map(formatProblem).join("\n"));
};
