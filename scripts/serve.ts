/**
 * `npm start`: Netlify's local runtime on :8888, which builds the site
 * (netlify.toml's build command, once) and then serves it. It reads
 * public/_headers into its configuration before that build and lets that
 * copy win over the file the build writes; a copy from an earlier build
 * carries that build's script hashes, and its CSP would block the new
 * build's inline scripts. Without the file, the
 * runtime serves the headers of the build it makes.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";

fs.rmSync("public/_headers", { force: true });
// The functions run inside the runtime's process, so it gets production's memory setting (README, "Environment variables").
const runtime = spawn("netlify", ["serve", "--offline", "--internal-disable-edge-functions"], { stdio: "inherit", env: { MALLOC_ARENA_MAX: "2", ...process.env } });
runtime.once("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => runtime.kill(signal));
