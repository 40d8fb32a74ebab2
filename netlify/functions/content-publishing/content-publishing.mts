import type { Config } from "@netlify/functions";
import { buildHookFrom } from "../../../src/content-publish/functions/build-hook";
import type { CmsBackend } from "../../../src/content-publish/functions/editor-proof";
import { openPublishLog } from "../../../src/content-publish/functions/publish-log";
import { createPublishingHandler } from "../../../src/content-publish/functions/publishing";
// Written by the Gatsby build (plugins/gatsby-plugin-cms): the backend /admin/config.yml names.
import cmsBackend from "./cms-backend.json";

const local = process.env.NETLIFY_LOCAL === "true";

/** The CMS's "goes live" and "publish now" (docs/cms.md, "When a change goes live"). */
export default createPublishingHandler({
  log: openPublishLog,
  hook: buildHookFrom(process.env.CONTENT_PUBLISH_HOOK, { local }),
  backend: cmsBackend as CmsBackend,
  local,
  now: () => new Date(),
  logLine: console.log,
});

export const config: Config = {
  path: "/api/content-publishing",
  // An editor saves or publishes a few times a minute at most; more from one address is not an editor.
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
