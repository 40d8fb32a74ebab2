/**
 * A content folder read as the build reads it, without Gatsby: for
 * `npm run content:check` (scripts/content-check.ts) and the tests, which
 * take their facts and records from content/ the same way.
 */
import fs from "node:fs";
import path from "node:path";
import { contentTypeFor, isRecord, parseContentFile, validateContent, type ContentProblem, type ReadRecords } from "./content-schema";
import { recordReader, type ContentRecord } from "./cross-file";
import { factsFrom } from "./facts";
import { recordProblems } from "./text-findings";

/** Every file under `dir`, as paths relative to it with "/" separators, sorted; none when `dir` does not exist. */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** Every JSON file under `contentDir` as a record of its type (files relative to it), with each file's problems against its schema. */
export function readContentFolder(contentDir: string): { records: ContentRecord[]; problems: ContentProblem[] } {
  const records: ContentRecord[] = [];
  const problems: ContentProblem[] = [];
  for (const file of listFiles(contentDir).filter((name) => name.endsWith(".json"))) {
    const { data, problem } = parseContentFile(file, fs.readFileSync(path.join(contentDir, file), "utf8"));
    const type = contentTypeFor(file);
    problems.push(...(problem ? [problem] : validateContent(file, type, data)));
    if (isRecord(data)) records.push({ type, file, data });
  }
  return { records, problems };
}

/** The records of the JSON files under `contentDir` by type, as ReadRecords: what the tests take their lists and facts from. */
export function readContentRecords(contentDir: string): ReadRecords {
  return recordReader(readContentFolder(contentDir).records);
}

/**
 * What the build would refuse in a content folder's JSON files: each file
 * against its schema, then the checks across files and every text's markup
 * and fact references. The facts are read only once every file fits its
 * schema, as the build reads them only then.
 */
export function contentFolderProblems(contentDir: string): ContentProblem[] {
  const { records, problems } = readContentFolder(contentDir);
  const facts = problems.length === 0 ? factsFrom(recordReader(records)) : undefined;
  return [...problems, ...recordProblems(records, facts)];
}
