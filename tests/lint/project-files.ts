import fs from "node:fs";
import path from "node:path";

export const projectRoot = path.resolve(__dirname, "../..");

/** The top-level folders .gitignore names (what installs, builds and runs leave), and .git. */
const ignored = new Set(
  fs
    .readFileSync(path.join(projectRoot, ".gitignore"), "utf8")
    .split("\n")
    .filter((line) => /^[\w.-]+\/$/.test(line.trim()))
    .map((line) => line.trim().slice(0, -1)),
);
ignored.add(".git");

/**
 * Every file of the project, as "a/b/c.ts", without those folders. Read from
 * the files, not from git: `npm run test:new-town` runs the unit tests in a
 * copy without a repository.
 */
export function projectFiles(dir = projectRoot, prefix = ""): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (prefix === "" && ignored.has(entry.name)) return [];
    if (entry.isDirectory()) return projectFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`);
    return entry.isFile() ? [`${prefix}${entry.name}`] : [];
  });
}
