import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { mailDeadlineMs, runDeliveryJob } from "../../../src/contact-request/functions/job";
import { MailCap } from "../../../src/contact-request/functions/flood-guards";
import { smtpMailer } from "../../../src/contact-request/functions/mailer";
import { contactLimits } from "../../../src/contact-request/functions/contact-delivery";
import { startMailSink } from "../serve/mail-sink";
import { arrivals, backlogAddresses, postWhileMailIsDown } from "../requests/backlog";
import { openLocalRequests, type OpenedRequests } from "../requests/request-stores";
import { slowed } from "../requests/slow-store";
import { deliveryJobLine, floodLines } from "./bench-summary";
import { benchJobFlood, type FloodResult } from "./bench-job-flood";

/**
 * `npm run bench`'s mailing job (scripts/bench.ts, `--only=job`): a backlog
 * as an outage leaves it, drained by the job one run after the other, once
 * with store calls as the local Blobs server answers them and once with every
 * call 50 ms later, as on Netlify. Each request must arrive exactly once,
 * singly or in a digest. The same as the unit test's "a backlog after an
 * outage" (src/contact-request/functions/__tests__/job.test.ts),
 * with the figures printed. Then the job in a flood (bench-job-flood.ts).
 */
export interface DeliveryJobRun {
  sent: number;
  digested: number;
  seconds: number;
}

export interface DeliveryJobCase {
  delayMs: number;
  /**
   * Single mails the hour's cap had left when the first run began. Below
   * contactLimits.mailsPerHour when some failed attempts' slots were not given
   * back while the backlog was stored: on the local Blobs server two
   * conditional writes can both succeed, and a release can be overwritten.
   */
  capRoomAtStart: number;
  runs: DeliveryJobRun[];
  allOnce: boolean;
  /** Requests of the backlog no mail named, and those named more than once. */
  missing: number;
  mailedTwice: number;
  /** Requests still pending after the last run. */
  stillPending: number;
}

export interface DeliveryJobResult {
  backlog: number;
  /** The hour's cap of single mails (contactLimits.mailsPerHour); results from before it was recorded lack it. */
  mailsPerHour?: number;
  cases: DeliveryJobCase[];
  /** The job in a flood; results from before it was measured lack it. */
  flood?: FloodResult;
}

async function benchCase(backlog: number, delayMs: number, mostRuns: number): Promise<DeliveryJobCase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-delivery-job-"));
  const sink = await startMailSink();
  let local: OpenedRequests | null = null;
  try {
    local = await openLocalRequests(dir);
    const ids = await postWhileMailIsDown(local, sink, backlog);
    const capRoomAtStart = await new MailCap(local.blobs).room(new Date());
    const blobs = delayMs > 0 ? slowed(local.blobs, delayMs) : local.blobs;
    const log: string[] = [];
    const runs: DeliveryJobRun[] = [];
    while (runs.length < mostRuns && (await local.requests.pendingIds()).length > 0) {
      const started = performance.now();
      const report = await runDeliveryJob(blobs, {
        mailer: smtpMailer(sink.url),
        addresses: backlogAddresses,
        deadlineMs: mailDeadlineMs,
        runId: `bench ${delayMs} ms, run ${runs.length + 1}, ${randomUUID()}`,
        log: (line) => log.push(line),
      });
      runs.push({ sent: report.sent, digested: report.digested, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) });
    }
    const stillPending = (await local.requests.pendingIds()).length;
    const counts = arrivals(sink.mails, ids);
    const missing = counts.filter((count) => count === 0).length;
    const mailedTwice = counts.filter((count) => count > 1).length;
    const allOnce = missing === 0 && mailedTwice === 0;

    const result = { delayMs, capRoomAtStart, runs, allOnce, missing, mailedTwice, stillPending };
    console.log(deliveryJobLine(backlog, result, contactLimits.mailsPerHour));
    if (!allOnce) console.log(`  the job's log:\n${log.map((line) => `    ${line}`).join("\n")}`);
    return result;
  } finally {
    await local?.close();
    await sink.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Both cases, one after the other, then the flood; any request missing or mailed twice, or a flood goal missed, sets process.exitCode to 1. */
export async function benchDeliveryJob({ backlog = 300, mostRuns = 10 } = {}): Promise<DeliveryJobResult> {
  console.log(`\nThe mailing job on a backlog of ${backlog} requests, local Blobs store and SMTP sink ...`);
  const cases: DeliveryJobCase[] = [];
  // Labelled by deliveryJobLine: "store calls as local", "every store call +50 ms".
  for (const delayMs of [0, 50]) cases.push(await benchCase(backlog, delayMs, mostRuns));
  if (cases.some((entry) => !entry.allOnce)) process.exitCode = 1;
  const flood = await benchJobFlood();
  console.log(floodLines(flood).join("\n"));
  return { backlog, mailsPerHour: contactLimits.mailsPerHour, cases, flood };
}
