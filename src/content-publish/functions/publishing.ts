import { apiSecurityHeaders, crossSite, jsonAnswer } from "../../contact-request/functions/security-headers";
import { nextDailyPublish } from "../shared/publish-schedule";
import type { PublishAnswer } from "../shared/publish-answer";
import { askForBuild, type HookSetup } from "./build-hook";
import { proveEditor, type CmsBackend } from "./editor-proof";
import type { PublishKind, PublishLog } from "./publish-log";

/**
 * Content published in batches (docs/deploying.md, "Content is published in
 * batches"): what the CMS saves waits for one production build a day, asked
 * for through the build hook; an editor may ask for one now.
 */
export interface Publishing {
  log: PublishLog;
  hook: HookSetup;
  now?: () => Date;
  /** One line to Netlify's function log. */
  logLine?: (line: string) => void;
}

const hookProblems = {
  unset: "CONTENT_PUBLISH_HOOK is not set",
  "not-a-build-hook": "CONTENT_PUBLISH_HOOK is not a build hook of Netlify's API",
} as const;

/** The deploy's message in Netlify's list of deploys: why the build was asked for, and by whom. */
export const publishTitle = (kind: PublishKind, editor?: string) => (kind === "daily" ? "Content publish: daily" : `Content publish: now, asked by ${editor}`);

/**
 * One build asked for: takes one of the day's builds of its kind, asks the
 * hook, and notes it; a hook that refuses gets the build given back, for the
 * next run or the editor's next try.
 */
async function publishOnce(log: PublishLog, hook: URL, kind: PublishKind, at: Date, editor?: string): Promise<"published" | "all-taken" | "hook-failed"> {
  const taken = await log.take(kind, at, editor);
  if (!taken) return "all-taken";
  if (!(await askForBuild(hook, publishTitle(kind, editor)))) {
    await log.giveBack(taken);
    return "hook-failed";
  }
  await log.published(at);
  return "published";
}

/** The daily run: asks for one build when content was saved since the last one, at most once a day. */
export async function publishDaily({ log, hook, now = () => new Date(), logLine = console.log }: Publishing): Promise<"published" | "nothing-waits" | "already-today" | "unconfigured" | "hook-failed"> {
  if ("problem" in hook) {
    logLine(`publish-content: ${hookProblems[hook.problem]}, so nothing is published by day; content saved in the CMS goes live with the next deploy (docs/deploying.md, "Content is published in batches")`);
    return "unconfigured";
  }
  const waitingSince = await log.waitingSince();
  if (!waitingSince) return "nothing-waits";
  const outcome = await publishOnce(log, hook.hook, "daily", now());
  if (outcome === "all-taken") return "already-today";
  if (outcome === "hook-failed") {
    logLine("publish-content: the build hook did not take the request; content still waits (an editor can publish now)");
    return "hook-failed";
  }
  logLine(`publish-content: asked for a production build; content waited since ${waitingSince.toISOString()}`);
  return "published";
}

interface PublishingRequests extends Publishing {
  backend: CmsBackend;
  /** The function runs under `netlify serve` (NETLIFY_LOCAL): only there does the local backend prove an editor. */
  local: boolean;
  /** GitHub's API; a test gives a server of its own. */
  githubApi?: string;
}

const answer = (status: number, body: PublishAnswer) => jsonAnswer(status, body);

const proofStatus = { "no-token": 401, "not-an-editor": 403, unconfigured: 403, "github-unreachable": 502 } as const;

/**
 * POST /api/content-publishing from the CMS (plugins/gatsby-plugin-cms/admin/publishing.ts),
 * with the editor's token: `{"action":"saved"}` after a save notes that
 * content waits and answers when it goes live; `{"action":"now"}` asks for a
 * build now, publishNowPerDay times a day at most. Answers are codes and
 * times; the CMS words them.
 */
export function createPublishingHandler({ log, hook, now = () => new Date(), logLine = console.log, ...setup }: PublishingRequests) {
  return async (request: Request): Promise<Response> => {
    if (request.method !== "POST") return new Response(null, { status: 405, headers: { ...apiSecurityHeaders, Allow: "POST" } });
    // Only the CMS on this site's own pages asks.
    if (crossSite(request)) return answer(403, { code: "forbidden-origin" });
    const text = await request.text();
    let action: unknown;
    try {
      action = text.length <= 100 ? (JSON.parse(text) as { action?: unknown }).action : undefined;
    } catch {
      action = undefined;
    }
    if (action !== "saved" && action !== "now") return answer(400, { code: "unknown-action" });
    const proof = await proveEditor(request.headers.get("authorization"), setup.backend, { local: setup.local, githubApi: setup.githubApi });
    if ("refused" in proof) return answer(proofStatus[proof.refused], { code: proof.refused });
    const at = now();
    if ("problem" in hook) {
      // Without the hook nothing batches: the ignore command deploys every commit (docs/deploying.md).
      return action === "saved" ? answer(200, { code: "live-with-deploy" }) : answer(503, { code: "publishing-unconfigured" });
    }
    const publishAt = nextDailyPublish(at).toISOString();
    if (action === "saved") {
      await log.noteSaved(at);
      return answer(200, { code: "waits", publishAt, nowLeft: await log.nowLeft(at) });
    }
    const outcome = await publishOnce(log, hook.hook, "now", at, proof.editor);
    if (outcome === "all-taken") return answer(429, { code: "now-limit", publishAt });
    if (outcome === "hook-failed") {
      logLine("content-publishing: the build hook did not take an editor's request");
      return answer(502, { code: "hook-failed", publishAt });
    }
    logLine(`content-publishing: ${proof.editor} asked for a production build now`);
    return answer(202, { code: "publishing", nowLeft: await log.nowLeft(at) });
  };
}
