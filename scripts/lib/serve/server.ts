/**
 * Starts `npm start` (build, then Netlify's local runtime on :8888), or another
 * script that serves the site there (`npm run cms`), and waits until it answers.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";

export const port = 8888;

const portInUse = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });

export interface BackgroundProcess {
  /** Settles with the exit code (1 when a signal ended it). */
  done: Promise<number>;
  /** The child's own exit code: null while it runs, 1 when a signal ended it, as `done` has it. */
  readonly exitCode: number | null;
  /** Ends the whole group (the command and all it started) while the command runs, and waits for its exit. */
  stop(): Promise<number>;
  /** Sets the niceness of its session's autogroup (below); where there are none, its `nice` stays. */
  renice(niceness: number): void;
}

/**
 * Starts a command in its own process group, its output into `logFile`.
 * `done` settles with its exit code; `exitCode` is the child's own, null while
 * it runs (1 when a signal ended it, as `done` has it); stop() ends the whole
 * group (the command and all it started) while the command runs, and waits
 * for its exit.
 *
 * With `niceness` it runs at that lower priority, all it starts included.
 * Linux's scheduler with autogroups (sched(7), on by default) first shares
 * the CPU between sessions, and this command is a session of its own
 * (detached), so its session's autogroup gets the niceness: a process's own
 * nice ranks it only within its session. For a machine without autogroups
 * it also runs under `nice -n`, which sets the priority before it starts, so
 * every thread and process it starts has it (os.setPriority on its pid would
 * set one thread, once it already runs).
 */
export function startInBackground(
  command: string,
  args: string[],
  logFile: string,
  { cwd = process.cwd(), env = process.env, niceness }: { cwd?: string; env?: NodeJS.ProcessEnv; niceness?: number } = {},
): BackgroundProcess {
  const log = fs.openSync(logFile, "w");
  const [file, fileArgs] = niceness ? ["nice", ["-n", String(niceness), command, ...args]] : [command, args];
  const child = spawn(file, fileArgs, { cwd, stdio: ["ignore", log, log], detached: true, env });
  const renice = (value: number) => {
    try {
      if (child.exitCode === null && child.pid !== undefined) fs.writeFileSync(`/proc/${child.pid}/autogroup`, String(value));
    } catch {
      /* no autogroups here: `nice` alone ranks it */
    }
  };
  if (niceness) renice(niceness);
  const done = new Promise<number>((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
  return {
    done,
    get exitCode() {
      return child.exitCode ?? (child.signalCode ? 1 : null);
    },
    async stop() {
      try {
        if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
      } catch {
        /* already gone */
      }
      return done;
    },
    renice,
  };
}

export interface RunningSite {
  /** Ends the whole process group (npm, the build, netlify serve and its servers) and waits until the port is free. */
  stop(): Promise<void>;
}

/** Starts `npm run <script> -- <args>` (default `start`, no arguments) in `cwd` and waits until the site answers on :8888. */
export async function startSite({
  logFile,
  env = {},
  cwd = process.cwd(),
  script = "start",
  args = [],
}: {
  logFile: string;
  env?: Record<string, string>;
  cwd?: string;
  script?: string;
  args?: string[];
}): Promise<RunningSite> {
  if (await portInUse()) {
    throw new Error(`Port ${port} is already in use: stop the running "npm start" first, so the tests see a fresh build.`);
  }
  const site = startInBackground("npm", ["run", script, ...(args.length ? ["--", ...args] : [])], logFile, { cwd, env: { ...process.env, ...env } });
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
  void stop();
  throw new Error(`"npm run ${script}" did not answer on :${port} within 15 minutes; the end of ${logFile}:\n${tail(logFile)}`);
}

export function tail(file: string, lines = 60): string {
  return fs.readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
}
