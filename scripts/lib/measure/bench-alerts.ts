import { setTimeout as delay } from "node:timers/promises";
import { mailDeadlineMs, runDeliveryJob } from "../../../src/contact-request/functions/job";
import { smtpMailer } from "../../../src/contact-request/functions/mailer";
import { newStoredRequest } from "../../../src/contact-request/functions/contact-delivery";
import { endpointPolicy, localPushKeys, RequestAlerts, type Alert } from "../../../src/contact-request/functions/push";
import { honeypotField, shownForField } from "../../../src/contact-request/shared/contact-fields";
import { reminderDueAt } from "../../../src/contact-request/shared/reply-clock";
import { validRequest } from "../../../src/contact-request/shared/__tests__/contact-request-example";
import { startPushService, type PushService, type TestSubscription } from "../push/push-service";
import { contentClock } from "../requests/content-clock";
import type { OpenedRequests } from "../requests/request-stores";
import { backlogAddresses, benchSiteOrigin, storeWaiting, urgentService, withStore } from "../requests/backlog";
import { remindersPerMail } from "../../../src/contact-request/functions/reminders";
import { productionStoreCallMs, slowed } from "../requests/slow-store";
import type { MailSink } from "../serve/mail-sink";
import { alertsMisses, alertsTable, percentile } from "./bench-summary";
import { contentFormHandler } from "../requests/content-form-handler";

/**
 * `npm run bench`'s alerts (scripts/bench.ts, `--only=alerts`): Web Push to
 * the contractor's devices (docs/contact-requests.md, "Alerts on the phone"),
 * in this process against a fresh local Blobs store with every call 50 ms
 * later, as on Netlify, a real SMTP sink and the real push service
 * (web-push-testing), two devices subscribed. First the time from a form
 * post's start until its alert is on both devices, for requests one after
 * another (issue 47's goal: p99 within 3 s); then one run of the mailing job
 * with requests past their halfway mark, which must remind of every one and
 * push one alert to each device within Netlify's 30 s for a scheduled function.
 */
export interface SubmitToPushResult {
  requests: number;
  devices: number;
  delayMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  goalP99Ms: number;
  /** Requests whose alert was not on every device after arrivalWaitMs: they count in no figure, and fail the bench. */
  missed: number;
}

export interface ReminderJobResult {
  waiting: number;
  devices: number;
  delayMs: number;
  seconds: number;
  budgetSeconds: number;
  reminded: number;
  /** Requests one reminder names at most (remindersPerMail); results from before the cap lack it. */
  perReminder?: number;
  /** Reminder alerts each device holds after the run: one each, or the bench fails. */
  remindersPerDevice: number[];
}

export interface AlertsResult {
  submitToPush: SubmitToPushResult;
  reminderJob: ReminderJobResult;
}

const devices = 2;
const keys = localPushKeys("bench", "mailto:website@dakdekker.test");
const secret = "bench-link-secret-of-at-least-32-bytes";
const alerts = new RequestAlerts({ keys, endpointAllowed: endpointPolicy(true), secret });
// With pages, as production has them: without, neither the form nor the job pushes.
const addresses = { ...backlogAddresses, pages: { origin: benchSiteOrigin, secret } };
/** Past this a request's alert counts as missed: the push timeout (push.ts) and the mail's deadline are long over. */
const arrivalWaitMs = 15_000;
const pollMs = 5;

/** A fresh local store, an SMTP sink, and `devices` subscribed with the site's key and kept in the store as the request page keeps them. */
async function withServices<T>(push: PushService, work: (local: OpenedRequests, sink: MailSink, subscribed: TestSubscription[]) => Promise<T>): Promise<T> {
  return withStore(async (local, sink) => {
    const subscribed: TestSubscription[] = [];
    for (let n = 0; n < devices; n += 1) {
      const device = await push.subscribe(keys.publicKey);
      // Turned on from a page and confirmed from the mail, as the contractor's own devices are (docs/contact-requests.md, "Alerts on the phone").
      const asked = await alerts.devices(local.blobs).request({ endpoint: device.endpoint, keys: device.keys }, "Chrome op Android", "bench", new Date());
      if (asked.state === "new") await alerts.devices(local.blobs).confirm(asked.device, new Date());
      subscribed.push(device);
    }
    return work(local, sink, subscribed);
  });
}

const alertsOn = async (push: PushService, device: TestSubscription) => (await push.messages(device)).map((message) => JSON.parse(message) as Alert);

/**
 * `count` requests posted one after the other, each as the form's script
 * sends it (JSON, the honeypot empty, the page shown long enough), after one
 * not counted: the first pays for connections and code this process had not
 * used yet, as the function bench's warm-up does. Each request waits for its
 * alert on every device and for the work the function left for after its
 * answer, so none overlaps the next.
 */
async function submitToPush(push: PushService, count: number, goalP99Ms: number): Promise<SubmitToPushResult> {
  return withServices(push, async (local, sink, subscribed) => {
    const log: string[] = [];
    const handler = contentFormHandler({
      mailer: smtpMailer(sink.url),
      store: () => slowed(local.blobs, productionStoreCallMs),
      addresses,
      // Raised as for the function bench: every request gets a mail of its own, and only such a request is pushed at once.
      limits: { mailsPerHour: 1_000_000, requestsPerAddressPerHour: 1_000_000 },
      alerts,
      log: (line) => log.push(line),
    });
    const tag = `${Date.now()}`;
    /** From the post's start until its alert is on every device, in ms; null when it is not there after arrivalWaitMs. */
    const post = async (n: number): Promise<number | null> => {
      // Its own name, which the alert's body ends with, and its own message, so the duplicate guard keeps each.
      const name = `Bench ${n} ${tag}`;
      const later: Promise<unknown>[] = [];
      const started = performance.now();
      const answer = handler(
        new Request("http://localhost:8888/api/send-contact-email", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ ...validRequest, name, message: `Bench van de pushmelding, aanvraag ${n} (${tag}).`, [honeypotField]: "", [shownForField]: "45000" }),
        }),
        // Each from a visitor of its own, and the work after the answer kept as Netlify's context.waitUntil keeps it.
        { clientAddress: `2001:db8:a1e7::${n.toString(16)}`, finishLater: (work) => later.push(work) },
      );
      let arrivedMs: number | null = null;
      for (;;) {
        const held = await Promise.all(subscribed.map(async (device) => (await alertsOn(push, device)).some((alert) => alert.body.endsWith(`· ${name}`))));
        const elapsed = performance.now() - started;
        if (held.every(Boolean)) {
          arrivedMs = elapsed;
          break;
        }
        if (elapsed > arrivalWaitMs) break;
        await delay(pollMs);
      }
      const response = await answer;
      if (response.status !== 200) throw new Error(`request ${n} was answered ${response.status}: ${await response.text()}`);
      await Promise.all(later);
      return arrivedMs;
    };

    await post(0);
    const times: number[] = [];
    let missed = 0;
    for (let n = 1; n <= count; n += 1) {
      const ms = await post(n);
      if (ms === null) missed += 1;
      else times.push(ms);
    }
    if (missed > 0) console.log(`  the function's log:\n${log.map((line) => `    ${line}`).join("\n")}`);
    return {
      requests: count,
      devices,
      delayMs: productionStoreCallMs,
      p50Ms: percentile(times, 0.5),
      p99Ms: percentile(times, 0.99),
      maxMs: Math.round(Math.max(0, ...times)),
      goalP99Ms,
      missed,
    };
  });
}

/**
 * `waiting` mailed requests nobody answered, stored as the form leaves them
 * (`sent/{id}` and their entry in the reminders' index), then one job run on
 * real timers, which names the latest `remindersPerMail` of them. They are emergencies
 * received 10 minutes ago: an emergency's clock runs at every hour, so they
 * are past halfway (7.5 minutes) whenever the bench runs, and short of their
 * target.
 */
async function reminderJob(push: PushService, waiting: number, budgetSeconds: number): Promise<ReminderJobResult> {
  return withServices(push, async (local, sink, subscribed) => {
    const service = urgentService(contentClock);
    const receivedAt = Date.now() - 10 * 60_000;
    const records = Array.from({ length: waiting }, (_, n) =>
      newStoredRequest({ ...validRequest, service, name: `Wachtend ${n}`, message: `Bench van de herinnering, aanvraag ${n}.` }, new Date(receivedAt + n)),
    );
    const notDue = records.filter((record) => reminderDueAt(new Date(record.receivedAt), service, contentClock).getTime() > Date.now());
    if (notDue.length > 0) throw new Error(`${notDue.length} of the bench's waiting requests are not past halfway`);
    // 50 at a time, straight to the store: the setup, not the measured run.
    await storeWaiting(local.blobs, records, contentClock);

    const log: string[] = [];
    const started = performance.now();
    const report = await runDeliveryJob(slowed(local.blobs, productionStoreCallMs), {
      mailer: smtpMailer(sink.url),
      addresses,
      deadlineMs: mailDeadlineMs,
      runId: `bench alerts ${new Date().toISOString()}`,
      log: (line) => log.push(line),
      clock: contentClock,
      alerts,
    });
    const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
    const remindersPerDevice = await Promise.all(subscribed.map(async (device) => (await alertsOn(push, device)).filter((alert) => alert.tag.startsWith("herinnering-")).length));
    const result = { waiting, devices, delayMs: productionStoreCallMs, seconds, budgetSeconds, reminded: report.reminded, perReminder: remindersPerMail, remindersPerDevice };
    if (result.reminded !== Math.min(waiting, remindersPerMail) || remindersPerDevice.some((count) => count !== 1)) console.log(`  the job's log:\n${log.map((line) => `    ${line}`).join("\n")}`);
    return result;
  });
}

/** Both measurements; a goal missed (alertsMisses) is printed and sets process.exitCode to 1. */
export async function benchAlerts({ requests = 100, waiting = 300, goalP99Ms = 3000, budgetSeconds = 30 } = {}): Promise<AlertsResult> {
  console.log(`\nAlerts by Web Push to ${devices} devices, local Blobs store with every call +${productionStoreCallMs} ms, SMTP sink, web-push-testing ...`);
  const push = await startPushService();
  try {
    const result = { submitToPush: await submitToPush(push, requests, goalP99Ms), reminderJob: await reminderJob(push, waiting, budgetSeconds) };
    console.log(alertsTable(result).join("\n"));
    const misses = alertsMisses(result);
    for (const miss of misses) console.error(`ALERTS GOAL MISSED: ${miss}`);
    if (misses.length > 0) process.exitCode = 1;
    return result;
  } finally {
    await push.stop();
  }
}
