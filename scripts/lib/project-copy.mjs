/**
 * Real builds of a copy of the project in a temporary folder (sharing
 * node_modules), so content can change and builds can run cold without
 * touching the main build, its cache or its public/ folder. Used by the build
 * tests in tests/build/ and by `npm run bench`'s scaling run.
 *
 * The project root is passed in rather than found from import.meta: Jest runs
 * this file as CommonJS, where import.meta does not exist.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

/** What a build reads; node_modules is linked instead of copied. */
const projectFiles = ["gatsby-config.ts", "gatsby-node.ts", "gatsby-browser.tsx", "gatsby-ssr.tsx", "package.json", "tsconfig.json", "plugins", "src", "static", "content", "vendor"];

/**
 * @typedef {object} CopyBuild
 * @property {number | null} status exit code of `gatsby build`; null when it was killed (see timedOut)
 * @property {boolean} timedOut
 * @property {string} output stdout and stderr as written
 * @property {number} seconds wall-clock time of `gatsby build` alone, without copying
 */

/**
 * Runs `gatsby build` in `dir`. Without the caller's CONTENT_DIR, so the copy
 * builds from its own content/.
 * @param {string} root the project the copy was made from (its node_modules/.bin holds gatsby)
 * @param {string} dir
 * @param {number} timeoutMs
 * @returns {Promise<CopyBuild>}
 */
function gatsbyBuild(root, dir, timeoutMs) {
  const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", CI: "true" };
  delete env.CONTENT_DIR;
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    // Collected as chunks, not through spawnSync: a build of a thousand pages can print more than spawnSync's buffer holds.
    const chunks = [];
    const child = spawn(path.join(root, "node_modules/.bin/gatsby"), ["build"], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill();
    }, timeoutMs);
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({
        status,
        timedOut,
        output: Buffer.concat(chunks).toString("utf8"),
        seconds: Number(process.hrtime.bigint() - started) / 1e9,
      });
    });
  });
}

/**
 * Shrinks the copy's pictures to 64 px wide: builds of a copy are about pages,
 * lists and messages, and encoding the full-size pictures (AVIF above all)
 * took most of a copy's build time. The picture pipeline itself is the main
 * build's, with the real pictures.
 * @param {string} dir
 */
export async function shrinkPictures(dir) {
  const images = path.join(dir, "content", "images");
  for (const file of fs.readdirSync(images).filter((name) => /\.(jpe?g|png|webp)$/i.test(name))) {
    const full = path.join(images, file);
    fs.writeFileSync(full, await sharp(fs.readFileSync(full)).resize({ width: 64 }).toBuffer());
  }
}

/**
 * Copies the project at `root` into a new temporary folder, lets `prepare`
 * change the copy's files, builds it, and hands the folder to `inspect` before
 * it is removed.
 * @param {object} options
 * @param {string} options.root
 * @param {string} [options.prefix] start of the temporary folder's name, to tell whose copy it is
 * @param {(dir: string) => void | Promise<void>} [options.prepare]
 * @param {(dir: string, build: CopyBuild) => void} [options.inspect]
 * @param {number} options.timeoutMs a build still running then is killed
 * @returns {Promise<CopyBuild>}
 */
export async function buildProjectCopy({ root, prefix = "project-copy-", prepare, inspect, timeoutMs }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  try {
    for (const name of projectFiles) fs.cpSync(path.join(root, name), path.join(dir, name), { recursive: true });
    fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
    await prepare?.(dir);
    const build = await gatsbyBuild(root, dir, timeoutMs);
    inspect?.(dir, build);
    return build;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The working tree's files as git sees them (tracked and new files, nothing
 * ignored, so uncommitted work is in it), relative to `root`. A folder git does
 * not know, such as a copy made by copyWorkingTree (npm run test:new-town runs
 * `npm test` in one), gives its files but what .gitignore leaves out, as git
 * reads it: with a git directory made for the purpose and removed after. Only
 * regular files there, so the copy's node_modules link is left out.
 * @param {string} root
 * @returns {string[]}
 */
function workingTreeFiles(root) {
  const git = (args, cwd = root) => execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  try {
    return existing(root, git(["ls-files", "--cached", "--others", "--exclude-standard", "-z"]).split("\0"));
  } catch (error) {
    if (!/not a git repository/.test(String(error.stderr))) throw error;
  }
  const gitDir = fs.mkdtempSync(path.join(os.tmpdir(), "working-tree-git-"));
  try {
    git(["init", "-q", gitDir], os.tmpdir());
    const listed = git(["--git-dir", path.join(gitDir, ".git"), "--work-tree", root, "ls-files", "--others", "--exclude-standard", "-z"]).split("\0");
    return existing(root, listed).filter((file) => fs.lstatSync(path.join(root, file)).isFile());
  } finally {
    fs.rmSync(gitDir, { recursive: true, force: true });
  }
}

/** The listed files that are there (git lists a deleted file it tracks). */
const existing = (root, listed) => listed.filter((file) => file && fs.existsSync(path.join(root, file)));

/**
 * Copies the files of workingTreeFiles(root) into `dir`.
 * @param {string} root
 * @param {string} dir
 */
export function copyFilesOf(root, dir) {
  for (const file of workingTreeFiles(root)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(dir, file));
  }
}

/**
 * Copies the working tree (workingTreeFiles) into a new temporary folder that
 * shares node_modules, and returns the folder: for `npm test` run on a changed
 * copy (npm run test:new-town) and the CMS's tests, which save into the copy.
 * @param {string} root
 * @param {string} prefix start of the temporary folder's name
 * @returns {string}
 */
export function copyWorkingTree(root, prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  copyFilesOf(root, dir);
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  return dir;
}
