// @ts-check
/**
 * Netlify's ignore command (`ignore` in netlify.toml): exit 0 cancels the build, exit 1 lets it run.
 *
 * Each production deploy costs credits, so a push that changes only content/ (what the CMS writes)
 * does not deploy by itself: the content waits for the daily publish, a build hook that also serves
 * an editor's "publish now" (docs/deploying.md, "Content is published in batches"). Deploy previews,
 * branch deploys and any change outside content/ build as before, and whatever is unclear builds.
 *
 * Netlify runs this before it installs the dependencies, so it uses Node's built-ins only.
 */
import { execFileSync } from "node:child_process";

const dailyPublish = 'the daily publish (docs/deploying.md, "Content is published in batches") builds it';

/** @typedef {{ build: boolean, reason: string }} Decision */

/** @param {string} reason @returns {Decision} */
const build = (reason) => ({ build: true, reason });
/** @param {string} reason @returns {Decision} */
const skip = (reason) => ({ build: false, reason });

/** @param {string[]} args @returns {string} git's output; throws when git fails */
const git = (args) => execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/**
 * The full sha of the commit `ref` names, or undefined when the clone has no such commit (a shallow
 * clone, a history rewritten since); throws when git itself fails.
 * @param {string} ref
 * @returns {string | undefined}
 */
function commitOf(ref) {
  try {
    return git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]).trim();
  } catch (error) {
    // With --quiet, exit 1 means only "no such commit"; git's own failures exit 128.
    if (/** @type {{ status?: unknown }} */ (error).status === 1) return undefined;
    throw error;
  }
}

/**
 * Every path changed between two commits. --no-renames lists both sides of a move, so a file moved
 * from src/ into content/ still counts as a change to src/; -z keeps unusual paths unquoted.
 * @param {string} from
 * @param {string} to
 * @returns {string[]}
 */
const changedPaths = (from, to) => git(["diff", "--name-only", "--no-renames", "-z", from, to]).split("\0").filter(Boolean);

/**
 * @param {NodeJS.ProcessEnv} env Netlify's build variables
 * @returns {Decision}
 */
function decide({ CONTEXT, COMMIT_REF = "HEAD", CACHED_COMMIT_REF, INCOMING_HOOK_URL, CONTENT_PUBLISH_HOOK }) {
  if (CONTEXT !== "production") return build(`CONTEXT is ${CONTEXT ?? "unset"}, not production: only production deploys wait for the daily publish`);
  // The hook is what publishes waiting content; without it (or without its Builds scope) nothing would.
  if (!CONTENT_PUBLISH_HOOK) return build("CONTENT_PUBLISH_HOOK is not set for builds: no daily publish, so every commit deploys");
  // CACHED_COMMIT_REF is the last commit Netlify built; without it there is nothing to compare with.
  if (!CACHED_COMMIT_REF) return build("no CACHED_COMMIT_REF: nothing to compare with");
  const cached = commitOf(CACHED_COMMIT_REF);
  if (!cached) return build(`CACHED_COMMIT_REF ${CACHED_COMMIT_REF} is not a commit in this clone: nothing to compare with`);
  const current = commitOf(COMMIT_REF);
  if (!current) return build(`COMMIT_REF ${COMMIT_REF} is not a commit in this clone`);
  const since = `since ${cached.slice(0, 7)}`;
  const changed = changedPaths(cached, current);

  // A build hook is the daily publish or an editor's "publish now": it publishes whatever waits.
  if (INCOMING_HOOK_URL) {
    return changed.length > 0
      ? build(`build hook, ${changed.length} file(s) changed ${since}`)
      : skip(`build hook, but nothing changed ${since}: the site is up to date`);
  }
  // Netlify sets CACHED_COMMIT_REF to COMMIT_REF when it builds without its cache: what changed is unknown.
  if (cached === current) return build("CACHED_COMMIT_REF is COMMIT_REF (a build without cache): what changed is unknown");
  const code = changed.filter((file) => !file.startsWith("content/"));
  if (code.length > 0) return build(`${code[0]}${code.length > 1 ? ` and ${code.length - 1} more path(s) outside content/` : ""} changed ${since}`);
  return skip(`only content/ changed ${since}; ${dailyPublish}`);
}

/** @type {Decision} */
let decision;
try {
  decision = decide(process.env);
} catch (error) {
  // Never skip on an error: a build too many costs credits, a deploy missing costs the site.
  const stderr = /** @type {{ stderr?: unknown }} */ (error).stderr;
  const message = typeof stderr === "string" && stderr.trim() ? stderr : String(error);
  decision = build(`git failed, and an error never skips a build (${message.trim().replace(/\s*\n\s*/g, " ")})`);
}
// One line in Netlify's build log.
console.log(`ignore-build: ${decision.build ? "building" : "skipped"}: ${decision.reason}`);
process.exitCode = decision.build ? 1 : 0;
