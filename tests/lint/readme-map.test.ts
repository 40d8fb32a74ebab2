/**
 * @jest-environment node
 *
 * The README's map stays true: every top-level folder and every folder under
 * src/, netlify/, plugins/ and scripts/ has a row, and every row names a
 * folder that exists. Folders are those that hold a file, without the ones
 * .gitignore names (what installs, builds and runs leave); `__tests__` folders
 * sit beside their code and need no row. Read from the files, not from git:
 * the Node-24 leg runs the unit tests in a copy without a repository.
 */
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
const ignored = new Set(
  fs
    .readFileSync(path.join(root, ".gitignore"), "utf8")
    .split("\n")
    .filter((line) => /^[\w.-]+\/$/.test(line.trim()))
    .map((line) => line.trim().slice(0, -1)),
);
ignored.add(".git");

/** Each folder under `dir` that holds a file somewhere below it, as "a/b/". */
function foldersIn(dir: string, prefix = ""): string[] {
  const found: string[] = [];
  let holdsFile = false;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (prefix === "" && ignored.has(entry.name)) continue;
      const below = foldersIn(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      if (below.length > 0) holdsFile = true;
      found.push(...below);
    } else holdsFile = true;
  }
  return holdsFile && prefix !== "" ? [prefix, ...found] : found;
}
const folders = new Set(foldersIn(root));
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
