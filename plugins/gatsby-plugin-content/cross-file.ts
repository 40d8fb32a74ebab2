/**
 * The checks that need more than one file: a field that gives a record its
 * page or its place in a list holds a value no other file of its type has, no
 * two pages share a title or description for search results, and every
 * reference names a record that exists and meets the link's condition
 * (content-schema.ts, link). The build runs them once all nodes are read,
 * content:check on a content folder, the CMS on the links going out of an
 * entry before it saves it (not on those coming in from other records).
 */
import {
  contentTypes,
  fieldPath,
  isRecord,
  linksIn,
  searchTextFields,
  uniqueFields,
  valuesAt,
  type ContentProblem,
  type FieldPath,
  type Link,
  type ReadRecords,
} from "./content-schema";

/** A content file's record with its type and the file it is read from, as messages name it. */
export interface ContentRecord {
  type: string;
  file: string;
  data: Readonly<Record<string, unknown>>;
}

/** Content records by type, as ReadRecords. */
export const recordReader =
  (records: readonly ContentRecord[]): ReadRecords =>
  (type) =>
    records.filter((record) => record.type === type).map((record) => record.data);

/** Each content type's reference fields with their links (content-schema.ts, linksIn), in contentTypes' order. */
export const linksByType: ReadonlyMap<string, ReturnType<typeof linksIn>> = new Map(
  Object.entries(contentTypes).map(([type, schema]) => [type, linksIn(schema)]),
);

/** A value of a reference field that names no record, or one that does not meet the link's condition. */
export interface BrokenLink {
  path: FieldPath;
  value: unknown;
  link: Link;
  /** Whether a record has the value: then it is the link's condition that fails. */
  found: boolean;
}

/** The broken references of one record of `type`, against the records `read` gives. */
export function brokenLinks(type: string, data: unknown, read: ReadRecords): BrokenLink[] {
  const broken: BrokenLink[] = [];
  for (const { field, link } of linksByType.get(type) ?? []) {
    const targets = new Map(read(link.target).filter(isRecord).map((target) => [target[link.by], target]));
    for (const { path, value } of valuesAt(data, field)) {
      const target = targets.get(value);
      if (!target) broken.push({ path, value, link, found: false });
      else if (link.where && isRecord(data) && !link.where.holds(target, data)) broken.push({ path, value, link, found: true });
    }
  }
  return broken;
}

/** A broken reference in the words of the build's content errors. */
function brokenLinkMessage({ value, link, found }: BrokenLink): string {
  return found && link.where
    ? `names "${String(value)}", which is not ${link.where.rule}`
    : `names "${String(value)}", but no ${link.target} has ${link.by} "${String(value)}"`;
}

/**
 * A page title or description that an earlier file gives its page too
 * (content-schema.ts, searchTextFields). Records of a Markdown collection
 * ("blog", "legal") hold their frontmatter; the build passes them, content:check
 * reads the JSON files only.
 */
function repeatedSearchTexts(records: readonly ContentRecord[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const kind of ["title", "description"] as const) {
    const firstFile = new Map<string, string>();
    for (const { type, file, data } of records) {
      for (const { path, value } of valuesAt(data, searchTextFields(type)[kind])) {
        if (typeof value !== "string") continue;
        const earlier = firstFile.get(value.trim());
        if (earlier) problems.push({ file, field: fieldPath(path), message: `is "${value}", as in ${earlier}; each page needs its own ${kind}: search results tell pages apart by it` });
        else firstFile.set(value.trim(), file);
      }
    }
  }
  return problems;
}

/** Every problem across the files of a content folder or of the build's nodes. */
export function crossFileProblems(records: readonly ContentRecord[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const { type, key } of uniqueFields) {
    const firstFile = new Map<unknown, string>();
    for (const { file, data } of records.filter((record) => record.type === type)) {
      const earlier = firstFile.get(data[key]);
      if (earlier) problems.push({ file, field: key, message: `is "${String(data[key])}", as in ${earlier}; each file needs its own` });
      else firstFile.set(data[key], file);
    }
  }
  const read = recordReader(records);
  for (const { type, file, data } of records) {
    for (const broken of brokenLinks(type, data, read)) problems.push({ file, field: fieldPath(broken.path), message: brokenLinkMessage(broken) });
  }
  problems.push(...repeatedSearchTexts(records));
  return problems;
}
