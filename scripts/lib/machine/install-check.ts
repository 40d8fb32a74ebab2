/**
 * Whether `npm install` under another Node would leave node_modules as it is,
 * without installing: `npm install --dry-run` run by that Node (the first on
 * the PATH it is given) lists each package it would add, remove or change,
 * and warns, as a real install does, of every package in the tree whose
 * `engines` exclude that Node (EBADENGINE). The Node-24 leg's first check
 * (scripts/node24.ts; docs/testing.md, "Node versions").
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export interface InstallCheck {
  /** Where npm ran: the project, or the folder its node_modules link leads to. */
  folder: string;
  /** npm's exit code. */
  status: number;
  /** What the install would do, one line each as npm prints it: "add x 1.0.0", "remove y 2.0.0", "change z 1.0.0 => 1.1.0". */
  differences: string[];
  /** Each EBADENGINE warning in one line: "package: 'x@1.0.0', required: { node: '<21' }, current: { node: 'v24.11.0', npm: '11.6.2' }". */
  engineWarnings: string[];
  /** stdout and stderr as written. */
  output: string;
}

/** The differences and engine warnings in the output of `npm install --dry-run`. */
export function readDryRun(stdout: string, stderr: string): Pick<InstallCheck, "differences" | "engineWarnings"> {
  const differences = stdout.split("\n").filter((line) => /^(add|remove|change) \S/.test(line));
  // A warning is an object spread over lines, each after the same prefix, from "Unsupported engine {" to "}".
  const engineWarnings: string[] = [];
  let current: string[] | undefined;
  for (const line of stderr.split("\n")) {
    const body = /^npm warn EBADENGINE\s?(.*)$/.exec(line)?.[1]?.trim();
    if (body === undefined) continue;
    if (/^Unsupported engine \{$/.test(body)) current = [];
    else if (body === "}" && current) {
      engineWarnings.push(current.join(" ").replace(/,$/, ""));
      current = undefined;
    } else current?.push(body);
  }
  return { differences, engineWarnings };
}

/**
 * The folder npm must read: the project's, or, where node_modules is a link
 * (a git worktree sharing another checkout's install), the folder the link
 * leads to, whose package.json and package-lock.json must then be the
 * project's, byte for byte. npm reads a linked node_modules as packages
 * outside the project, every one of them to be added again.
 */
export function installedProject(project: string): string {
  const folder = path.dirname(fs.realpathSync(path.join(project, "node_modules")));
  if (folder === fs.realpathSync(project)) return project;
  const differing = ["package.json", "package-lock.json"].filter((file) => {
    const read = (dir: string) => (fs.existsSync(path.join(dir, file)) ? fs.readFileSync(path.join(dir, file)) : undefined);
    const [here, there] = [read(project), read(folder)];
    return !here || !there || !here.equals(there);
  });
  if (differing.length) {
    throw new Error(`node_modules is a link to ${folder}/node_modules, whose ${differing.join(" and ")} ${differing.length > 1 ? "differ" : "differs"} from this project's: that install is not this project's`);
  }
  return folder;
}

/** Runs `npm install --dry-run` for `project` with `env`, whose PATH names the Node, and so the npm, to check with. */
export function checkInstall(project: string, env: NodeJS.ProcessEnv): Promise<InstallCheck> {
  const folder = installedProject(project);
  return new Promise((resolve) => {
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const child = spawn("npm", ["install", "--dry-run", "--no-audit", "--no-fund", "--color=false"], { cwd: folder, env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    const done = (status: number, extra = "") => {
      const [stdout, stderr] = [Buffer.concat(out).toString("utf8"), Buffer.concat(err).toString("utf8") + extra];
      resolve({ folder, status, ...readDryRun(stdout, stderr), output: stdout + stderr });
    };
    child.once("error", (error) => done(1, String(error)));
    child.once("close", (code) => done(code ?? 1));
  });
}
