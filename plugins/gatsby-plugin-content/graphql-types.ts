import type { z } from "zod";
import { contentTypes, imageFileType, isRecord, markdownCollections, schemaOfType, toJsonSchema, type JsonSchema } from "./content-schema";

const pascal = (name: string) => name[0].toUpperCase() + name.slice(1);

/** The field extension that resolves fact references in text (plugins/gatsby-plugin-content). */
export const factsExtension = "facts";
const textTypes = new Set(["String", "[String!]"]);

function required(type: string): string {
  const directiveAt = type.indexOf(" @");
  return directiveAt === -1 ? `${type}!` : `${type.slice(0, directiveAt)}!${type.slice(directiveAt)}`;
}

function scalarOrNested(name: string, schema: JsonSchema, defs: string[]): string {
  if (schema.graphql) return schema.graphql;
  if (schema.enum) return enumType(name, schema, defs);
  switch (schema.type) {
    case "string":
      return "String";
    case "integer":
      return "Int";
    case "number":
      return "Float";
    case "boolean":
      return "Boolean";
    case "array":
      return `[${required(scalarOrNested(`${name}Item`, schema.items ?? {}, defs))}]`;
    case "object": {
      const typeName = schema.graphqlName ?? name;
      if (!defs.some((def) => def.startsWith(`type ${typeName} {`))) defs.push(objectType(typeName, schema, defs, false));
      return typeName;
    }
    default:
      throw new Error(`Cannot map ${name} (${JSON.stringify(schema)}) to a GraphQL type`);
  }
}

/** A GraphQL enum of a z.enum, under the name its schema gives it (content-schema.ts), so pages get its values as a type. */
function enumType(name: string, schema: JsonSchema, defs: string[]): string {
  const typeName = schema.graphqlName;
  if (!typeName) throw new Error(`The enum at ${name} needs .meta({ graphqlName }) in content-schema.ts`);
  if (!defs.some((def) => def.startsWith(`enum ${typeName} {`))) defs.push(`enum ${typeName} {\n${(schema.enum ?? []).map((value) => `  ${String(value)}`).join("\n")}\n}`);
  return typeName;
}

function objectType(name: string, schema: JsonSchema, defs: string[], isNode: boolean): string {
  const requiredFields = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(([field, fieldSchema]) => {
    const type = scalarOrNested(name + pascal(field), fieldSchema, defs);
    // Text may name facts ({phone}, {price:daklekkage}); the content plugin's @facts resolves them.
    const facts = textTypes.has(type) ? ` @${factsExtension}` : "";
    return `  ${field}: ${requiredFields.has(field) ? required(type) : type}${facts}`;
  });
  const head = isNode ? `type ${name} implements Node @dontInfer` : `type ${name}`;
  return `${head} {\n${fields.join("\n")}\n}`;
}

/** GraphQL SDL for every content type, for createSchemaCustomization. */
export function contentTypeDefs(): string {
  const defs: string[] = [];
  for (const [typeName, schema] of Object.entries(contentTypes)) {
    defs.push(objectType(typeName, toJsonSchema(schema), defs, true));
  }
  return defs.join("\n\n");
}

/**
 * GraphQL SDL for Markdown files. gatsby-transformer-remark owns MarkdownRemark
 * and infers its frontmatter and fields; inference names their types
 * MarkdownRemarkFrontmatter and MarkdownRemarkFields and takes a type of that
 * name when one is declared (gatsby/dist/schema/infer/add-inferred-fields.js),
 * so the plugin declares those two and not MarkdownRemark, which Gatsby warns
 * about when a plugin other than its owner does (mergeTypes in
 * gatsby/dist/schema/schema.js). createResolvers (gatsby-node.ts) makes them
 * non-null. The collections share one frontmatter type, whose fields are
 * required where every collection requires them (an article's image, not a
 * legal text's).
 */
export const markdownTypes = { frontmatter: "MarkdownRemarkFrontmatter", fields: "MarkdownRemarkFields" } as const;

export function markdownTypeDefs(): string {
  const schemas = Object.values(markdownCollections).map(toJsonSchema);
  const properties = Object.assign({}, ...schemas.map((schema) => schema.properties)) as Record<string, JsonSchema>;
  const requiredEverywhere = Object.keys(properties).filter((field) => schemas.every((schema) => schema.required?.includes(field)));
  const defs: string[] = [];
  defs.push(objectType(markdownTypes.frontmatter, { type: "object", properties, required: requiredEverywhere }, defs, false));
  defs.push(`type ${markdownTypes.fields} {\n  collection: String!\n  slug: String!\n  readingMinutes: Int!\n}`);
  return defs.join("\n\n");
}

/**
 * The image paths a content record refers to, with their field paths, so the
 * build can check that each file exists before GraphQL turns it into null.
 */
export function imageReferences(typeName: string, data: unknown): { field: string; path: string }[] {
  const schema = schemaOfType(typeName);
  return schema ? imageReferencesIn(schema, data) : [];
}

/** imageReferences for a record of a given schema (a Markdown file's frontmatter). */
export function imageReferencesIn(schema: z.ZodType, data: unknown): { field: string; path: string }[] {
  const found: { field: string; path: string }[] = [];
  const walk = (node: JsonSchema, value: unknown, field: string) => {
    if (node.graphql === imageFileType && typeof value === "string") found.push({ field, path: value });
    else if (node.type === "object" && isRecord(value)) {
      for (const [key, child] of Object.entries(node.properties ?? {})) {
        walk(child, value[key], field ? `${field}.${key}` : key);
      }
    } else if (node.type === "array" && Array.isArray(value)) {
      value.forEach((item, index) => walk(node.items ?? {}, item, `${field}[${index}]`));
    }
  };
  walk(toJsonSchema(schema), data, "");
  return found;
}
