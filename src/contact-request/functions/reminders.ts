import type { StoredContactRequest } from "./contact-delivery";
import type { Handling } from "./request-handling";
import { reminderDueAt, replyDueAt, type ReplyClock } from "../shared/reply-clock";

/**
 * The reminders of the reply clock (docs/contact-requests.md, "The reply
 * clock"): halfway to its target an unanswered request is named in a reminder
 * to the contractor; at its target, in a mail to CONTACT_ESCALATE_TO where it
 * is set. Each step happens at most once per request: the job takes it by
 * writing `reminders/{id}/{step}` only if new, before it mails.
 */
export const reminderSteps = ["halfway", "target"] as const;
export type ReminderStep = (typeof reminderSteps)[number];

export const remindersPrefix = "reminders/";
export const reminderKey = (id: string, step: ReminderStep) => `${remindersPrefix}${id}/${step}`;

/** How far back the job looks for unanswered requests: longer than a target in opening hours can take, over a long weekend. */
export const reminderHorizonMs = 7 * 24 * 3600_000;

/** A step of a request that is due, with the moment its answer was promised by. */
export interface DueStep {
  record: StoredContactRequest;
  step: ReminderStep;
  dueAt: Date;
}

/**
 * The steps due now for a request: none once it is marked; halfway from half
 * its target on, and the target itself from then on where someone is there
 * to escalate to. Steps taken already are the caller's to leave out.
 */
export function stepsDue(record: StoredContactRequest, handling: Handling, clock: ReplyClock, now: Date, escalating: boolean): DueStep[] {
  if (handling.answeredAt) return [];
  const receivedAt = new Date(record.receivedAt);
  const dueAt = replyDueAt(receivedAt, record.request.service, clock);
  const steps: DueStep[] = [];
  if (reminderDueAt(receivedAt, record.request.service, clock).getTime() <= now.getTime()) steps.push({ record, step: "halfway", dueAt });
  if (escalating && dueAt.getTime() <= now.getTime()) steps.push({ record, step: "target", dueAt });
  return steps;
}
