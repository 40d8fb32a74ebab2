/** @jest-environment node */
/**
 * Netlify's ignore command, run as netlify.toml writes it, by bash, in a scratch git repository
 * whose history holds each kind of change, with Netlify's build variables set: exit 0 skips the
 * build, 1 builds it (docs/deploying.md, "Content is published in batches"). The scratch
 * repository's git reads no global or system configuration, so the machine's cannot change it.
 */
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const projectRoot = path.resolve(__dirname, "../..");
const script = "scripts/ignore-build.mjs";

/**
 * The `ignore` line of netlify.toml's [build] section. No TOML parser is a dependency, so a strict
 * pattern reads the one line, and the test fails if it is not there as written.
 */
function ignoreCommand(): string {
  const toml = fs.readFileSync(path.join(projectRoot, "netlify.toml"), "utf8");
  const build = /^\[build\]\n([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(toml)?.[1] ?? "";
  const line = /^ *ignore = "([^"\\]+)" *$/m.exec(build);
  if (!line?.[1]) throw new Error('netlify.toml has no line `ignore = "…"` in its [build] section');
  return line[1];
}

const gitEnv = { GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: os.devNull };
/** The test's environment without Netlify's variables, which each run sets itself. */
const { CONTEXT: _c, COMMIT_REF: _r, CACHED_COMMIT_REF: _cr, INCOMING_HOOK_URL: _h, CONTENT_PUBLISH_HOOK: _p, ...baseEnv } = process.env;

let repo = "";
const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { cwd: repo, env: { ...baseEnv, ...gitEnv }, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.trim();
};

/** Writes the files, commits them and returns the commit's sha. */
function commit(message: string, files: Record<string, string>): string {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    fs.writeFileSync(path.join(repo, file), text);
  }
  run("git", ["add", "-A"]);
  run("git", ["commit", "-q", "-m", message]);
  return run("git", ["rev-parse", "HEAD"]);
}

type Netlify = { CONTEXT?: string; COMMIT_REF?: string; CACHED_COMMIT_REF?: string; INCOMING_HOOK_URL?: string; CONTENT_PUBLISH_HOOK?: string; GIT_DIR?: string };

/** The ignore command as Netlify runs it: by the shell, in the clone, with its variables. */
function ignore(variables: Netlify): SpawnSyncReturns<string> {
  return spawnSync("bash", ["-c", ignoreCommand()], { cwd: repo, env: { ...baseEnv, ...gitEnv, ...variables }, encoding: "utf8" });
}

/** Asserts the exit code and the one line the command printed, which names its decision and why. */
function expectDecision(result: SpawnSyncReturns<string>, decision: "skipped" | "building", why: RegExp) {
  expect({ status: result.status, stderr: result.stderr }).toEqual({ status: decision === "skipped" ? 0 : 1, stderr: "" });
  const lines = result.stdout.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^ignore-build: ${decision}: `));
  expect(lines[0]).toMatch(why);
}

/** Production with the daily publish set up: the hook's variable has the Builds scope too (docs/deploying.md). */
const production = { CONTEXT: "production", CONTENT_PUBLISH_HOOK: "https://api.netlify.com/build_hooks/0123456789abcdef" };
const hook = { INCOMING_HOOK_URL: "https://api.netlify.com/build_hooks/0123456789abcdef" };
/** The commits of the scratch history, by what each one changes. */
const sha: Record<string, string> = {};
/** For each path outside content/, the commit before the one that changes it beside content/. */
const before: Record<string, string> = {};
const codePaths = ["src/pages/index.tsx", "plugins/gatsby-plugin-content/schema.ts", "package.json", "netlify.toml", "static/favicon.svg"];

beforeAll(() => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), "ignore-build-"));
  run("git", ["init", "-q"]);
  run("git", ["config", "user.name", "Test"]);
  run("git", ["config", "user.email", "test@example.invalid"]);
  fs.mkdirSync(path.join(repo, "scripts"));
  fs.copyFileSync(path.join(projectRoot, script), path.join(repo, script));
  sha.base = commit("the site", {
    "content/services.json": "[1]\n",
    "src/pages/index.tsx": "export {};\n",
    "src/lib/prices.ts": "export {};\n",
    "plugins/gatsby-plugin-content/schema.ts": "export {};\n",
    "package.json": "{}\n",
    "netlify.toml": "[build]\n",
    "static/favicon.svg": "<svg/>\n",
  });
  sha.content = commit("an editor's change", { "content/services.json": "[2]\n", "content/blog/new.md": "# New\n" });
  let last = sha.content;
  for (const [index, file] of codePaths.entries()) {
    before[file] = last;
    last = sha[file] = commit(`${file} and content`, { [file]: `${fs.readFileSync(path.join(repo, file), "utf8")}\n`, "content/services.json": `[${index + 3}]\n` });
  }
  sha.beforeBatch = last;
  sha.content1 = commit("content 1", { "content/towns.json": "[1]\n" });
  sha.content2 = commit("content 2", { "content/towns.json": "[2]\n" });
  sha.code = commit("code", { "src/lib/prices.ts": "export const price = 1;\n" });
  fs.renameSync(path.join(repo, "src/lib/prices.ts"), path.join(repo, "content/prices.ts"));
  sha.moved = commit("moved into content/", {});
});

afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));

describe("a push to production", () => {
  it("changing only content/ is skipped", () => {
    expectDecision(ignore({ ...production, CACHED_COMMIT_REF: sha.base, COMMIT_REF: sha.content }), "skipped", /only content\/ changed since .{7}; the daily publish/);
  });

  it.each(codePaths)("changing %s beside content/ builds", (file) => {
    expectDecision(ignore({ ...production, CACHED_COMMIT_REF: before[file], COMMIT_REF: sha[file] }), "building", new RegExp(`${file} changed since`));
  });

  it("after content commits that were skipped, a code commit builds them all", () => {
    expectDecision(ignore({ ...production, CACHED_COMMIT_REF: sha.beforeBatch, COMMIT_REF: sha.content2 }), "skipped", /only content\//);
    expectDecision(ignore({ ...production, CACHED_COMMIT_REF: sha.beforeBatch, COMMIT_REF: sha.code }), "building", /src\/lib\/prices\.ts changed/);
  });

  it("moving a file from src/ into content/ builds", () => {
    expectDecision(ignore({ ...production, CACHED_COMMIT_REF: sha.code, COMMIT_REF: sha.moved }), "building", /src\/lib\/prices\.ts changed/);
  });

  it("changing only content/ builds when the daily publish is not set up for builds (no CONTENT_PUBLISH_HOOK)", () => {
    expectDecision(ignore({ CONTEXT: "production", CACHED_COMMIT_REF: sha.base, COMMIT_REF: sha.content }), "building", /CONTENT_PUBLISH_HOOK is not set/);
  });

  it("built without cache (CACHED_COMMIT_REF is COMMIT_REF) builds", () => {
    expectDecision(ignore({ ...production, CACHED_COMMIT_REF: sha.content, COMMIT_REF: sha.content }), "building", /without cache/);
  });
});

describe("a build hook's build on production", () => {
  it("with content waiting since the last build builds", () => {
    expectDecision(ignore({ ...production, ...hook, CACHED_COMMIT_REF: sha.base, COMMIT_REF: sha.content }), "building", /build hook, 2 file\(s\) changed/);
  });

  it("with nothing new is skipped", () => {
    expectDecision(ignore({ ...production, ...hook, CACHED_COMMIT_REF: sha.content, COMMIT_REF: sha.content }), "skipped", /build hook, but nothing changed/);
  });
});

describe("whatever the ignore command cannot compare builds", () => {
  it.each(["deploy-preview", "branch-deploy"])("a content-only change on %s", (context) => {
    expectDecision(ignore({ CONTEXT: context, CACHED_COMMIT_REF: sha.base, COMMIT_REF: sha.content }), "building", new RegExp(`CONTEXT is ${context}`));
  });

  it("a CACHED_COMMIT_REF the clone does not have", () => {
    const unknown = randomBytes(20).toString("hex");
    expectDecision(ignore({ ...production, CACHED_COMMIT_REF: unknown, COMMIT_REF: sha.content }), "building", new RegExp(`${unknown} is not a commit in this clone`));
  });

  it("no CACHED_COMMIT_REF", () => {
    expectDecision(ignore({ ...production, COMMIT_REF: sha.content }), "building", /no CACHED_COMMIT_REF/);
  });

  it("git failing", () => {
    const notARepository = path.join(repo, "content");
    expectDecision(ignore({ ...production, CACHED_COMMIT_REF: sha.base, COMMIT_REF: sha.content, GIT_DIR: notARepository }), "building", /git failed, and an error never skips a build \(fatal: not a git repository/);
  });
});
