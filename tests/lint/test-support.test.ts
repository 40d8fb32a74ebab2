/**
 * @jest-environment node
 *
 * Tests and their support stay where the README's map says (issue 45): a test
 * file sits beside its code in `__tests__/` or in `tests/<kind>/`; what tests,
 * the bench and the commands share is TypeScript in scripts/lib/, typed by
 * itself, so no hand-written declaration file types a JavaScript helper.
 */
import { projectFiles } from "./project-files";

/** Every file of the project but vendor/ (Decap CMS's own build). */
const files = projectFiles().filter((file) => !file.startsWith("vendor/"));

test("every test file sits beside its code in __tests__/ or in tests/<kind>/", () => {
  const tests = files.filter((file) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(file));
  expect(tests.length).toBeGreaterThan(0);
  expect(tests.filter((file) => !file.split("/").includes("__tests__") && !/^tests\/[\w-]+\//.test(file))).toEqual([]);
});

test("no hand-written declaration file types a JavaScript module of ours, and the shared support is TypeScript", () => {
  expect(files.filter((file) => /\.d\.[cm]ts$/.test(file))).toEqual([]);
  // count-builds.cjs is loaded with `node --require` into every process of a run, Node 24's too (its comment says why);
  // ignore-build.mjs is Netlify's ignore command, which runs before the dependencies, jiti among them, are installed.
  expect(files.filter((file) => /^scripts\/.*\.[cm]?js$/.test(file))).toEqual(["scripts/ignore-build.mjs", "scripts/lib/builds/count-builds.cjs"]);
});
