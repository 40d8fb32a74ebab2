/**
 * Starts `npm start` (build, then Netlify's local runtime on :8888), or another
 * script that serves the site there (`npm run cms`), and waits until it answers.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";

export const port = 8888;

const portInUse = () =>
  new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });

/**
 * Starts a command in its own process group, its output into `logFile`.
 * `done` settles with its exit code; `exitCode` is the child's own, null while
 * it runs (1 when a signal ended it, as `done` has it); stop() ends the whole
 * group (the command and all it started) while the command runs, and waits
 * for its exit.
 * @param {string} command
 * @param {string[]} args
 * @param {string} logFile
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [options]
 */
export function startInBackground(command, args, logFile, { cwd = process.cwd(), env = process.env } = {}) {
  const log = fs.openSync(logFile, "w");
  const child = spawn(command, args, { cwd, stdio: ["ignore", log, log], detached: true, env });
  const done = new Promise((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
  return {
    done,
    get exitCode() {
      return child.exitCode ?? (child.signalCode ? 1 : null);
    },
    async stop() {
      try {
        if (child.exitCode === null) process.kill(-child.pid, "SIGTERM");
      } catch {
        /* already gone */
      }
      return done;
    },
  };
}

export async function startSite({ logFile, env = {}, cwd = process.cwd(), script = "start" }) {
  if (await portInUse()) {
    throw new Error(`Port ${port} is already in use: stop the running "npm start" first, so the tests see a fresh build.`);
  }
  const site = startInBackground("npm", ["run", script], logFile, { cwd, env: { ...process.env, ...env } });
  /** Ends the whole process group (npm, the build, netlify serve and its servers) and waits until the port is free. */
  const stop = async () => {
    await site.stop();
    while (await portInUse()) await new Promise((resolve) => setTimeout(resolve, 200));
  };
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    if (site.exitCode !== null) {
      throw new Error(`"npm run ${script}" stopped (exit ${site.exitCode}) before serving; the end of ${logFile}:\n${tail(logFile)}`);
    }
    try {
      const response = await fetch(`http://localhost:${port}/`);
      if (response.ok) return { stop };
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  stop();
  throw new Error(`"npm run ${script}" did not answer on :${port} within 15 minutes; the end of ${logFile}:\n${tail(logFile)}`);
}

export function tail(file, lines = 60) {
  return fs.readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
}
