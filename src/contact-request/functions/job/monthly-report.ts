import { receivedAtOf } from "../contact-delivery";
import { withDeadline } from "../deliver";
import { idPrefixesOf, monthBefore, monthFigures, monthOf, type HandledRequest } from "../handling-report";
import { composeMonthlyReport } from "../mail";
import { deleteKey, readVersioned, stateKeys, writeJson } from "../request-store";
import type { JobContext, PhaseTime } from "./context";

interface ReportReading {
  month: string;
  /** The last id read: ids sort by arrival, and the next run goes on after it. */
  after: string;
  read: HandledRequest[];
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
export async function mailMonthlyReport(job: JobContext, time: PhaseTime): Promise<void> {
  const { clock, blobs, requests, now, mailer } = job;
  if (!clock || mailer.kind === "unconfigured") return;
  const month = monthBefore(monthOf(now()));
  // The first look's plain read decides; only a month to report reads the notes again with their ETags, for the writes.
  const lastMailed = await job.firstLook.monthlyReport;
  if (lastMailed && lastMailed.month >= month) return;
  time.check();
  const [noted, reading] = await Promise.all([readVersioned<{ month: string }>(blobs, stateKeys.monthlyReport), readVersioned<ReportReading>(blobs, stateKeys.monthlyReportReading)]);
  if (noted && noted.value.month >= month) return;
  const begun = reading?.value.month === month ? reading.value : { month, after: "", read: [] };
  const progress: ReportReading = { ...begun, read: [...begun.read] };
  let mailed = false;
  try {
    const unread = [...(await requests.mailableIds(idPrefixesOf(month), () => time.check()))]
      .filter(([id]) => {
        const receivedAt = receivedAtOf(id);
        return id > progress.after && receivedAt !== null && monthOf(receivedAt) === month;
      })
      .sort(([a], [b]) => (a < b ? -1 : 1));
    for (let start = 0; start < unread.length; start += job.concurrency) {
      time.check();
      const group = unread.slice(start, start + job.concurrency);
      const read = await Promise.all(group.map(([id, area]) => requests.readHandled(id, area)));
      progress.read.push(...read.filter((entry): entry is HandledRequest => entry !== null));
      progress.after = group.at(-1)?.[0] ?? progress.after;
    }
    const [figures] = monthFigures(progress.read, clock, now(), [month]);
    if (!figures) return;
    time.check();
    const deploys = job.deploys && (await job.deploys.month(month));
    time.check();
    await withDeadline(mailer.send(composeMonthlyReport(figures, clock, job.delivery.addresses, deploys)), job.delivery.deadlineMs);
    mailed = true;
  } finally {
    // One write, also when the time is up: without it the next run would read the month again, and stop where this one did.
    if (!mailed && progress.after !== begun.after) await writeJson(blobs, stateKeys.monthlyReportReading, progress, reading ? { onlyIfMatch: reading.etag } : { onlyIfNew: true });
  }
  job.report.monthlyReport = month;
  const { written } = await writeJson(blobs, stateKeys.monthlyReport, { month, sentAt: now().toISOString() }, noted ? { onlyIfMatch: noted.etag } : { onlyIfNew: true });
  if (!written) job.log(`deliver-contact-requests: another run noted the monthly report of ${month} first; it may have gone twice`);
  if (reading) await deleteKey(blobs, stateKeys.monthlyReportReading);
}
