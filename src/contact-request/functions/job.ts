import type { Store } from "@netlify/blobs";
import { setTimeout as delay } from "node:timers/promises";
import {
  contactLimits,
  hourOf,
  isDue,
  isPastRetention,
  receivedAtOf,
  retentionCutoff,
  suspectRetentionCutoff,
  tenMinutesOf,
  type StoredContactRequest,
} from "./contact-delivery";
import { attemptDelivery, messageOf, withDeadline, type DeliveryOptions } from "./deliver";
import { addressesPrefix, duplicatesPrefix, MailCap } from "./flood-guards";
import { composeDigest, composeMonthlyReport, composeReminder, composeSuspectDigest } from "./mail";
import { idPrefixesOf, monthBefore, monthFigures, monthOf, type HandledRequest } from "./handling-report";
import { reminderHorizonMs, reminderKey, remindersPrefix, reminderSteps, stepsDue, type DueStep } from "./reminders";
import { replyMoment, type ReplyClock } from "../shared/reply-clock";
import { reminderAlert, type RequestAlerts } from "./push";
import { requestPageUrl } from "./request-link";
import type { Mailer } from "./mailer";
import {
  idOfKey,
  isPreviewStoreName,
  keyOf,
  listKeys,
  readVersioned,
  RequestStore,
  sentKey,
  type Held,
  type PhotoArea,
  type RequestArea,
  type SiteStores,
} from "./request-store";

/** How long a run waits for the mail server to take one mail: what the scheduled function passes, and the tests too. */
export const mailDeadlineMs = 5000;

export interface JobOptions extends Omit<DeliveryOptions, "mailer"> {
  mailer: Mailer;
  /** This run's name in the leases it takes. */
  runId: string;
  /** No store call that starts new work is made after this long, so the run ends well within Netlify's 30 s for scheduled functions. */
  budgetMs?: number;
  /** How long a run waits between taking requests and checking they are still its own. */
  settleMs?: number;
  /** How the run waits settleMs and the mail cap its own pause: a timer, unless a test passes a clock's, with its `now`, so that only time passes. */
  sleep?: (ms: number) => Promise<unknown>;
  /** Store calls a run makes at once. */
  concurrency?: number;
  mailsPerHour?: number;
  /** Deletions a run makes at most; the sweep goes on where it stopped in the next run. */
  deletionsPerRun?: number;
  /** Where a warning goes: Netlify's log shows console.warn as one. */
  warn?: (line: string) => void;
  /** The site's stores, given to production's run only: it sweeps the previews' stores too (sweepPreviews). */
  previewStores?: SiteStores;
  /** The reply clock from content (form-options.json): with it, and the requests' pages to link, the run sends the reminders (remindUnanswered); with it, the monthly report (mailMonthlyReport). */
  clock?: ReplyClock;
  /** Web Push to the contractor's devices: a reminder goes there too (docs/contact-requests.md, "Alerts on the phone"). */
  alerts?: RequestAlerts;
}

export interface JobReport {
  /** Pending requests when the run began, and how long the oldest had waited. */
  waiting: number;
  oldestWaitingMs: number;
  /** Mailed one by one, and mailed together in the run's digest. */
  sent: number;
  digested: number;
  failed: number;
  /** Pending requests whose record could not be read or taken: each is logged by id and tried again by the next run. */
  unreadable: number;
  /** Pending requests left for a later run: waiting, taken by another run, or past this run's time. */
  left: number;
  deleted: number;
  suspectsListed: number;
  /** Requests named in this run's reminder, halfway to their target, and in its mail to CONTACT_ESCALATE_TO, past it. */
  reminded: number;
  escalated: number;
  /** Preview stores swept in this run, and deleted since they stayed empty. */
  previewStoresSwept: number;
  previewStoresDeleted: number;
  /** The month whose report this run mailed ("2026-10"), or null. */
  monthlyReport: string | null;
}

/** Past this a waiting request means mail is not getting through: the log line says so as a warning. */
export const oldestWaitWarningMs = 3600_000;
/** Single mails a run sends at once: a mail server takes a few connections from one sender, and a run's time goes further. */
const mailsAtOnce = 4;
/** Claiming stops this long before the budget ends, so what was claimed is mailed within it. */
const mailingReserveMs = 7000;
export const suspectDigestStateKey = "state/suspect-digest";
const suspectDigestEveryMs = 24 * 3600_000;
/** Production's note of the preview stores it sweeps (sweepPreviews). */
export const previewStoresStateKey = "state/preview-stores";
/** How long a preview store must have held nothing before it is deleted (sweepPreviews). */
export const emptyPreviewStoreKeptMs = 24 * 3600_000;
/** The last month whose report was mailed (mailMonthlyReport). */
export const monthlyReportStateKey = "state/monthly-report";
/** What runs have read of the month being reported, until its report is mailed (mailMonthlyReport). */
export const monthlyReportReadingKey = "state/monthly-report-reading";

interface ReportReading {
  month: string;
  /** The last id read: ids sort by arrival, and the next run goes on after it. */
  after: string;
  read: HandledRequest[];
}

interface PreviewStoresState {
  /** When a run first found each store holding nothing, with no run since finding anything in it. */
  emptySince: Record<string, string>;
  /** The store a run swept last: the next run goes on after it. */
  lastSwept?: string;
}

/** The order the sweep deletes in: records before their photos, then the flood guards' buckets. */
const sweepOrder = ["pending", "sent", "suspect", "photos", "suspect-photos", "handling", "reminders", "addresses", "duplicates"];

/**
 * The keys of a store that are past their term now, in the order the sweep
 * deletes them (docs/contact-requests.md, "The mailing job"): requests and
 * photos by the id in the key, the per-address counts after their hour, the
 * repeat marks after `contactLimits.duplicateWindowMs`. Keys of no known area,
 * `state/` among them, are never past their term.
 */
export function keysPastTerm(keys: readonly string[], now: Date): string[] {
  const retention = retentionCutoff(now).getTime();
  const suspect = suspectRetentionCutoff(now).getTime();
  const cutoffs = new Map([["pending", retention], ["sent", retention], ["photos", retention], ["handling", retention], ["reminders", retention], ["suspect", suspect], ["suspect-photos", suspect]]);
  const currentBuckets = new Map([["addresses", hourOf(now)], ["duplicates", tenMinutesOf(new Date(now.getTime() - contactLimits.duplicateWindowMs))]]);
  const rank = (key: string) => sweepOrder.indexOf(key.split("/")[0] ?? "");
  return keys
    .filter((key) => {
      const [area = "", segment = "", ...rest] = key.split("/");
      const cutoff = cutoffs.get(area);
      if (cutoff !== undefined) return (receivedAtOf(segment)?.getTime() ?? Infinity) <= cutoff;
      const current = currentBuckets.get(area);
      return current !== undefined && rest.length > 0 && segment < current;
    })
    .sort((a, b) => rank(a) - rank(b));
}

class OutOfTime extends Error {}

/**
 * One run of the mailing job (docs/contact-requests.md, "The mailing job").
 * It claims only what it can mail now, oldest first: as many single mails as
 * the hour's cap leaves, plus one digest of at most
 * `contactLimits.requestsPerDigest`. Before every store call that starts new
 * work it checks its time; what it claimed it finishes. Then it sends the
 * daily list of suspect requests, and deletes what is past its term, a
 * bounded number per run, going on where the last run stopped. The first run
 * of a month then mails the report of the month before.
 *
 * Safe to run twice at once: a run takes a request with a conditional write on
 * its ETag, then, after a pause, reads it again and mails it only if the lease
 * still names this run. The second look is for stores whose conditional
 * writes are not atomic, as the local Blobs server's are not.
 */
export async function runDeliveryJob(
  blobs: Store,
  {
    mailer,
    runId,
    budgetMs = 15_000,
    settleMs = 500,
    concurrency = 8,
    mailsPerHour = contactLimits.mailsPerHour,
    deletionsPerRun = 1000,
    now = () => new Date(),
    sleep = delay,
    log,
    warn = log,
    previewStores,
    clock,
    alerts,
    ...delivery
  }: JobOptions,
): Promise<JobReport> {
  const started = now().getTime();
  const timeLeft = () => budgetMs - (now().getTime() - started);
  /** Called before each store call that starts work. */
  const check = (reserveMs = 0) => {
    if (timeLeft() <= reserveMs) throw new OutOfTime();
  };
  /**
   * Runs `work` on the items a few at a time, checking the time before each
   * group; with `reserveMs` null, finishing what was started, without a check.
   */
  async function inGroups<T, R>(items: readonly T[], work: (item: T) => Promise<R>, reserveMs: number | null = 0): Promise<R[]> {
    const results: R[] = [];
    for (let start = 0; start < items.length; start += concurrency) {
      if (reserveMs !== null) check(reserveMs);
      results.push(...(await Promise.all(items.slice(start, start + concurrency).map(work))));
    }
    return results;
  }

  const requests = new RequestStore(blobs);
  const cap = new MailCap(blobs, mailsPerHour, sleep);
  const report: JobReport = { waiting: 0, oldestWaitingMs: 0, sent: 0, digested: 0, failed: 0, unreadable: 0, left: 0, deleted: 0, suspectsListed: 0, reminded: 0, escalated: 0, previewStoresSwept: 0, previewStoresDeleted: 0, monthlyReport: null };
  let deletions = 0;

  /** Claims due requests, oldest first, until it has `wanted` or its share of the time is spent. */
  async function claimDue(ids: readonly string[], wanted: number): Promise<Held[]> {
    const claimed: Held[] = [];
    let next = 0;
    try {
      while (next < ids.length && claimed.length < wanted) {
        const group = ids.slice(next, next + Math.min(concurrency, wanted - claimed.length));
        next += group.length;
        const taken = await inGroups(
          group,
          async (id) => {
            try {
              const held = await requests.readPending(id);
              if (!held) return null;
              if (await requests.isSent(id)) {
                // A run that mailed it stopped before it removed the pending copy.
                await requests.dropPending(id);
                return null;
              }
              // Past the retention term it is deleted by the sweep, not mailed a year late.
              if (!isDue(held.record, now()) || isPastRetention(new Date(held.record.receivedAt), now())) return null;
              return await requests.claim(held, runId, now());
            } catch (error) {
              // One record the store cannot give back must not hold up the others (docs/contact-requests.md, "The mailing job").
              report.unreadable += 1;
              log(`contact request ${id}: could not be read or taken, left for the next run: ${messageOf(error)}`);
              return null;
            }
          },
          mailingReserveMs,
        );
        claimed.push(...taken.filter((held): held is Held => held !== null));
      }
    } catch (error) {
      if (!(error instanceof OutOfTime)) throw error;
    }
    if (claimed.length === 0) return [];
    await sleep(settleMs);
    // Finishing what it took: no time check, the reserve covers it.
    // A record that cannot be read again is not mailed now; its lease runs out and a later run takes it.
    const still = await inGroups(claimed, (held) => requests.readPending(held.record.id).catch(() => null), null);
    return still.filter((held): held is Held => held?.record.delivery.lease?.owner === runId);
  }

  async function mailPending(sender: Extract<Mailer, { send: unknown }>, ids: readonly string[]) {
    const room = await cap.room(now());
    const claimed = await claimDue(ids, room + contactLimits.requestsPerDigest);
    const tokens = await cap.reserve(now(), Math.min(room, claimed.length));
    const singles = claimed.slice(0, tokens.length);
    const together = claimed.slice(tokens.length);
    const unused: string[] = [];
    for (let start = 0; start < singles.length; start += mailsAtOnce) {
      // Singles that no longer fit in the time join the digest, which is one mail. A single's photos (up to
      // photoLimits.count store reads) are read within its attempt's deadline, so a group started in time ends in it.
      if (timeLeft() <= 0) {
        together.unshift(...singles.slice(start));
        unused.push(...tokens.slice(start));
        break;
      }
      const group = singles.slice(start, start + mailsAtOnce);
      const results = await Promise.all(group.map((held) => attemptDelivery(requests, held, { mailer: sender, log, now, ...delivery })));
      for (const [index, result] of results.entries()) {
        report[result.sent ? "sent" : "failed"] += 1;
        if (!result.sent && !result.mayStillArrive) unused.push(tokens[start + index] ?? "");
      }
    }
    await cap.release(unused).catch((error: unknown) => log(`deliver-contact-requests: could not give back unused mails: ${messageOf(error)}`));
    if (together.length > 0) await mailDigest(sender, together);
    report.left = Math.max(0, ids.length - report.sent - report.digested);
  }

  async function mailDigest(sender: Extract<Mailer, { send: unknown }>, together: Held[]) {
    together.sort((a, b) => a.record.id.localeCompare(b.record.id));
    try {
      await withDeadline(sender.send(composeDigest(together.map((held) => held.record), delivery.addresses)), delivery.deadlineMs);
    } catch (error) {
      const message = messageOf(error);
      log(`deliver-contact-requests: digest of ${together.length} requests failed: ${message}`);
      await inGroups(together, (held) => requests.recordFailure(held, now(), message).catch(() => null), null);
      report.failed += together.length;
      return;
    }
    await inGroups(
      together,
      (held) =>
        requests.markSent(held, now(), { inDigest: true }).catch((error: unknown) => log(`contact request ${held.record.id}: in a digest, but not marked sent: ${messageOf(error)}`)),
      null,
    );
    report.digested += together.length;
  }

  /** Once a day, the suspect requests that came since the last list. */
  async function listSuspects(sender: Extract<Mailer, { send: unknown }>) {
    check();
    const state = (await blobs.get(suspectDigestStateKey, { type: "json" })) as { sentAt: string; through: string } | null;
    if (state && now().getTime() - Date.parse(state.sentAt) < suspectDigestEveryMs) return;
    const ids = (await listKeys(blobs, "suspect/", check)).map(idOfKey).filter((id) => !state || id > state.through).sort();
    if (ids.length === 0) return;
    // The oldest that fit one list; the rest lead tomorrow's, which starts after the last one shown.
    const listed = ids.slice(0, contactLimits.requestsPerDigest);
    const shown = await inGroups(listed, (id) => requests.read(keyOf("suspect", id)));
    const records = shown.filter((record): record is StoredContactRequest => record !== null);
    check();
    await withDeadline(sender.send(composeSuspectDigest(records, ids.length, delivery.addresses)), delivery.deadlineMs);
    await blobs.setJSON(suspectDigestStateKey, { sentAt: now().toISOString(), through: listed.at(-1) });
    report.suspectsListed = listed.length;
  }

  /**
   * The reply clock's reminders (reminders.ts): the sent requests of the last
   * days that nobody marked, halfway to their target in one reminder to the
   * contractor, past it in one mail to CONTACT_ESCALATE_TO. A step is taken
   * with a write only if new, before the mail: at most once per request, and
   * a step whose mail failed is not sent again.
   */
  async function remindUnanswered(sender: Extract<Mailer, { send: unknown }>, replyClock: ReplyClock) {
    check();
    const taken = new Set(await listKeys(blobs, remindersPrefix, check));
    const horizon = now().getTime() - reminderHorizonMs;
    const ids = (await listKeys(blobs, "sent/", check)).map(idOfKey).filter((id) => (receivedAtOf(id)?.getTime() ?? 0) >= horizon);
    const open = ids.filter((id) => reminderSteps.some((step) => !taken.has(reminderKey(id, step))));
    // A step is taken before its mail goes: taking stops at the budget, and what was taken is mailed before the run stops,
    // within the time Netlify gives beyond the budget.
    const found: DueStep[] = [];
    let stopped: OutOfTime | null = null;
    try {
      await inGroups(
        open,
        async (id) => {
          const [handling, record] = await Promise.all([requests.readHandling(id), requests.read(sentKey(id))]);
          if (handling.answeredAt || !record) return;
          const due = stepsDue(record, handling, replyClock, now(), Boolean(delivery.addresses.escalateTo)).filter(({ step }) => !taken.has(reminderKey(id, step)));
          const mine = await Promise.all(
            due.map(async (entry) => ((await blobs.setJSON(reminderKey(id, entry.step), { at: now().toISOString(), run: runId }, { onlyIfNew: true })).modified ? entry : null)),
          );
          found.push(...mine.filter((entry): entry is DueStep => entry !== null));
        },
      );
    } catch (error) {
      if (!(error instanceof OutOfTime)) throw error;
      stopped = error;
    }
    for (const step of reminderSteps) {
      const due = found.filter((entry) => entry.step === step);
      if (due.length === 0) continue;
      await withDeadline(sender.send(composeReminder(due, delivery.addresses, step)), delivery.deadlineMs);
      report[step === "halfway" ? "reminded" : "escalated"] += due.length;
      if (step === "halfway") await alertReminder(due);
    }
    if (stopped) throw stopped;
  }

  /** The halfway reminder on the contractor's devices as well: one alert, opening the oldest request. */
  async function alertReminder(due: readonly DueStep[]) {
    const pages = delivery.addresses.pages;
    if (!alerts || !pages) return;
    const at = now();
    const waiting = due.map(({ record, dueAt }) => ({ record, url: requestPageUrl(record, pages), answerBy: replyMoment(dueAt, at) }));
    const outcome = await alerts.toAll(blobs, reminderAlert(waiting)).catch((error: unknown) => warn(`reminder not pushed: ${messageOf(error)}`));
    if (outcome && outcome.failed > 0) warn(`reminder pushed to ${outcome.sent} device(s), ${outcome.failed} failed`);
  }

  /**
   * The first run of a month (Amsterdam's) mails the report of the month
   * before (handling-report.ts) to the contractor. It reads only that month's
   * requests, found by their keys, and their handling, in the order of their
   * ids; what a run read before its time ran out it keeps in the store, and
   * the next run goes on after it, so a month of any size is reported. The
   * month is noted after the mail went, with a conditional write on what was
   * read: a run whose mail failed leaves it to the next, and of two runs at
   * once only one notes it (the other says so; the equal Message-ID shows
   * both as one).
   */
  async function mailMonthlyReport(sender: Extract<Mailer, { send: unknown }>, replyClock: ReplyClock) {
    const month = monthBefore(monthOf(now()));
    check();
    const [noted, reading] = await Promise.all([readVersioned<{ month: string }>(blobs, monthlyReportStateKey), readVersioned<ReportReading>(blobs, monthlyReportReadingKey)]);
    if (noted && noted.value.month >= month) return;
    const begun = reading?.value.month === month ? reading.value : { month, after: "", read: [] };
    const progress: ReportReading = { ...begun, read: [...begun.read] };
    let mailed = false;
    try {
      const unread = [...(await requests.mailableIds(idPrefixesOf(month), check))]
        .filter(([id]) => {
          const receivedAt = receivedAtOf(id);
          return id > progress.after && receivedAt !== null && monthOf(receivedAt) === month;
        })
        .sort(([a], [b]) => (a < b ? -1 : 1));
      for (let start = 0; start < unread.length; start += concurrency) {
        check();
        const group = unread.slice(start, start + concurrency);
        const read = await Promise.all(group.map(([id, area]) => requests.readHandled(id, area)));
        progress.read.push(...read.filter((entry): entry is HandledRequest => entry !== null));
        progress.after = group.at(-1)?.[0] ?? progress.after;
      }
      const [figures] = monthFigures(progress.read, replyClock, now(), [month]);
      if (!figures) return;
      check();
      await withDeadline(sender.send(composeMonthlyReport(figures, replyClock, delivery.addresses)), delivery.deadlineMs);
      mailed = true;
    } finally {
      // One write, also when the time is up: without it the next run would read the month again, and stop where this one did.
      if (!mailed && progress.after !== begun.after) await blobs.setJSON(monthlyReportReadingKey, progress, reading ? { onlyIfMatch: reading.etag } : { onlyIfNew: true });
    }
    report.monthlyReport = month;
    const { modified } = await blobs.setJSON(monthlyReportStateKey, { month, sentAt: now().toISOString() }, noted ? { onlyIfMatch: noted.etag } : { onlyIfNew: true });
    if (!modified) log(`deliver-contact-requests: another run noted the monthly report of ${month} first; it may have gone twice`);
    if (reading) await blobs.delete(monthlyReportReadingKey);
  }

  async function deleteKeys(keys: readonly string[], store: Store = blobs): Promise<number> {
    const allowed = keys.slice(0, Math.max(0, deletionsPerRun - deletions));
    let deleted = 0;
    try {
      await inGroups(allowed, async (key) => {
        await store.delete(key);
        deleted += 1;
      });
    } finally {
      deletions += deleted;
      report.deleted += deleted;
    }
    return deleted;
  }

  /**
   * Deletes an area's requests (or their photos) past their term
   * (keysPastTerm), as many as the run may still delete. The keys carry their
   * arrival time, so the listing alone finds them; what a run leaves is what
   * the next one lists first.
   */
  async function sweepArea(area: RequestArea | PhotoArea | "handling" | "reminders"): Promise<void> {
    const wanted = deletionsPerRun - deletions;
    const expired: string[] = [];
    check();
    for await (const page of blobs.list({ prefix: `${area}/`, paginate: true })) {
      expired.push(...keysPastTerm(page.blobs.map((blob) => blob.key), now()));
      if (expired.length >= wanted) break;
      check();
    }
    await deleteKeys(expired.slice(0, wanted));
  }

  /** Deletes the buckets of per-address counts and duplicate marks that are past their time. */
  async function sweepBuckets(prefix: string, current: string) {
    check();
    const { directories } = await blobs.list({ prefix, directories: true });
    for (const directory of directories.filter((name) => name.slice(prefix.length) < current).sort()) {
      check();
      const keys = await listKeys(blobs, `${directory}/`, check);
      if ((await deleteKeys(keys)) < keys.length) return;
    }
  }

  async function sweep() {
    // Records before their photos: a record never names a photo that is gone; photos left by a run are found by key in the next.
    await sweepArea("pending");
    await sweepArea("sent");
    await sweepArea("suspect");
    await sweepArea("photos");
    await sweepArea("suspect-photos");
    await sweepArea("handling");
    await sweepArea("reminders");
    await sweepBuckets(addressesPrefix, hourOf(now()));
    await sweepBuckets(duplicatesPrefix, tenMinutesOf(new Date(now().getTime() - contactLimits.duplicateWindowMs)));
  }

  /**
   * Production's run also sweeps the stores of deploy previews and branch
   * deploys, by the same terms (keysPastTerm): Netlify runs scheduled
   * functions on published deploys only, so their own jobs never run. It
   * comes after production's own work, in the time and deletions left, and
   * goes round the stores, each run on after the last store it swept.
   *
   * Blobs cannot delete a store, only all its keys (deleteAll), and a preview
   * may get a request at any moment: one stored as deleteAll runs is lost. So
   * a store is deleted only once it stayed empty: no key but `state/` (the
   * mail cap, times without a person's data) at runs `emptyPreviewStoreKeptMs`
   * apart, and none in between found more. Every request leaves keys for at
   * least its clock hour (its address count) and the job runs every 5
   * minutes, so a store in use is not seen empty for a day. The first sighting
   * is noted in production's store, since the preview's is what goes.
   */
  async function sweepPreviews(stores: SiteStores) {
    check();
    const state = ((await blobs.get(previewStoresStateKey, { type: "json" })) as PreviewStoresState | null) ?? { emptySince: {} };
    const noted = JSON.stringify(state);
    try {
      const names: string[] = [];
      check();
      for await (const page of stores.names()) {
        names.push(...page.filter(isPreviewStoreName));
        check();
      }
      names.sort();
      for (const name of Object.keys(state.emptySince)) if (!names.includes(name)) delete state.emptySince[name];
      const last = state.lastSwept ?? "";
      for (const name of [...names.filter((name) => name > last), ...names.filter((name) => name <= last)]) {
        const store = stores.open(name);
        const keys = (await listKeys(store, "", check)).filter((key) => !key.startsWith("state/"));
        if (keys.length > 0) {
          delete state.emptySince[name];
          const due = keysPastTerm(keys, now());
          // Out of deletions: the next run starts with this store.
          if ((await deleteKeys(due, store)) < due.length) return;
        } else if (!state.emptySince[name]) {
          state.emptySince[name] = now().toISOString();
        } else if (now().getTime() - Date.parse(state.emptySince[name]) >= emptyPreviewStoreKeptMs) {
          check();
          await store.deleteAll();
          delete state.emptySince[name];
          report.previewStoresDeleted += 1;
        }
        state.lastSwept = name;
        report.previewStoresSwept += 1;
      }
    } finally {
      // One write, also when the time is up: without it the next run would begin the round again.
      if (JSON.stringify(state) !== noted) await blobs.setJSON(previewStoresStateKey, state);
    }
  }

  try {
    const ids = await requests.pendingIds(check);
    report.waiting = ids.length;
    report.left = ids.length;
    report.oldestWaitingMs = ids[0] ? now().getTime() - (receivedAtOf(ids[0])?.getTime() ?? now().getTime()) : 0;
    if (mailer.kind === "unconfigured") {
      if (ids.length > 0) log(`deliver-contact-requests: e-mail not configured (${mailer.reason})`);
    } else {
      if (ids.length > 0) await mailPending(mailer, ids);
      if (clock && delivery.addresses.pages) {
        await remindUnanswered(mailer, clock).catch((error: unknown) => {
          if (error instanceof OutOfTime) throw error;
          log(`deliver-contact-requests: the reminders were not sent: ${messageOf(error)}`);
        });
      }
      await listSuspects(mailer).catch((error: unknown) => {
        if (error instanceof OutOfTime) throw error;
        log(`deliver-contact-requests: the list of suspect requests was not sent: ${messageOf(error)}`);
      });
    }
    await sweep();
    if (clock && mailer.kind !== "unconfigured") {
      // After the store's own sweep, before the previews': a report can wait a run, the terms the sweep keeps cannot.
      await mailMonthlyReport(mailer, clock).catch((error: unknown) => {
        if (error instanceof OutOfTime) throw error;
        log(`deliver-contact-requests: the monthly report was not sent: ${messageOf(error)}`);
      });
    }
    if (previewStores) {
      await sweepPreviews(previewStores).catch((error: unknown) => {
        if (error instanceof OutOfTime) throw error;
        log(`deliver-contact-requests: the preview stores were not swept: ${messageOf(error)}`);
      });
    }
  } catch (error) {
    if (!(error instanceof OutOfTime)) throw error;
  }

  const line = summary(report, timeLeft, previewStores !== undefined);
  if (report.oldestWaitingMs > oldestWaitWarningMs) {
    warn(`deliver-contact-requests: WARNING: the oldest waiting request has waited ${duration(report.oldestWaitingMs)}; mail is not getting through (check SMTP_URL and CONTACT_TO). ${line}`);
  } else {
    log(`deliver-contact-requests: ${line}`);
  }
  return report;
}

function duration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h ${minutes % 60} min` : `${Math.floor(hours / 24)} days`;
}

function summary(report: JobReport, timeLeft: () => number, previews: boolean): string {
  const oldest = report.waiting > 0 ? ` (oldest ${duration(report.oldestWaitingMs)})` : "";
  return [
    `${report.waiting} waiting${oldest}`,
    `${report.sent} mailed singly`,
    `${report.digested} in a digest`,
    `${report.failed} failed`,
    ...(report.unreadable > 0 ? [`${report.unreadable} unreadable`] : []),
    `${report.left} left for later`,
    `${report.suspectsListed} suspect listed`,
    ...(report.reminded + report.escalated > 0 ? [`${report.reminded} reminded, ${report.escalated} escalated`] : []),
    `${report.deleted} deleted past their term`,
    ...(previews ? [`${report.previewStoresSwept} preview stores swept, ${report.previewStoresDeleted} deleted as empty`] : []),
    ...(report.monthlyReport ? [`monthly report of ${report.monthlyReport} mailed`] : []),
    timeLeft() <= 0 ? "stopped at its time limit" : "done",
  ].join(", ");
}
