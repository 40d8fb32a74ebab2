import type { Store } from "@netlify/blobs";
import type { StoredContactRequest } from "../../../src/contact-request/functions/contact-delivery";
import { dueKey, sentKey } from "../../../src/contact-request/functions/request-store";
import { reminderDueAt, type ReplyClock } from "../../../src/contact-request/shared/reply-clock";
import { smtpMailer } from "../../../src/contact-request/functions/mailer";
import type { MailSink, SunkMail } from "../serve/mail-sink";
import type { OpenedRequests } from "./request-stores";
import { contentFormHandler } from "./content-form-handler";

/**
 * A backlog as an outage leaves it, and how often each of its requests
 * arrived: for the mailing job's tests
 * (src/contact-request/functions/__tests__/job.test.ts,
 * tests/e2e/delivery.spec.ts) and its bench (bench-delivery-job.ts).
 */
export const backlogAddresses = { to: "info@dakdekker.test", from: '"Dakdekker website" <website@dakdekker.test>' };

/** `count` requests posted to the form function, 10 at a time, while the mail server is down; their ids, oldest first. */
export async function postWhileMailIsDown(local: OpenedRequests, sink: MailSink, count: number): Promise<string[]> {
  await sink.setMode("down");
  const handler = contentFormHandler({ choices: { towns: ["Amsterdam"], services: ["Daklekkage"] }, mailer: smtpMailer(sink.url), store: () => local.blobs, addresses: backlogAddresses });
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
