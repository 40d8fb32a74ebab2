/**
 * What /api/content-publishing answers the CMS (src/content-publish/functions/publishing.ts):
 * codes and times, which the CMS words in Dutch (plugins/gatsby-plugin-cms/labels.ts, publishing).
 */

/** Where the CMS asks. The function's config repeats it as a literal, which Netlify reads from the file; a test holds the two together. */
export const publishingPath = "/api/content-publishing";

export type PublishAnswer =
  /** Saved: the change goes live with the daily publish at publishAt; nowLeft "now" builds remain today. */
  | { code: "waits"; publishAt: string; nowLeft: number }
  /** Saved, and nothing batches: the commit deploys by itself. */
  | { code: "live-with-deploy" }
  /** A build was asked for now. */
  | { code: "publishing"; nowLeft: number }
  /** Today's "now" builds are used up, or the hook failed: the change goes live at publishAt. */
  | { code: "now-limit" | "hook-failed"; publishAt: string }
  | { code: "publishing-unconfigured" | "unknown-action" | "forbidden-origin" | "no-token" | "not-an-editor" | "unconfigured" | "github-unreachable" };

export type PublishCode = PublishAnswer["code"];
