import type { DeliveryOptions } from "../deliver";
import type { MailAddresses } from "../mail";
import type { Mailer } from "../mailer";
import type { ReplyClock } from "../../shared/reply-clock";
import type { RequestAlerts } from "../push";
import type { PublishLog } from "../../../content-publish/functions/publish-log";
import type { Blobs, Held, RequestStore, SiteStores } from "../request-store";

export interface JobOptions extends Omit<DeliveryOptions, "mailer"> {
  mailer: Mailer;
  /** This run's name in the leases it takes. */
  runId: string;
  /** The run's time for starting work, shared by its phases (job/phases.ts), so the run ends well within Netlify's 30 s for scheduled functions. */
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
  /** The site's stores, given to production's run only: it sweeps the previews' stores too (job/sweep-previews.ts). */
  previewStores?: SiteStores;
  /** The reply clock from content (form-options.json): with it, and the requests' pages to link, the run sends the reminders; with it, the monthly report. */
  clock?: ReplyClock;
  /** Web Push to the contractor's devices: a reminder goes there too (docs/contact-requests.md, "Alerts on the phone"). */
  alerts?: RequestAlerts;
  /** Production's run notes its deploy there, and the monthly report counts the month's deploys and content publishes (docs/deploying.md, "Content is published in batches"). */
  deploys?: { log: PublishLog; deployId: string };
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
  /** The phases that ran out of their time (job/phases.ts), by name. */
  outOfTime: string[];
}

/** A sender that can mail: the job's phases that mail run only with one. */
export type Sender = Extract<Mailer, { send: unknown }>;

/** Thrown by a phase's time check (PhaseTime.check): it ends that phase only. */
export class OutOfTime extends Error {}

/** A phase's share of the run's time (job/phases.ts). */
export interface PhaseTime {
  /** Milliseconds left of the phase's time. */
  left: () => number;
  /** The phase's whole time, as it began. */
  allowanceMs: number;
  /** Called before each store call that starts work: throws OutOfTime once the time (less `reserveMs`) is spent. */
  check: (reserveMs?: number) => void;
}

/** The state the once-a-day and once-an-hour phases keep, as the first look reads it. */
export interface SuspectDigestState {
  /** When a run last looked for suspect requests to list, whether it found any or not (notes before 2026-12 have sentAt only). */
  lookedAt?: string;
  /** When the last list went. */
  sentAt?: string;
  /** The last id the list named: the next list starts after it. */
  through: string;
}
export interface SweepState {
  /** The clock hour (hourOf) whose sweep went through every area. */
  hour: string;
}

/**
 * What a run reads first, all at once, before its phases (docs/contact-requests.md,
 * "The mailing job"): whether anything is pending, whether a reminder is due,
 * and whether the suspect list, the sweep or the monthly report is. A run with
 * nothing to do ends after this one round trip to the store. Each is a promise
 * the phase that needs it awaits; one that failed fails that phase only.
 */
export interface FirstLook {
  pendingIds: Promise<string[]>;
  /** The keys of the reminders' index (reminders.ts). */
  dueKeys: Promise<string[]>;
  suspectDigest: Promise<SuspectDigestState | null>;
  sweep: Promise<SweepState | null>;
  /** The last month whose report was mailed. */
  monthlyReport: Promise<{ month: string } | null>;
}

/** What every phase of one run shares: the store, the options with their defaults, and the run's report. */
export interface JobContext {
  blobs: Blobs;
  requests: RequestStore;
  runId: string;
  now: () => Date;
  sleep: (ms: number) => Promise<unknown>;
  log: (line: string) => void;
  warn: (line: string) => void;
  concurrency: number;
  settleMs: number;
  mailsPerHour: number;
  /** The mail server's deadline, the addresses and the rest of what a mailing attempt takes. */
  delivery: Omit<DeliveryOptions, "mailer" | "log" | "now">;
  mailer: Mailer;
  /**
   * The addresses with the devices that get alerts, which every mail naming
   * requests lists (mail.ts, withDeviceList): read once per run, when a phase
   * first mails, so an idle run reads no device.
   */
  mailAddresses: () => Promise<MailAddresses>;
  clock?: ReplyClock;
  alerts?: RequestAlerts;
  previewStores?: SiteStores;
  deploys?: PublishLog;
  report: JobReport;
  /** Deletions left to this run, shared by the sweeps. */
  deletions: { left: number };
  firstLook: FirstLook;
  /** Pending ids as the run found them, oldest first. */
  pendingIds: string[];
  /** Requests the mailing phase took for the digest: the digest phase mails them. */
  forDigest: Held[];
}

/**
 * Runs `work` on the items a few at a time, checking the phase's time before
 * each group; without `time`, finishing what was started, without a check.
 */
export async function inGroups<T, R>(job: Pick<JobContext, "concurrency">, items: readonly T[], work: (item: T) => Promise<R>, time: PhaseTime | null, reserveMs = 0): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += job.concurrency) {
    time?.check(reserveMs);
    results.push(...(await Promise.all(items.slice(start, start + job.concurrency).map(work))));
  }
  return results;
}
