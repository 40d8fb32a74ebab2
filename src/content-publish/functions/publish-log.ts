import { deleteKey, listKeys, openRequestStore, readJson, takeFreeSlot, writeJson, type Blobs } from "../../contact-request/functions/request-store";
import { monthOf } from "../../contact-request/functions/handling-report";
import { amsterdamDay } from "../../contact-request/shared/reply-clock";
import { publishNowPerDay } from "../shared/publish-schedule";

/** Why a production build was asked for: the daily publish, or an editor's "now". */
export type PublishKind = "daily" | "now";

interface Publish {
  at: string;
  kind: PublishKind;
  /** The editor who asked, for "now" (their GitHub login; localEditor on `npm run cms`). */
  by?: string;
}

/** What the site knows of a month's production deploys (docs/deploying.md, "Content is published in batches"). */
export interface MonthDeploys {
  /** Deploys that ran the mailing job at least once: every production deploy that stayed live for 5 minutes. */
  productionDeploys: number;
  /** Builds the site asked for through the build hook, daily and now. */
  contentPublishes: { daily: number; now: number };
}

const savedKey = "saved";
const lastPublishKey = "published/last";
/** publishes/{day}/daily and publishes/{day}/now-{n}: a month's are those whose day begins with it (monthOf is amsterdamDay's first seven). */
const publishesPrefix = "publishes/";
const dailySlot = "daily";
const nowSlotPrefix = "now-";
const publishKey = (day: string, slot: string) => `${publishesPrefix}${day}/${slot}`;
const nowSlots = Array.from({ length: publishNowPerDay }, (_, index) => `${nowSlotPrefix}${index + 1}`);
const deploysOf = (month: string) => `deploys/${month}/`;

/**
 * The publishing's record in its Blobs store (the store passed in): when
 * content was last saved in the CMS, when a build was last asked for, one key
 * per build asked for in a day (taken with a write that succeeds only for a
 * new key, so two runs at once cannot both take the day's daily build or an
 * editor's third "now"), and one key per production deploy seen.
 */
export class PublishLog {
  /** Deploys this instance noted: an instance serves one deploy, so each notes it once. */
  private readonly deploysNoted = new Set<string>();

  constructor(private readonly store: Blobs) {}

  /** An editor saved: content waits for the next publish. */
  async noteSaved(at: Date): Promise<void> {
    await writeJson(this.store, savedKey, { at: at.toISOString() });
  }

  /** Content saved after the last build asked for, or null when nothing waits. */
  async waitingSince(): Promise<Date | null> {
    const [saved, last] = await Promise.all([readJson<{ at: string }>(this.store, savedKey), readJson<{ at: string }>(this.store, lastPublishKey)]);
    if (!saved || (last && last.at >= saved.at)) return null;
    return new Date(saved.at);
  }

  /** Takes the day's daily build, or one of its "now" builds; null when they are all taken. */
  async take(kind: PublishKind, at: Date, by?: string): Promise<string | null> {
    const day = amsterdamDay(at);
    const publish: Publish = { at: at.toISOString(), kind, ...(by && { by }) };
    return takeFreeSlot(this.store, (kind === "daily" ? [dailySlot] : nowSlots).map((slot) => publishKey(day, slot)), publish);
  }

  /** "Now" builds left to an editor on the day of `at`. */
  async nowLeft(at: Date): Promise<number> {
    const taken = await listKeys(this.store, publishKey(amsterdamDay(at), nowSlotPrefix));
    return Math.max(0, publishNowPerDay - taken.length);
  }

  /** The build hook took the request: what was saved before `at` is on its way. */
  async published(at: Date): Promise<void> {
    await writeJson(this.store, lastPublishKey, { at: at.toISOString() });
  }

  /** The build hook refused or did not answer: the build taken is given back, for the next run or the editor's next try. */
  async giveBack(key: string): Promise<void> {
    await deleteKey(this.store, key);
  }

  /**
   * The mailing job's run notes the production deploy it runs in, in the
   * month it first ran: one write per instance, and one key per deploy
   * whichever instance writes it.
   */
  async noteDeploy(deployId: string, at: Date): Promise<void> {
    if (this.deploysNoted.has(deployId)) return;
    await writeJson(this.store, `${deploysOf(monthOf(at))}${deployId}`, { at: at.toISOString() }, { onlyIfNew: true });
    this.deploysNoted.add(deployId);
  }

  async month(month: string): Promise<MonthDeploys> {
    const [deploys, publishes] = await Promise.all([listKeys(this.store, deploysOf(month)), listKeys(this.store, `${publishesPrefix}${month}-`)]);
    const daily = publishes.filter((key) => key.endsWith(`/${dailySlot}`)).length;
    return { productionDeploys: deploys.length, contentPublishes: { daily, now: publishes.length - daily } };
  }
}

/** The publishing's own store: one for the site, whichever deploy context asks (previews' CMS commits to main too). */
export const publishStoreName = "content-publish";

export const openPublishLog = () => new PublishLog(openRequestStore(publishStoreName));
