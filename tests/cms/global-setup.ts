/**
 * A copy of the working tree (with small pictures, for a quick build) serving
 * `npm run cms`: the site on :8888 and decap-server on :8081 writing into the
 * copy. The tests find the copy in CMS_PROJECT_DIR. A server on this machine
 * stands in for Netlify's build hook (CONTENT_PUBLISH_HOOK): a POST is a
 * build asked for, and a GET lists those asked for, for the tests at
 * CMS_BUILD_HOOK.
 */
import fs from "node:fs";
import path from "node:path";
import { copyWorkingTree, shrinkPictures } from "../../scripts/lib/builds/project-copy";
import { startSite } from "../../scripts/lib/serve/server";
import { startStandIn } from "../../scripts/lib/serve/stand-in";

const root = path.resolve(__dirname, "../..");

/** Builds asked for: each POST's path and query, as the stand-in answers a GET. */
export type AskedBuilds = string[];

export default async function globalSetup() {
  const dir = copyWorkingTree(root, "cms-test-");
  await shrinkPictures(dir);
  fs.mkdirSync(path.join(root, ".reports"), { recursive: true });
  const hook = await startStandIn(({ method }) => ({ status: 200, body: method === "POST" ? {} : builds() }));
  const builds = (): AskedBuilds => hook.asked.filter(({ method }) => method === "POST").map(({ url }) => url);
  const hookUrl = `${hook.origin}/build_hooks/cms-test`;
  const site = await startSite({ logFile: path.join(root, ".reports", "npm-run-cms.log"), cwd: dir, script: "cms", env: { CONTENT_PUBLISH_HOOK: hookUrl } });
  process.env.CMS_PROJECT_DIR = dir;
  process.env.CMS_BUILD_HOOK = hookUrl;
  return async () => {
    await site.stop();
    await hook.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
