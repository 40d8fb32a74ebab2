/**
 * When a saved change goes live, and "publish now" (docs/cms.md, "When a
 * change goes live"): after every save the CMS tells /api/content-publishing,
 * with the editor's login, that content waits, and shows its answer; an
 * editor whose change cannot wait for the morning asks for a build now. The
 * build hook's address stays with the function.
 */
import { publishingPath, type PublishAnswer } from "../../../src/content-publish/shared/publish-answer";
import { amsterdamDay, dailyPublishLiveBy, publishNowPerDay } from "../../../src/content-publish/shared/publish-schedule";
import { colors, fontStack, radius } from "../../../src/components/ui/theme";
import type { PublishingLabels } from "../cms-config";
import { fill } from "./cms-validation";
import type { DecapCms } from "./decap";

interface PublishingMessage {
  text: string;
  /** The "publish now" button, with the builds left today when known; null offers none. */
  offer: { left: number | null } | null;
}

/** The function's answer in the editor's words: the day is Amsterdam's, as the function counts it. */
export function publishingMessage(answer: PublishAnswer, now: Date, labels: PublishingLabels): PublishingMessage {
  const live = (publishAt: string) => ({ when: amsterdamDay(new Date(publishAt)) === amsterdamDay(now) ? labels.today : labels.tomorrow, liveBy: dailyPublishLiveBy });
  switch (answer.code) {
    case "waits":
      return { text: fill(labels.waits, live(answer.publishAt)), offer: answer.nowLeft > 0 ? { left: answer.nowLeft } : null };
    case "live-with-deploy":
      return { text: labels.liveWithDeploy, offer: null };
    case "publishing":
      return { text: labels.publishing, offer: null };
    case "now-limit":
      return { text: fill(labels.nowLimit, { ...live(answer.publishAt), max: publishNowPerDay }), offer: null };
    case "hook-failed":
      return { text: fill(labels.hookFailed, live(answer.publishAt)), offer: { left: null } };
    case "publishing-unconfigured":
    case "unconfigured":
      return { text: labels.unconfigured, offer: null };
    case "no-token":
    case "not-an-editor":
      return { text: labels.notAnEditor, offer: null };
    case "github-unreachable":
      return { text: labels.githubUnreachable, offer: { left: null } };
    default:
      return { text: fill(labels.failed, { code: answer.code }), offer: null };
  }
}

/**
 * The login Decap keeps in the browser: with the GitHub backend its token,
 * which the function checks with GitHub; the local backend has none. Decap
 * keeps it under this key (an internal of Decap's; tests/cms/cms.spec.ts fails
 * when it moves).
 */
export const decapUserKey = "decap-cms-user";

function editorsLogin(): Record<string, string> {
  const user = JSON.parse(localStorage.getItem(decapUserKey) ?? "null") as { token?: unknown } | null;
  return typeof user?.token === "string" && user.token ? { authorization: `Bearer ${user.token}` } : {};
}

async function ask(action: "saved" | "now"): Promise<PublishAnswer | null> {
  try {
    const response = await fetch(publishingPath, { method: "POST", headers: { "content-type": "application/json", ...editorsLogin() }, body: JSON.stringify({ action }) });
    return (await response.json()) as PublishAnswer;
  } catch {
    return null;
  }
}

/** One panel, bottom right over Decap's editor, read out when it changes. */
function panel(labels: PublishingLabels) {
  const box = document.createElement("section");
  box.setAttribute("aria-label", labels.publishNow);
  box.style.cssText = `position:fixed;left:16px;right:16px;bottom:16px;z-index:10000;max-width:28rem;margin-left:auto;padding:16px;background:${colors.white};color:${colors.ink};border:1px solid ${colors.line};border-radius:${radius.button};box-shadow:0 4px 16px rgba(0,0,0,.2);font:15px/1.45 ${fontStack}`;
  box.hidden = true;
  const text = document.createElement("p");
  text.setAttribute("role", "status");
  text.style.margin = "0 0 12px";
  const now = document.createElement("button");
  now.type = "button";
  now.style.cssText = `margin-right:8px;padding:8px 14px;font:inherit;font-weight:700;color:${colors.white};background:${colors.action};border:0;border-radius:${radius.button};cursor:pointer`;
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = labels.close;
  close.style.cssText = `padding:8px 14px;font:inherit;color:${colors.ink};background:${colors.white};border:1px solid ${colors.inkMuted};border-radius:${radius.button};cursor:pointer`;
  close.addEventListener("click", () => (box.hidden = true));
  box.append(text, now, close);
  document.body.append(box);
  const show = (message: PublishingMessage) => {
    text.textContent = message.text;
    now.hidden = message.offer === null;
    now.disabled = false;
    now.textContent = message.offer?.left ? `${labels.publishNow} (${fill(labels.nowLeft, { left: message.offer.left })})` : labels.publishNow;
    box.hidden = false;
  };
  return { show, now };
}

export function registerPublishing(cms: DecapCms, labels: PublishingLabels): void {
  let shown: ReturnType<typeof panel> | undefined;
  const answered = async (action: "saved" | "now") => {
    const answer = await ask(action);
    shown ??= panel(labels);
    shown.show(answer ? publishingMessage(answer, new Date(), labels) : { text: labels.unreachable, offer: action === "now" ? { left: null } : null });
    shown.now.onclick = () => {
      if (shown) shown.now.disabled = true;
      void answered("now");
    };
  };
  cms.registerEventListener({ name: "postSave", handler: () => void answered("saved") });
}
