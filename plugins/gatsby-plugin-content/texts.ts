import fs from "node:fs";
import path from "node:path";
import { fieldPath, textsIn } from "./content-schema";
import { referencesIn } from "./facts";

/**
 * Each reference left in the query results of the pages under `pageDataDir`
 * (their page-data.json and the static queries they name), as "file: field
 * shows {reference}". Other files there may be left from earlier builds.
 */
export function referencesShownIn(pageDataDir: string): string[] {
  const read = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as { staticQueryHashes?: string[] };
  const pages = fs
    .readdirSync(pageDataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === "page-data.json")
    .map((entry) => path.join(entry.parentPath, entry.name));
  const staticQueries = new Set(pages.flatMap((file) => read(file).staticQueryHashes ?? []));
  const shown: string[] = [];
  for (const file of [...pages, ...[...staticQueries].map((hash) => path.join(pageDataDir, "sq", "d", `${hash}.json`))]) {
    for (const { path: at, text } of textsIn(read(file))) {
      for (const reference of referencesIn(text)) shown.push(`${file}: ${fieldPath(at)} shows {${reference}}`);
    }
  }
  return shown;
}
