/**
 * @jest-environment node
 *
 * The README's map stays true: every top-level folder and every folder under
 * src/, netlify/, plugins/ and scripts/ has a row, and every row names a
 * folder that exists. Folders are those that hold a file, without the ones
 * .gitignore names (what installs, builds and runs leave); `__tests__` folders
 * sit beside their code and need no row. The files are read as
 * tests/lint/project-files.ts reads them.
 */
import fs from "node:fs";
import path from "node:path";
import { projectFiles, projectRoot } from "./project-files";

/** Each folder that holds a file somewhere below it, as "a/b/". */
const folders = new Set(projectFiles().flatMap((file) => file.split("/").slice(0, -1).map((_, index, parts) => `${parts.slice(0, index + 1).join("/")}/`)));
const mapped = (folder: string) =>
  !folder.split("/").includes("__tests__") && (folder.split("/").length === 2 || /^(src|netlify|plugins|scripts)\//.test(folder));

const readme = fs.readFileSync(path.join(projectRoot, "README.md"), "utf8");
const map = readme.slice(readme.indexOf("\n## Map\n"), readme.indexOf("\n## ", readme.indexOf("\n## Map\n") + 1));
const rows = [...map.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1] ?? "");

test("the README's map has a row for every folder it must name", () => {
  expect(rows.length).toBeGreaterThan(0);
  expect([...folders].filter(mapped).filter((folder) => !rows.includes(folder)).sort()).toEqual([]);
});

test("every row of the map names a folder that exists", () => {
  expect(rows.filter((row) => !folders.has(row))).toEqual([]);
});
