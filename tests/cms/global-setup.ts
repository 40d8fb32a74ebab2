/**
 * A copy of the working tree (with small pictures, for a quick build) serving
 * `npm run cms`: the site on :8888 and decap-server on :8081 writing into the
 * copy. The tests find the copy in CMS_PROJECT_DIR.
 */
import fs from "node:fs";
import path from "node:path";
import { copyWorkingTree, shrinkPictures } from "../../scripts/lib/builds/project-copy";
import { startSite } from "../../scripts/lib/serve/server";

const root = path.resolve(__dirname, "../..");

export default async function globalSetup() {
  const dir = copyWorkingTree(root, "cms-test-");
  await shrinkPictures(dir);
  fs.mkdirSync(path.join(root, ".reports"), { recursive: true });
  const site = await startSite({ logFile: path.join(root, ".reports", "npm-run-cms.log"), cwd: dir, script: "cms" });
  process.env.CMS_PROJECT_DIR = dir;
  return async () => {
    await site.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
