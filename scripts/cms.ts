/**
 * `npm run cms`: the site as `npm start` builds and serves it on :8888, with
 * decap-server beside it on :8081, so the CMS at http://localhost:8888/admin/
 * edits this working tree's content/ through its local backend: offline,
 * without a login, every save a changed file you see in `git diff`. Run
 * `npm start` again (or this) to see a change on the site.
 * docs/cms.md.
 */
import { spawn } from "node:child_process";

export const proxyPort = 8081;

const children = [
  // Only this machine may write into the working tree: decap-server has no login of its own.
  spawn("decap-server", [], {
    stdio: "inherit",
    env: { ...process.env, PORT: String(proxyPort), BIND_HOST: "127.0.0.1", GIT_REPO_DIRECTORY: process.cwd(), MODE: "fs", LOG_LEVEL: "warn" },
  }),
  // A build for this: config.yml names the local backend, and /admin's policy may connect to decap-server.
  spawn("npm", ["start"], { stdio: "inherit", env: { ...process.env, CMS_LOCAL_BACKEND: "true" } }),
];
const stop = (signal: NodeJS.Signals) => {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};
for (const child of children) {
  child.once("exit", (code, signal) => {
    stop("SIGTERM");
    process.exitCode = code ?? (signal ? 1 : 0);
  });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stop(signal));
