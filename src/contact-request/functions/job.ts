import { setTimeout as delay } from "node:timers/promises";
import { contactLimits } from "./contact-delivery";
import { dueIndexPrefix, listKeys, readJson, RequestStore, stateKeys, type Blobs } from "./request-store";
import { messageOf } from "./deliver";
import type { MailAddresses } from "./mail";
import type { FirstLook, JobContext, JobOptions, JobReport } from "./job/context";
import { runPhases } from "./job/phases";

export type { JobOptions, JobReport } from "./job/context";

/** The job runs every this many minutes (docs/contact-requests.md, "The mailing job"). */
export const deliveryJobEveryMinutes = 5;

/** Its cron. The scheduled function's config repeats it as a literal, because Netlify reads it from that file; a test holds the two together. */
export const deliveryJobSchedule = `*/${deliveryJobEveryMinutes} * * * *`;

/** How long a run waits for the mail server to take one mail: what the scheduled function passes, and the tests too. */
export const mailDeadlineMs = 5000;

/** Past this a waiting request means mail is not getting through: the log line says so as a warning. */
export const oldestWaitWarningMs = 3600_000;

/**
 * One run of the mailing job (docs/contact-requests.md, "The mailing job"):
 * the phases of job/phases.ts one after the other, each in its own share of
 * the run's time, so that none can take the others' (a flood of waiting
 * requests cannot silence the reminders, the suspect list, the sweep or the
 * monthly report), then one log line of what it did.
 */
export async function runDeliveryJob(blobs: Blobs, options: JobOptions): Promise<JobReport> {
  const { mailer, runId, budgetMs = 15_000, settleMs = 500, concurrency = 8, mailsPerHour = contactLimits.mailsPerHour, deletionsPerRun = 1000, now = () => new Date(), sleep = delay, log, warn = log } = options;
  const { previewStores, clock, alerts, addresses, deadlineMs, finishLater, deploys } = options;
  let withDevices: Promise<MailAddresses> | undefined;
  const listDevices = async (): Promise<MailAddresses> => {
    if (!alerts || !addresses.pages) return addresses;
    try {
      return { ...addresses, devices: await alerts.devices(blobs).listed() };
    } catch (error) {
      warn(`deliver-contact-requests: the devices that get alerts could not be read, so this run's mails do not list them: ${messageOf(error)}`);
      return addresses;
    }
  };
  const requests = new RequestStore(blobs);
  const report: JobReport = { waiting: 0, oldestWaitingMs: 0, sent: 0, digested: 0, failed: 0, unreadable: 0, left: 0, deleted: 0, suspectsListed: 0, reminded: 0, escalated: 0, previewStoresSwept: 0, previewStoresDeleted: 0, monthlyReport: null, outOfTime: [] };
  const job: JobContext = {
    blobs,
    requests,
    runId,
    now,
    sleep,
    log,
    warn,
    concurrency,
    settleMs,
    mailsPerHour,
    delivery: { addresses, deadlineMs, ...(finishLater && { finishLater }) },
    mailer,
    mailAddresses: () => (withDevices ??= listDevices()),
    ...(clock && { clock }),
    ...(alerts && { alerts }),
    ...(previewStores && { previewStores }),
    ...(deploys && { deploys: deploys.log }),
    report,
    deletions: { left: deletionsPerRun },
    firstLook: firstLook(blobs, requests),
    pendingIds: [],
    forDigest: [],
  };
  // Beside the phases: a store call the run does not wait for before its work.
  const deployNoted = deploys?.log.noteDeploy(deploys.deployId, now()).catch((error: unknown) => warn(`deliver-contact-requests: this deploy could not be noted for the monthly report: ${messageOf(error)}`));
  await runPhases(job, budgetMs);
  await deployNoted;

  const line = summary(report, previewStores !== undefined);
  if (report.oldestWaitingMs > oldestWaitWarningMs) {
    warn(`deliver-contact-requests: WARNING: the oldest waiting request has waited ${duration(report.oldestWaitingMs)}; mail is not getting through (check SMTP_URL and CONTACT_TO). ${line}`);
  } else {
    log(`deliver-contact-requests: ${line}`);
  }
  return report;
}

/** The first look's reads, all started at once (FirstLook). */
function firstLook(blobs: Blobs, requests: RequestStore): FirstLook {
  // A read no phase awaits (its phase had nothing to do) must not fail the process as an unhandled rejection.
  const started = <T,>(read: Promise<T>) => {
    read.catch(() => undefined);
    return read;
  };
  return {
    pendingIds: started(requests.pendingIds()),
    dueKeys: started(listKeys(blobs, dueIndexPrefix)),
    suspectDigest: started(readJson(blobs, stateKeys.suspectDigest)),
    sweep: started(readJson(blobs, stateKeys.sweep)),
    monthlyReport: started(readJson(blobs, stateKeys.monthlyReport)),
  };
}

function duration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h ${minutes % 60} min` : `${Math.floor(hours / 24)} days`;
}

function summary(report: JobReport, previews: boolean): string {
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
    report.outOfTime.length > 0 ? `out of time in ${report.outOfTime.join(", ")}` : "done",
  ].join(", ");
}
