/**
 * Netlify's build hook for content (docs/deploying.md, "Content is published
 * in batches"): CONTENT_PUBLISH_HOOK, a secret variable, is the only address
 * the publishing calls, and only when it is a build hook of Netlify's API;
 * on `npm run cms` also one on this machine, where a test stands in for Netlify.
 */
import { runsLocally } from "../../contact-request/functions/runs-locally";

const buildHookOrigin = "https://api.netlify.com";

export type HookSetup = { hook: URL } | { problem: "unset" | "not-a-build-hook" };

const isLocalHost = (url: URL) => url.protocol === "http:" && (url.hostname === "127.0.0.1" || url.hostname === "localhost");

export function buildHookFrom(value: string | undefined, { local }: { local: boolean }): HookSetup {
  if (!value) return { problem: "unset" };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: "not-a-build-hook" };
  }
  const netlifys = url.origin === buildHookOrigin && /^\/build_hooks\/[A-Za-z0-9]+$/.test(url.pathname) && url.search === "";
  return netlifys || (local && isLocalHost(url)) ? { hook: url } : { problem: "not-a-build-hook" };
}

/** The publishing's hook, from the function's variables; a local one only where the function runs locally. */
export const contentPublishHook = (env: { CONTENT_PUBLISH_HOOK?: string; NETLIFY_LOCAL?: string }, deployContext?: string) =>
  buildHookFrom(env.CONTENT_PUBLISH_HOOK, { local: runsLocally(env, deployContext) });

/** How long a build hook may take to answer: it only queues a build. */
const hookTimeoutMs = 10_000;

/** Asks Netlify for a production build of the hook's branch; `title` is the deploy's message in Netlify's list. True when the hook took it. */
export async function askForBuild(hook: URL, title: string): Promise<boolean> {
  const url = new URL(hook);
  url.searchParams.set("trigger_title", title);
  try {
    const answer = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}", signal: AbortSignal.timeout(hookTimeoutMs), redirect: "error" });
    await answer.body?.cancel();
    return answer.ok;
  } catch {
    return false;
  }
}
