import type { Config, Context } from "@netlify/functions";
import { contentPublishHook } from "../../../src/content-publish/functions/build-hook";
import { openPublishLog } from "../../../src/content-publish/functions/publish-log";
import { publishDaily } from "../../../src/content-publish/functions/publishing";

/** Once a day, before opening hours: one production build when content was saved since the last (docs/deploying.md, "Content is published in batches"). */
export default async function publishContent(_request: Request, context: Context): Promise<void> {
  await publishDaily({ log: openPublishLog(), hook: contentPublishHook(process.env, context.deploy?.context) });
}

// A literal, because Netlify reads it from the source: dailyPublishCron in src/content-publish/shared/publish-schedule.ts, which a test holds equal.
export const config: Config = { schedule: "30 4 * * *" };
