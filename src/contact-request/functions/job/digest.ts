import { composeDigest } from "../mail";
import { messageOf, withDeadline } from "../deliver";
import { inGroups, type JobContext } from "./context";

/**
 * The second phase: the requests the mailing phase took beyond the hour's
 * single mails, in one mail to the contractor that lists each with all its
 * details (docs/contact-requests.md, "The mailing job"). They are held under
 * this run's lease, so it finishes them whatever its time: marked sent, or
 * their failure noted for a later run.
 */
export async function mailDigest(job: JobContext): Promise<void> {
  const together = [...job.forDigest].sort((a, b) => a.record.id.localeCompare(b.record.id));
  if (together.length === 0 || job.mailer.kind === "unconfigured") return;
  const { requests, now, log, report } = job;
  try {
    await withDeadline(job.mailer.send(composeDigest(together.map((held) => held.record), await job.mailAddresses())), job.delivery.deadlineMs);
  } catch (error) {
    const message = messageOf(error);
    log(`deliver-contact-requests: digest of ${together.length} requests failed: ${message}`);
    await inGroups(job, together, (held) => requests.recordFailure(held, now(), message).catch(() => null), null);
    report.failed += together.length;
    return;
  }
  await inGroups(
    job,
    together,
    (held) => requests.markSent(held, now(), { inDigest: true }).catch((error: unknown) => log(`contact request ${held.record.id}: in a digest, but not marked sent: ${messageOf(error)}`)),
    null,
  );
  report.digested += together.length;
  report.left = Math.max(0, report.left - together.length);
}
