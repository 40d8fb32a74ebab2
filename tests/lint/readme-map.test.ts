/**
 * @jest-environment node
 *
 * The README's map stays true: every top-level folder and every folder under
 * src/, netlify/, plugins/ and scripts/ has a row, and every row names a
 * folder that exists. Folders are those git tracks files in; `__tests__`
 * folders sit beside their code and need no row.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);

/** Each folder that holds a tracked file, and each folder above it. */
const folders = new Set<string>();
for (const file of tracked) {
  const parts = file.split("/").slice(0, -1);
  for (let depth = 1; depth <= parts.length; depth += 1) folders.add(`${parts.slice(0, depth).join("/")}/`);
}
const mapped = (folder: string) =>
  !folder.split("/").includes("__tests__") && (folder.split("/").length === 2 || /^(src|netlify|plugins|scripts)\//.test(folder));

const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
const map = readme.slice(readme.indexOf("\n## Map\n"), readme.indexOf("\n## ", readme.indexOf("\n## Map\n") + 1));
const rows = [...map.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1] ?? "");

test("the README's map has a row for every folder it must name", () => {
  expect(rows.length).toBeGreaterThan(0);
  expect([...folders].filter(mapped).filter((folder) => !rows.includes(folder)).sort()).toEqual([]);
});

test("every row of the map names a folder that exists", () => {
  expect(rows.filter((row) => !folders.has(row))).toEqual([]);
});
