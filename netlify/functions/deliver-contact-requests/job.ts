import { isDue, isPastRetention, receivedAtOf } from "../../../src/lib/contact-delivery";
import { attemptDelivery, type DeliveryOptions } from "../../lib/deliver";
import type { Mailer } from "../../lib/mailer";
import { idOfKey, type Held, type RequestStore } from "../../lib/request-store";

export interface JobOptions extends Omit<DeliveryOptions, "mailer"> {
  mailer: Mailer;
  /** This run's name in the leases it takes. */
  runId: string;
  /** No new attempt starts after this long, so the run ends within Netlify's 30 s for scheduled functions. */
  budgetMs?: number;
  /** How long a run waits between taking requests and checking they are still its own. */
  settleMs?: number;
}

export interface JobReport {
  sent: number;
  failed: number;
  /** Pending requests left for a later run: waiting, taken by another run, or past this run's time. */
  left: number;
  deleted: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One run of the mailing job (docs/contact-requests.md): mails every pending
 * request that is due, oldest first, and deletes what is past the retention
 * term. Safe to run twice at once: a run takes a request with a conditional
 * write on its ETag, then, after a pause, reads it again and mails it only if
 * the lease still names this run. The second look is for stores whose
 * conditional writes are not atomic, as the local Blobs server's are not.
 */
export async function runDeliveryJob(
  requests: RequestStore,
  { mailer, runId, budgetMs = 15_000, settleMs = 500, now = () => new Date(), log, ...delivery }: JobOptions,
): Promise<JobReport> {
  const started = now().getTime();
  const report: JobReport = { sent: 0, failed: 0, left: 0, deleted: 0 };
  const pending = await requests.pendingIds();

  const sender = mailer.kind === "unconfigured" ? null : mailer;
  const taken: Held[] = [];
  if (mailer.kind === "unconfigured") {
    report.left = pending.length;
    if (pending.length > 0) log(`deliver-contact-requests: ${pending.length} requests wait, e-mail not configured (${mailer.reason})`);
  } else {
    for (const id of pending) {
      const held = await requests.readPending(id);
      if (!held) continue;
      if (await requests.isSent(id)) {
        // A run that mailed it stopped before it removed the pending copy.
        await requests.dropPending(id);
        continue;
      }
      // Past the retention term it is deleted below, not mailed a year late.
      const wanted = isDue(held.record, now()) && !isPastRetention(new Date(held.record.receivedAt), now());
      const claimed = wanted ? await requests.claim(held, runId, now()) : null;
      if (claimed) taken.push(claimed);
      else report.left += 1;
    }
  }

  if (taken.length > 0) await sleep(settleMs);
  for (const claimed of taken) {
    const held = await requests.readPending(claimed.record.id);
    if (!held || held.record.delivery.lease?.owner !== runId) {
      report.left += 1;
      continue;
    }
    if (!sender || now().getTime() - started > budgetMs) {
      // Its lease runs out by itself; a later run takes it.
      report.left += 1;
      continue;
    }
    const result = await attemptDelivery(requests, held, { mailer: sender, log, now, ...delivery });
    report[result.sent ? "sent" : "failed"] += 1;
  }

  for (const key of await requests.keys()) {
    const receivedAt = receivedAtOf(idOfKey(key));
    if (receivedAt && isPastRetention(receivedAt, now())) {
      await requests.delete(key);
      report.deleted += 1;
    }
  }
  log(`deliver-contact-requests: ${report.sent} sent, ${report.failed} failed, ${report.left} left for later, ${report.deleted} deleted after the retention term`);
  return report;
}
