import { contactLimits, isDue, isPastRetention, receivedAtOf } from "../contact-delivery";
import { attemptDelivery, messageOf } from "../deliver";
import { MailCap } from "../flood-guards";
import type { Held } from "../request-store";
import { inGroups, OutOfTime, type JobContext, type PhaseTime } from "./context";

/** Single mails a run sends at once: a mail server takes a few connections from one sender, and a run's time goes further. */
const mailsAtOnce = 4;
/** Of the phase's time, what claiming leaves for mailing what it claimed. */
const mailingReserveShare = 0.5;

/**
 * The first phase (docs/contact-requests.md, "The mailing job"): lists what
 * is pending, oldest first, claims only what it can mail now (as many single
 * mails as the hour's cap leaves, plus one digest's worth) and mails the
 * singles while the phase has time. What no single mail took waits in
 * `forDigest` for the digest phase.
 */
export async function mailPending(job: JobContext, time: PhaseTime): Promise<void> {
  const { report, now } = job;
  time.check();
  job.pendingIds = await job.firstLook.pendingIds;
  const ids = job.pendingIds;
  report.waiting = ids.length;
  report.left = ids.length;
  report.oldestWaitingMs = ids[0] ? now().getTime() - (receivedAtOf(ids[0])?.getTime() ?? now().getTime()) : 0;
  if (ids.length === 0) return;
  if (job.mailer.kind === "unconfigured") {
    job.log(`deliver-contact-requests: e-mail not configured (${job.mailer.reason})`);
    return;
  }
  const sender = job.mailer;
  const cap = new MailCap(job.blobs, job.mailsPerHour, job.sleep);
  const room = await cap.room(now());
  const claimed = await claimDue(job, time, ids, room + contactLimits.requestsPerDigest);
  const tokens = await cap.reserve(now(), Math.min(room, claimed.length));
  const singles = claimed.slice(0, tokens.length);
  job.forDigest = claimed.slice(tokens.length);
  const unused: string[] = [];
  const addresses = singles.length > 0 ? await job.mailAddresses() : job.delivery.addresses;
  for (let start = 0; start < singles.length; start += mailsAtOnce) {
    // Singles that no longer fit in the time join the digest, which is one mail. A single's photos (up to
    // photoLimits.count store reads) are read within its attempt's deadline, so a group started in time ends in it.
    if (time.left() <= 0) {
      job.forDigest.unshift(...singles.slice(start));
      unused.push(...tokens.slice(start));
      break;
    }
    const group = singles.slice(start, start + mailsAtOnce);
    const results = await Promise.all(group.map((held) => attemptDelivery(job.requests, held, { mailer: sender, log: job.log, now, ...job.delivery, addresses })));
    for (const [index, result] of results.entries()) {
      report[result.sent ? "sent" : "failed"] += 1;
      if (!result.sent && !result.mayStillArrive) unused.push(tokens[start + index] ?? "");
    }
  }
  await cap.release(unused).catch((error: unknown) => job.log(`deliver-contact-requests: could not give back unused mails: ${messageOf(error)}`));
  // The digest phase takes off what it mails.
  report.left = Math.max(0, ids.length - report.sent);
}

/**
 * Claims due requests, oldest first, until it has `wanted` or its part of the
 * phase's time is spent. Safe with two runs at once: a run takes a request
 * with a conditional write on its ETag, then, after a pause, reads it again
 * and keeps it only if the lease still names this run. The second look is for
 * stores whose conditional writes are not atomic, as the local Blobs
 * server's are not.
 */
async function claimDue(job: JobContext, time: PhaseTime, ids: readonly string[], wanted: number): Promise<Held[]> {
  const { requests, now, runId, report } = job;
  const claimed: Held[] = [];
  const reserveMs = time.allowanceMs * mailingReserveShare;
  let next = 0;
  try {
    while (next < ids.length && claimed.length < wanted) {
      const group = ids.slice(next, next + Math.min(job.concurrency, wanted - claimed.length));
      next += group.length;
      time.check(reserveMs);
      const taken = await Promise.all(
        group.map(async (id) => {
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
            job.log(`contact request ${id}: could not be read or taken, left for the next run: ${messageOf(error)}`);
            return null;
          }
        }),
      );
      claimed.push(...taken.filter((held): held is Held => held !== null));
    }
  } catch (error) {
    if (!(error instanceof OutOfTime)) throw error;
  }
  if (claimed.length === 0) return [];
  await job.sleep(job.settleMs);
  // Finishing what it took: no time check, the reserve covers it.
  // A record that cannot be read again is not mailed now; its lease runs out and a later run takes it.
  const still = await inGroups(job, claimed, (held) => requests.readPending(held.record.id).catch(() => null), null);
  return still.filter((held): held is Held => held?.record.delivery.lease?.owner === runId);
}
