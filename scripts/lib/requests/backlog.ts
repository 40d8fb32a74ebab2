import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Store } from "@netlify/blobs";
import { newStoredRequest, type StoredContactRequest } from "../../../src/contact-request/functions/contact-delivery";
import { dueKey, handlingKey, sentKey } from "../../../src/contact-request/functions/request-store";
import { reminderDueAt, type ReplyClock } from "../../../src/contact-request/shared/reply-clock";
import { validRequest } from "../../../src/contact-request/shared/__tests__/contact-request-example";
import { smtpMailer } from "../../../src/contact-request/functions/mailer";
import { startMailSink, type MailSink, type SunkMail } from "../serve/mail-sink";
import { openLocalRequests, type LocalRequests, type OpenedRequests } from "./request-stores";
import { contentFormHandler } from "./content-form-handler";

/**
 * A backlog as an outage leaves it, and how often each of its requests
 * arrived: for the mailing job's tests
 * (src/contact-request/functions/__tests__/job.test.ts,
 * tests/e2e/delivery.spec.ts) and its bench (bench-delivery-job.ts); and the
 * stores the bench's parts run the job in.
 */
export const backlogAddresses = { to: "info@dakdekker.test", from: '"Dakdekker website" <website@dakdekker.test>' };

/** With an owner to escalate to, as production has one (CONTACT_ESCALATE_TO): the job's runs then do the target's work too. */
export const benchAddresses = { ...backlogAddresses, escalateTo: "eigenaar@dakdekker.test" };

/** The site the bench's request links name: production's in shape, never reached. */
export const benchSiteOrigin = "https://www.dakdekker.test";

/** A fresh local store and an SMTP sink for `work`, both gone after it. */
export async function withStore<T>(work: (local: LocalRequests, sink: MailSink) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-store-"));
  const sink = await startMailSink();
  let local: LocalRequests | null = null;
  try {
    local = await openLocalRequests(dir);
    return await work(local, sink);
  } finally {
    await local?.close();
    await sink.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The first service content/ marks urgent: its reply clock runs at every hour, so a request for it is due whenever the bench runs. */
export function urgentService(clock: ReplyClock): string {
  const [service] = clock.urgentServices;
  if (!service) throw new Error("no service in content/services/ is marked urgent: the bench's job runs need one, whose reply clock runs at every hour");
  return service;
}

/** `count` requests posted to the form function, 10 at a time, while the mail server is down; their ids, oldest first. */
export async function postWhileMailIsDown(local: OpenedRequests, sink: MailSink, count: number): Promise<string[]> {
  await sink.setMode("down");
  const handler = contentFormHandler({ mailer: smtpMailer(sink.url), store: () => local.blobs, addresses: backlogAddresses });
  const post = (n: number) =>
    handler(
      new Request("http://localhost:8888/api/send-contact-email", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        // Each its own message: the same e-mail address with the same message within 10 minutes is one request.
        body: JSON.stringify({ name: `Achterstand ${n}`, email: "achterstand@example.nl", phone: "06 12 34 56 78", city: "Amsterdam", message: `Lekkage nummer ${n}` }),
      }),
      // Each from a visitor of its own, as after an outage: one address's hour ends at contactLimits.requestsPerAddressPerHour.
      { clientAddress: `2001:db8:${n.toString(16)}::1` },
    );
  for (let start = 0; start < count; start += 10) {
    const answers = await Promise.all(Array.from({ length: Math.min(10, count - start) }, (_, n) => post(start + n)));
    const refused = answers.filter((answer) => answer.status !== 200);
    if (refused.length > 0) throw new Error(`the form function answered ${refused.map((answer) => answer.status).join(", ")} while the backlog was stored`);
  }
  await sink.setMode("up");
  const ids = await local.requests.pendingIds();
  if (ids.length !== count) throw new Error(`${count} requests posted, but ${ids.length} pending`);
  return ids;
}

/** How often each request reached the mailbox: every mail that carries one, its own or a digest, names "(aanvraag {id})" once. */
export function arrivals(mails: readonly SunkMail[], ids: readonly string[]): number[] {
  return ids.map((id) => mails.filter((mail) => mail.text.includes(`(aanvraag ${id})`)).length);
}

/**
 * Requests mailed and waiting for an answer, as the form function and the job
 * leave them: `sent/{id}`, and the request's entry in the reminders' index
 * (src/contact-request/functions/reminders.ts) for its halfway step; 50 at a
 * time, so thousands take seconds where posting them would take minutes.
 */
export async function storeWaiting(blobs: Store, records: readonly StoredContactRequest[], clock: ReplyClock): Promise<void> {
  for (let start = 0; start < records.length; start += 50) {
    await Promise.all(
      records
        .slice(start, start + 50)
        .flatMap((record) => [blobs.setJSON(sentKey(record.id), record), blobs.setJSON(dueKey(reminderDueAt(new Date(record.receivedAt), record.request.service, clock), "halfway", record.id), {})]),
    );
  }
}

/**
 * A quiet week's store: `count` requests for `service` over the past 6 days,
 * mailed (storeWaiting) and marked answered.
 */
export async function storeAnswered(blobs: Store, count: number, service: string, clock: ReplyClock): Promise<void> {
  const day = 24 * 3600_000;
  const records = Array.from({ length: count }, (_, n) => newStoredRequest({ ...validRequest, service, name: `Beantwoord ${n}`, message: `Beantwoord ${n}.` }, new Date(Date.now() - ((n + 1) * 6 * day) / count)));
  await storeWaiting(blobs, records, clock);
  await Promise.all(records.map((record) => blobs.setJSON(handlingKey(record.id), { firstViewedAt: record.receivedAt, answeredAt: record.receivedAt, mark: "answered" })));
}
