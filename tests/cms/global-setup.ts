/**
 * A copy of the working tree (with small pictures, for a quick build) serving
 * `npm run cms`: the site on :8888 and decap-server on :8081 writing into the
 * copy. The tests find the copy in CMS_PROJECT_DIR. A server on this machine
 * stands in for Netlify's build hook (CONTENT_PUBLISH_HOOK): a POST is a
 * build asked for, and a GET lists those asked for, for the tests at
 * CMS_BUILD_HOOK.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { copyWorkingTree, shrinkPictures } from "../../scripts/lib/builds/project-copy";
import { startSite } from "../../scripts/lib/serve/server";

const root = path.resolve(__dirname, "../..");

/** Builds asked for: each POST's path and query. */
export type AskedBuilds = string[];

async function buildHookStandIn() {
  const asked: AskedBuilds = [];
  const server = http.createServer((request, response) => {
    if (request.method === "POST") asked.push(request.url ?? "");
    response.writeHead(200, { "content-type": "application/json" }).end(request.method === "POST" ? "{}" : JSON.stringify(asked));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/build_hooks/cms-test`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export default async function globalSetup() {
  const dir = copyWorkingTree(root, "cms-test-");
  await shrinkPictures(dir);
  fs.mkdirSync(path.join(root, ".reports"), { recursive: true });
  const hook = await buildHookStandIn();
  const site = await startSite({ logFile: path.join(root, ".reports", "npm-run-cms.log"), cwd: dir, script: "cms", env: { CONTENT_PUBLISH_HOOK: hook.url } });
  process.env.CMS_PROJECT_DIR = dir;
  process.env.CMS_BUILD_HOOK = hook.url;
  return async () => {
    await site.stop();
    await hook.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
