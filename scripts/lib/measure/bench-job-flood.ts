import { randomUUID } from "node:crypto";
import type { Store } from "@netlify/blobs";
import { newStoredRequest, type StoredContactRequest } from "../../../src/contact-request/functions/contact-delivery";
import { mailDeadlineMs, runDeliveryJob, type JobReport } from "../../../src/contact-request/functions/job";
import { smtpMailer } from "../../../src/contact-request/functions/mailer";
import { sentKey } from "../../../src/contact-request/functions/request-store";
import { requestPageUrl } from "../../../src/contact-request/functions/request-link";
import { reminderDueAt } from "../../../src/contact-request/shared/reply-clock";
import { validRequest } from "../../../src/contact-request/shared/__tests__/contact-request-example";
import { benchAddresses, benchSiteOrigin, storeAnswered, storeWaiting, urgentService, withStore } from "../requests/backlog";
import { floodMisses } from "./bench-summary";
import { contentClock } from "../requests/content-clock";
import { productionStoreCallMs, slowed } from "../requests/slow-store";
import type { MailSink } from "../serve/mail-sink";

/**
 * `npm run bench`'s flood, in the mailing job's part (`--only=job`,
 * bench-delivery-job.ts): finding 5 of issue 55 measured. A fresh local Blobs
 * store with every call 50 ms later, as on Netlify, holds `older` mailed
 * emergencies nobody answered, past their halfway point and target, and one
 * new request at its halfway point; beside them a suspect request, and a
 * request of 13 months ago. Up to `mostRuns` runs of the job on real timers,
 * with the scheduled function's budget: in which the new request was named
 * in a reminder, and in which the suspect list, the monthly report and the
 * sweep ran. Then an idle run: a store with a week of answered requests, the
 * run after one that did what there was to do, its store calls and seconds.
 * The same as the unit test "a flood of requests waiting for an answer"
 * (src/contact-request/functions/__tests__/job.test.ts).
 */
export interface FloodRun {
  seconds: number;
  reminded: number;
  escalated: number;
  suspectsListed: number;
  monthlyReport: string | null;
  deleted: number;
  /** The phases that ran out of their time. */
  outOfTime: string[];
}

export interface FloodResult {
  older: number;
  delayMs: number;
  runs: FloodRun[];
  /** The run (from 1) in which each happened, null when none of the runs did it. */
  newRemindedIn: number | null;
  suspectListIn: number | null;
  reportIn: number | null;
  sweptIn: number | null;
  idle: { requests: number; storeCalls: number; seconds: number };
}

/** Within this many runs each must have happened (issue 55, goal 5). */
const floodRunsGoal = 3;
const addresses = { ...benchAddresses, pages: { origin: benchSiteOrigin, secret: "bench-link-secret" } };
const minute = 60_000;
const day = 24 * 3600_000;

/** The store with every call counted: a paginated listing counts a call per page, as each is a round trip. */
function counting(store: Store): { store: Store; calls: () => number } {
  let calls = 0;
  const counted = new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "list") {
        return (options?: Parameters<Store["list"]>[0]) => {
          if (!options?.paginate) {
            calls += 1;
            return target.list(options);
          }
          const pages = target.list({ ...options, paginate: true })[Symbol.asyncIterator]();
          return {
            [Symbol.asyncIterator]: () => ({
              next: async () => {
                const page = await pages.next();
                if (!page.done) calls += 1;
                return page;
              },
            }),
          };
        };
      }
      return (...args: unknown[]) => {
        calls += 1;
        return (value as (...parameters: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: counted, calls: () => calls };
}

const runJob = (blobs: Store, sink: MailSink, log: string[]) =>
  runDeliveryJob(blobs, {
    mailer: smtpMailer(sink.url),
    addresses,
    deadlineMs: mailDeadlineMs,
    runId: `bench flood ${randomUUID()}`,
    log: (line) => log.push(line),
    clock: contentClock,
  });

async function timed(work: () => Promise<JobReport>, digits = 1): Promise<{ report: JobReport; seconds: number }> {
  const started = performance.now();
  const report = await work();
  return { report, seconds: Number(((performance.now() - started) / 1000).toFixed(digits)) };
}

async function floodRuns(older: number, mostRuns: number): Promise<Omit<FloodResult, "idle">> {
  return withStore(async (local, sink) => {
    const service = urgentService(contentClock);
    // An emergency's clock runs at every hour: the new request is at its halfway point whenever the bench runs.
    const halfwayMs = reminderDueAt(new Date(0), service, contentClock).getTime();
    const fresh = newStoredRequest({ ...validRequest, service, name: "Nieuwe klant" }, new Date(Date.now() - halfwayMs));
    const flood = Array.from({ length: older }, (_, n) =>
      newStoredRequest({ ...validRequest, service, name: `Ouder ${n}`, message: `Bench van de vloed, aanvraag ${n}.` }, new Date(Date.parse(fresh.receivedAt) - (older - n) * 1000)),
    );
    await storeWaiting(local.blobs, [...flood, fresh], contentClock);
    await local.requests.addSuspect({ ...newStoredRequest({ ...validRequest, name: "Robot" }, new Date(Date.now() - minute)), suspect: ["honeypot"] });
    const expired: StoredContactRequest = newStoredRequest({ ...validRequest, name: "Dertien maanden oud" }, new Date(Date.now() - 396 * day));
    await local.blobs.setJSON(sentKey(expired.id), expired);

    const log: string[] = [];
    const runs: FloodRun[] = [];
    let newRemindedIn: number | null = null;
    let sweptIn: number | null = null;
    const freshUrl = requestPageUrl(fresh, addresses.pages);
    while (runs.length < mostRuns) {
      const before = sink.mails.length;
      const { report, seconds } = await timed(() => runJob(slowed(local.blobs, productionStoreCallMs), sink, log));
      runs.push({ seconds, reminded: report.reminded, escalated: report.escalated, suspectsListed: report.suspectsListed, monthlyReport: report.monthlyReport, deleted: report.deleted, outOfTime: report.outOfTime });
      const run = runs.length;
      if (newRemindedIn === null && sink.mails.slice(before).some((mail) => mail.subject.startsWith("Herinnering") && mail.text.includes(freshUrl))) newRemindedIn = run;
      if (sweptIn === null && (await local.blobs.get(sentKey(expired.id))) === null) sweptIn = run;
    }
    const firstRun = (happened: (entry: FloodRun) => boolean) => {
      const index = runs.findIndex(happened);
      return index === -1 ? null : index + 1;
    };
    return {
      older,
      delayMs: productionStoreCallMs,
      runs,
      newRemindedIn,
      suspectListIn: firstRun((entry) => entry.suspectsListed > 0),
      reportIn: firstRun((entry) => entry.monthlyReport !== null),
      sweptIn,
    };
  });
}

/** A quiet store: `count` requests of the past week, mailed and answered; one run does what there is, the next is measured. */
async function idleRun(count: number): Promise<FloodResult["idle"]> {
  return withStore(async (local, sink) => {
    await storeAnswered(local.blobs, count, urgentService(contentClock), contentClock);
    const log: string[] = [];
    await runJob(slowed(local.blobs, productionStoreCallMs), sink, log);
    const { store, calls } = counting(slowed(local.blobs, productionStoreCallMs));
    // Hundredths: its goal is 0.2 s (bench-summary.ts).
    const { seconds } = await timed(() => runJob(store, sink, log), 2);
    return { requests: count, storeCalls: calls(), seconds };
  });
}

/** The flood and the idle run; a goal missed sets process.exitCode to 1. */
export async function benchJobFlood({ older = 3000, mostRuns = floodRunsGoal, idleRequests = 100 } = {}): Promise<FloodResult> {
  console.log(`\nThe mailing job in a flood: ${older} older requests waiting and a new one at its halfway point, every store call +${productionStoreCallMs} ms ...`);
  const result = { ...(await floodRuns(older, mostRuns)), idle: await idleRun(idleRequests) };
  const misses = floodMisses(result);
  for (const miss of misses) console.error(`FLOOD GOAL MISSED: ${miss}`);
  if (misses.length > 0) process.exitCode = 1;
  return result;
}
