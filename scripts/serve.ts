/**
 * `npm start`: Netlify's local runtime on :8888, which builds the site
 * (netlify.toml's build command, once) and then serves it. It reads
 * public/_headers into its configuration before that build and lets that
 * copy win over the file the build writes; a copy from an earlier build
 * carries that build's script hashes, and its CSP would block the new
 * build's inline scripts. Without the file, the
 * runtime serves the headers of the build it makes.
 *
 * `npm start -- --no-build` starts the runtime again over the site the last
 * build left in public/, its _headers included: the delivery tests restart
 * the runtime so, since what they check is that a stored request survives a
 * restart, not a build (docs/testing.md). The runtime has no option to skip
 * its build; with npm's `script-shell` set to `true`, netlify.toml's
 * `npm run build` runs nothing, and the runtime does all else as on a
 * first start (it bundles the functions and serves public/ with its rules).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";

const keepBuild = process.argv.includes("--no-build");
if (keepBuild && !fs.existsSync("public/index.html")) {
  console.error("npm start -- --no-build serves the last build's public/, and there is none: run `npm start` first.");
  process.exit(1);
}
if (keepBuild) console.log("Serving the built public/ without a build: the build command below runs nothing (npm_config_script_shell=true).");
else fs.rmSync("public/_headers", { force: true });
// The functions run inside the runtime's process, so it gets production's memory setting (README, "Environment variables").
const env = { MALLOC_ARENA_MAX: "2", ...process.env, ...(keepBuild ? { npm_config_script_shell: "true" } : {}) };
const runtime = spawn("netlify", ["serve", "--offline", "--internal-disable-edge-functions"], { stdio: "inherit", env });
runtime.once("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => runtime.kill(signal));
