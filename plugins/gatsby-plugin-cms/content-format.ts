import { parse } from "yaml";
import type { z } from "zod";
import { toJsonSchema, type JsonSchema } from "../gatsby-plugin-content/content-schema";

/**
 * The one layout of every file in content/, written alike by hand, by scripts
 * and by the CMS (plugins/gatsby-plugin-cms/admin/admin.ts registers these as its file formats), so a
 * change of one field is a change of one line. A unit test holds every content
 * file to it (plugins/gatsby-plugin-cms/__tests__/content-format.test.ts).
 */

/** The names under which plugins/gatsby-plugin-cms/admin/admin.ts registers these layouts as the CMS's file formats. */
export const cmsFormats = { json: "content-json", markdown: "content-markdown" } as const;

/** A JSON content file: two-space indented, a final newline; keys in the order of the schema (inSchemaOrder). */
export function formatContentJson(data: unknown): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

/**
 * The record with its keys in the order its schema declares them, at every
 * level; keys the schema does not know follow in their own order. The CMS
 * holds a record in a map that keeps no order, so it is put back in this one.
 */
export function inSchemaOrder<T>(schema: z.ZodType, data: T): T {
  const order = (node: JsonSchema, value: unknown): unknown => {
    if (Array.isArray(value)) return value.map((item) => order(node.items ?? {}, item));
    if (!value || typeof value !== "object") return value;
    const record = value as Record<string, unknown>;
    const known = Object.keys(node.properties ?? {}).filter((key) => key in record);
    const rest = Object.keys(record).filter((key) => !known.includes(key));
    return Object.fromEntries([...known, ...rest].map((key) => [key, order(node.properties?.[key] ?? {}, record[key])]));
  };
  return order(toJsonSchema(schema), data) as T;
}

export interface MarkdownFile {
  frontmatter: Record<string, unknown>;
  body: string;
}

const markdownFile = /^---\n([\s\S]*?)\n?---\n\n?([\s\S]*)$/;

/**
 * A Markdown content file: frontmatter lines of `key: value` with every value
 * written as JSON (YAML reads JSON as it is, and a quoted "2026-03-12" stays a
 * text rather than becoming a date), a blank line, the body, a final newline.
 */
export function formatMarkdownFile({ frontmatter, body }: MarkdownFile): string {
  const lines = Object.entries(frontmatter)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join("\n")}\n---\n\n${body.trim()}\n`;
}

/** The frontmatter and body of a Markdown file, whatever YAML its frontmatter is written in. */
export function parseMarkdownFile(text: string): MarkdownFile {
  const match = markdownFile.exec(text.replace(/\r\n/g, "\n"));
  if (!match) return { frontmatter: {}, body: text.trim() };
  const frontmatter: unknown = parse(match[1]) ?? {};
  if (typeof frontmatter !== "object" || Array.isArray(frontmatter)) throw new Error("The frontmatter is not a list of fields");
  return { frontmatter: frontmatter as Record<string, unknown>, body: match[2].trim() };
}
