/**
 * Real builds of a copy of the project in a temporary folder (sharing
 * node_modules), so content can change and builds can run cold without
 * touching the main build, its cache or its public/ folder. Used by the build
 * tests in tests/build/ (buildCopy, with small pictures), by `npm run bench`'s
 * scaling run, and, as copies of the working tree, by the CMS's tests and
 * `npm run test:new-town`.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

/** This project: the folder three above this file's. */
export const root = path.resolve(__dirname, "../../..");

/** What a build reads; node_modules is linked instead of copied. */
const projectFiles = ["gatsby-config.ts", "gatsby-node.ts", "gatsby-browser.tsx", "gatsby-ssr.tsx", "package.json", "tsconfig.json", "plugins", "src", "static", "content", "vendor"];

export interface CopyBuild {
  /** Exit code of `gatsby build`; null when it was killed (see timedOut). */
  status: number | null;
  timedOut: boolean;
  /** stdout and stderr as written. */
  output: string;
  /** Wall-clock time of `gatsby build` alone, without copying. */
  seconds: number;
}

/**
 * Runs `gatsby build` in `dir`. Without the caller's CONTENT_DIR, so the copy
 * builds from its own content/. `projectRoot` is the project the copy was made
 * from (its node_modules/.bin holds gatsby).
 */
function gatsbyBuild(projectRoot: string, dir: string, timeoutMs: number): Promise<CopyBuild> {
  const env: NodeJS.ProcessEnv = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", CI: "true" };
  delete env.CONTENT_DIR;
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    // Collected as chunks, not through spawnSync: a build of a thousand pages can print more than spawnSync's buffer holds.
    const chunks: Buffer[] = [];
    const child = spawn(path.join(projectRoot, "node_modules/.bin/gatsby"), ["build"], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill();
    }, timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
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
 */
export async function shrinkPictures(dir: string): Promise<void> {
  const images = path.join(dir, "content", "images");
  for (const file of fs.readdirSync(images).filter((name) => /\.(jpe?g|png|webp)$/i.test(name))) {
    const full = path.join(images, file);
    fs.writeFileSync(full, await sharp(fs.readFileSync(full)).resize({ width: 64 }).toBuffer());
  }
}

/**
 * Copies the project at `root` into a new temporary folder, lets `prepare`
 * change the copy's files, builds it, and hands the folder to `inspect` before
 * it is removed. `prefix` starts the temporary folder's name, to tell whose
 * copy it is; a build still running after `timeoutMs` is killed.
 */
export async function buildProjectCopy({
  root: projectRoot,
  prefix = "project-copy-",
  prepare,
  inspect,
  timeoutMs,
}: {
  root: string;
  prefix?: string;
  prepare?: (dir: string) => void | Promise<void>;
  inspect?: (dir: string, build: CopyBuild) => void;
  timeoutMs: number;
}): Promise<CopyBuild> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  try {
    for (const name of projectFiles) fs.cpSync(path.join(projectRoot, name), path.join(dir, name), { recursive: true });
    fs.symlinkSync(path.join(projectRoot, "node_modules"), path.join(dir, "node_modules"));
    await prepare?.(dir);
    const build = await gatsbyBuild(projectRoot, dir, timeoutMs);
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
 */
function workingTreeFiles(projectRoot: string): string[] {
  const git = (args: string[], cwd = projectRoot) => execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  try {
    return existing(projectRoot, git(["ls-files", "--cached", "--others", "--exclude-standard", "-z"]).split("\0"));
  } catch (error) {
    if (!/not a git repository/.test(String((error as { stderr?: unknown }).stderr))) throw error;
  }
  const gitDir = fs.mkdtempSync(path.join(os.tmpdir(), "working-tree-git-"));
  try {
    git(["init", "-q", gitDir], os.tmpdir());
    const listed = git(["--git-dir", path.join(gitDir, ".git"), "--work-tree", projectRoot, "ls-files", "--others", "--exclude-standard", "-z"]).split("\0");
    return existing(projectRoot, listed).filter((file) => fs.lstatSync(path.join(projectRoot, file)).isFile());
  } finally {
    fs.rmSync(gitDir, { recursive: true, force: true });
  }
}

/** The listed files that are there (git lists a deleted file it tracks). */
const existing = (projectRoot: string, listed: string[]) => listed.filter((file) => file && fs.existsSync(path.join(projectRoot, file)));

/** Copies the files of workingTreeFiles(root) into `dir`. */
export function copyFilesOf(projectRoot: string, dir: string): void {
  for (const file of workingTreeFiles(projectRoot)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(projectRoot, file), path.join(dir, file));
  }
}

/**
 * Copies the working tree (workingTreeFiles) into a new temporary folder that
 * shares node_modules, and returns the folder: for `npm test` run on a changed
 * copy (npm run test:new-town) and the CMS's tests, which save into the copy.
 * `prefix` starts the temporary folder's name.
 */
export function copyWorkingTree(projectRoot: string, prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  copyFilesOf(projectRoot, dir);
  fs.symlinkSync(path.join(projectRoot, "node_modules"), path.join(dir, "node_modules"));
  return dir;
}

/** What the build tests plant in a copy's content: JSON as the files hold it. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface BuildResult {
  status: number | null;
  /** stdout and stderr, whitespace collapsed, for matching messages. */
  output: string;
}

const asResult = ({ status, output }: { status: number | null; output: string }): BuildResult => ({ status, output: output.replace(/\s+/g, " ") });

/**
 * For the build tests (tests/build/): copies this project with small pictures,
 * lets `prepare` change the copy's files, builds it, and hands the folder to
 * `inspect` before it is removed.
 */
export async function buildCopy(prepare: (dir: string) => void, inspect?: (dir: string, result: BuildResult) => void): Promise<BuildResult> {
  const build = await buildProjectCopy({
    root,
    prefix: "content-fixture-",
    prepare: async (dir) => {
      await shrinkPictures(dir);
      prepare(dir);
    },
    inspect: inspect && ((dir, built) => inspect(dir, asResult(built))),
    timeoutMs: 420_000,
  });
  return asResult(build);
}

export const readJson = (file: string): Json => JSON.parse(fs.readFileSync(file, "utf8")) as Json;
export const writeJson = (file: string, data: Json): void => fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
