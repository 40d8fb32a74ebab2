import { markdownMarkupProblems, textMarkupProblems } from "./content-markup";
import { fieldPath, isRecord, textsIn, type ContentProblem, type FieldPath } from "./content-schema";
import { crossFileProblems, type ContentRecord } from "./cross-file";
import { referencesIn, type FactTable } from "./facts";

/** What is wrong with one text: markup content may not carry, or a fact reference that names no fact. */
export type TextFinding = { path: FieldPath; markup: string[] } | { path: FieldPath; unknownFact: string };

/**
 * Every text of a record checked: markup content may not carry
 * (content-markup.ts: none in a text field; in a Markdown `body`, the text
 * under a file's frontmatter, nothing the sanitiser would remove, no comment
 * and no parse error, as a browser reads it) and, given
 * the facts, each fact reference that names no fact. The build, content:check
 * and the CMS's check before saving each word the findings their own way.
 */
export function* textFindings(record: unknown, facts: FactTable | undefined, body?: string): Generator<TextFinding> {
  for (const { path, text } of textsIn(body === undefined ? record : { ...(isRecord(record) ? record : {}), body })) {
    const isBody = body !== undefined && path.length === 1 && path[0] === "body";
    const markup = isBody ? markdownMarkupProblems(text) : textMarkupProblems(text);
    if (markup.length > 0) yield { path, markup };
    if (!facts) continue;
    for (const reference of referencesIn(text)) if (!Object.hasOwn(facts, reference)) yield { path, unknownFact: reference };
  }
}

/** A record's text findings in the words of the build's content errors, which content:check shares. */
export function textProblems(file: string, record: unknown, facts: FactTable | undefined, body?: string): ContentProblem[] {
  return Array.from(textFindings(record, facts, body), (finding) => ({
    file,
    field: fieldPath(finding.path),
    message:
      "markup" in finding
        ? `holds ${finding.markup.join(", ")}, which content may not carry (docs/content.md)`
        : `names {${finding.unknownFact}}, which is no fact (docs/content.md)`,
  }));
}

/**
 * What the build refuses in a set of JSON records once each fits its schema:
 * the checks across files, then every record's text findings (without facts,
 * only markup). The build and content:check both run it on their records.
 */
export function recordProblems(records: readonly ContentRecord[], facts: FactTable | undefined): ContentProblem[] {
  return [...crossFileProblems(records), ...records.flatMap(({ file, data }) => textProblems(file, data, facts))];
}
