import type { Config } from "@netlify/functions";
import { runsLocally } from "../../../src/contact-request/functions/runs-locally";
import { contentPublishHook } from "../../../src/content-publish/functions/build-hook";
import type { CmsBackend } from "../../../src/content-publish/functions/editor-proof";
import { openPublishLog } from "../../../src/content-publish/functions/publish-log";
import { createPublishingHandler } from "../../../src/content-publish/functions/publishing";
// Written by the Gatsby build (plugins/gatsby-plugin-cms): the backend /admin/config.yml names.
import cmsBackend from "./cms-backend.json";

// Made once per instance, from its variables: the deploy's context comes only with a request.
const local = runsLocally(process.env);

/** The CMS's "goes live" and "publish now" (docs/cms.md, "When a change goes live"). */
export default createPublishingHandler({
  // Its store opens with the first call that needs it (docs/contact-requests.md, "Cold starts").
  log: openPublishLog(),
  hook: contentPublishHook(process.env),
  backend: cmsBackend as CmsBackend,
  local,
});

// The path is a literal, because Netlify reads it from the source: publishingPath (src/content-publish/shared/publish-answer.ts), which a test holds equal.
export const config: Config = {
  path: "/api/content-publishing",
  // An editor saves or publishes a few times a minute at most; more from one address is not an editor.
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
