/**
 * @jest-environment node
 *
 * Tests and their support stay where the README's map says (issue 45): a test
 * file sits beside its code in `__tests__/` or in `tests/<kind>/`; what tests,
 * the bench and the commands share is TypeScript in scripts/lib/, typed by
 * itself, so no hand-written declaration file types a JavaScript helper.
 * Read from the files, not from git: the Node-24 leg runs the unit tests in a
 * copy without a repository.
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
for (const folder of [".git", "vendor"]) ignored.add(folder);

/** Every file of the project, as "a/b/c.ts", without the folders .gitignore names and vendor/ (Decap CMS's own build). */
function filesIn(dir: string, prefix = ""): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (prefix === "" && ignored.has(entry.name)) return [];
    if (entry.isDirectory()) return filesIn(path.join(dir, entry.name), `${prefix}${entry.name}/`);
    return entry.isFile() ? [`${prefix}${entry.name}`] : [];
  });
}
const files = filesIn(root);

test("every test file sits beside its code in __tests__/ or in tests/<kind>/", () => {
  const tests = files.filter((file) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(file));
  expect(tests.length).toBeGreaterThan(0);
  expect(tests.filter((file) => !file.split("/").includes("__tests__") && !/^tests\/[\w-]+\//.test(file))).toEqual([]);
});

test("no hand-written declaration file types a JavaScript module of ours, and the shared support is TypeScript", () => {
  expect(files.filter((file) => /\.d\.[cm]ts$/.test(file))).toEqual([]);
  // count-builds.cjs is loaded with `node --require` into every process of a run, Node 24's too (its comment says why).
  expect(files.filter((file) => /^scripts\/.*\.[cm]?js$/.test(file))).toEqual(["scripts/lib/builds/count-builds.cjs"]);
});
