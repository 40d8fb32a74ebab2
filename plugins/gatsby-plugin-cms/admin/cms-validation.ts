import type { z } from "zod";
import type { CmsLabels } from "../cms-config";
import {
  contentTypeFor,
  contentTypes,
  isRecord,
  markdownCollections,
  schemaOfType,
  toJsonSchema,
  type JsonSchema,
  type ReadRecords,
} from "../../gatsby-plugin-content/content-schema";
import { brokenLinks } from "../../gatsby-plugin-content/cross-file";
import type { FactTable } from "../../gatsby-plugin-content/facts";
import { textFindings } from "../../gatsby-plugin-content/text-findings";

/**
 * The check the CMS runs before it saves an entry (plugins/gatsby-plugin-cms/admin/admin.ts, Decap's
 * preSave event): the entry against the same schema the build checks it with,
 * every fact reference in its texts against the facts, and the links going out
 * of it against the saved records. The links coming in are not checked: a
 * review a town features can still be saved with fewer stars or another place,
 * and the build then refuses the town. Decap checks required fields and patterns itself;
 * this catches the rest (a block filled in half, percentages that do not add
 * up to 100, a reference that names no fact or a record that does not exist
 * or does not fit, markup content may not carry:
 * plugins/gatsby-plugin-content/content-markup.ts) and says it in Dutch.
 */

type Path = (string | number)[];

/** The content type of an entry: a folder's ("services": ServicesJson), a top-level file's ("home": HomeJson); none for a Markdown folder's. */
export function entryType(collection: string, slug: string, isFolder: boolean): string | undefined {
  if (collection in markdownCollections) return undefined;
  return contentTypeFor(isFolder ? `${collection}/${slug}.json` : `${slug}.json`);
}

/** The schema of an entry: a folder's ("services"), a top-level file's ("home"), a Markdown folder's frontmatter ("blog"). */
export function entrySchema(collection: string, slug: string, isFolder: boolean): z.ZodType | undefined {
  if (collection in markdownCollections) return markdownCollections[collection as keyof typeof markdownCollections];
  const type = entryType(collection, slug, isFolder);
  return type === undefined ? undefined : schemaOfType(type);
}

/**
 * The schema whose fields are these, in this order: how the CMS's file
 * formats, which Decap hands only the data and its top-level field names,
 * know the record they write (plugins/gatsby-plugin-cms/admin/admin.ts). No two schemas share them
 * (plugins/gatsby-plugin-cms/admin/__tests__/cms-validation.test.ts); a Markdown entry's `body` is no field of its schema.
 */
export function schemaByFields(fields: string[]): z.ZodType | undefined {
  const names = fields.filter((field) => field !== "body").join(" ");
  return [...Object.values(contentTypes), ...Object.values(markdownCollections)].find(
    (schema) => Object.keys(toJsonSchema(schema).properties ?? {}).join(" ") === names,
  );
}

const isEmptyValue = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === "" ||
  (Array.isArray(value) && value.every(isEmptyValue)) ||
  (isRecord(value) && Object.values(value).every(isEmptyValue));

/**
 * The optional blocks (objects) whose every field is empty: left untouched,
 * or emptied by an editor to take the block off the page. The CMS removes
 * them before saving, as the files leave them out.
 */
export function emptyOptionalBlocks(schema: z.ZodType, data: unknown): Path[] {
  const found: Path[] = [];
  const walk = (node: JsonSchema, value: unknown, at: Path) => {
    if (node.type === "array" && Array.isArray(value)) value.forEach((item, index) => walk(node.items ?? {}, item, [...at, index]));
    if (node.type !== "object" || !isRecord(value)) return;
    const required = new Set(node.required ?? []);
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      const item = value[key];
      if (!required.has(key) && child.type === "object" && key in value && isEmptyValue(item)) found.push([...at, key]);
      else walk(child, item, [...at, key]);
    }
  };
  walk(toJsonSchema(schema), data, []);
  return found;
}

/** "Materialen › Keuzes nr. 2 › Prijs": a field path in the CMS's own labels. */
function fieldName(path: readonly PropertyKey[], labels: CmsLabels): string {
  return path
    .map((key) => (typeof key === "number" ? `nr. ${key + 1}` : (labels.fields[String(key)] ?? String(key))))
    .join(" › ")
    .replace(/ › nr\./g, " nr.");
}

/** A message with its {placeholders} filled in; one without a value stays as written. */
export const fill = (template: string, values: Record<string, unknown>) => template.replace(/\{(\w+)\}/g, (match, key: string) => String(values[key] ?? match));

function describe(issue: z.core.$ZodIssue, labels: CmsLabels): string {
  const { messages } = labels;
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null ? messages.missing : messages.wrongType;
    case "too_small":
      if (issue.origin === "string") return messages.empty;
      return fill(issue.origin === "array" ? messages.tooFewItems : messages.tooSmall, { min: issue.minimum });
    case "too_big":
      return fill(issue.origin === "array" ? messages.tooManyItems : messages.tooBig, { max: issue.maximum });
    case "invalid_format":
      // Zod names the pattern as a literal, /^[a-z0-9-]+$/; the labels by its source, as JSON Schema does.
      if (issue.format === "regex" && "pattern" in issue) return labels.patterns[String(issue.pattern).replace(/^\/(.*)\/[a-z]*$/s, "$1")] ?? messages.wrongType;
      return labels.formats[issue.format] ?? messages.wrongType;
    case "invalid_value":
      return fill(messages.notOneOf, { values: issue.values.map(String).join(", ") });
    case "unrecognized_keys":
      return fill(messages.unknownFields, { fields: issue.keys.join(", ") });
    default:
      return messages.rules[issue.message] ?? issue.message;
  }
}

/**
 * What keeps an entry from being saved, each as "Field › Field: what is wrong",
 * in Dutch. `body` is a Markdown file's text under its frontmatter (`data`):
 * the schema does not cover it, its fact references are checked all the same.
 */
export function entryProblems(schema: z.ZodType, data: unknown, labels: CmsLabels, facts?: FactTable, body?: string): string[] {
  const result = schema.safeParse(data);
  const problems = result.success ? [] : result.error.issues.map((issue) => `${fieldName(issue.path, labels)}: ${describe(issue, labels)}`);
  for (const finding of textFindings(data, facts, body)) {
    problems.push(
      `${fieldName(finding.path, labels)}: ${
        "markup" in finding
          ? fill(labels.messages.unsafeMarkup, { found: finding.markup.join(", ") })
          : fill(labels.messages.unknownFact, { reference: `{${finding.unknownFact}}` })
      }`,
    );
  }
  return problems;
}

/**
 * What an entry of content type `type` names that does not exist, or does not
 * meet its link's condition (a town's reviews: five stars, from the town),
 * against the records `read` gives (plugins/gatsby-plugin-cms/admin/previews.ts, recordsFor).
 */
export function entryLinkProblems(type: string, data: unknown, read: ReadRecords, labels: CmsLabels): string[] {
  return brokenLinks(type, data, read).map(({ path, value, link, found }) => {
    const message = found && link.where ? (labels.messages.rules[link.where.rule] ?? link.where.rule) : labels.messages.unknownRecord;
    return `${fieldName(path, labels)}: ${fill(message, { value })}`;
  });
}
