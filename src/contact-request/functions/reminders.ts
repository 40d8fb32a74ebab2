import { leaseMs, type StoredContactRequest } from "./contact-delivery";
import type { Handling } from "./request-handling";
import { reminderDueAt, replyDueAt, type ReplyClock } from "../shared/reply-clock";
import {
  deleteKey,
  dueEntryOf,
  dueKey,
  readVersioned,
  reminderKey,
  writeJson,
  type Blobs,
  type DueEntry,
  type ReminderStep,
} from "./request-store";

/**
 * The reminders of the reply clock (docs/contact-requests.md, "The reply
 * clock"): halfway to its target an unanswered request is named in a reminder
 * to the contractor; at its target, in a mail to CONTACT_ESCALATE_TO where it
 * is set. The job finds the requests with a step to take in an index
 * (ReminderIndex) and mails each step once it has claimed it.
 */

/** How far back the job looks for unanswered requests: longer than a target in opening hours can take, over a long weekend. */
export const reminderHorizonMs = 7 * 24 * 3600_000;

/** Requests one reminder names at most: what a person reads; the mail says how many more wait, and the next runs name them. */
export const remindersPerMail = 20;

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

/** When a step of a request falls due: halfway to its target, or the target itself. */
export function stepDueAt(record: StoredContactRequest, step: ReminderStep, clock: ReplyClock): Date {
  const receivedAt = new Date(record.receivedAt);
  return (step === "halfway" ? reminderDueAt : replyDueAt)(receivedAt, record.request.service, clock);
}

/** A step's claim under `reminders/{id}/{step}`: the run that took it and when, and once its mail was accepted, when; or when it failed. */
interface StepClaim {
  run: string;
  at: string;
  mailedAt?: string;
  failedAt?: string;
}

/** A step this run holds: its mail is this run's to send. */
export interface ClaimedStep extends DueStep {
  etag: string;
  claim: StepClaim;
}

/** What claiming a step found: it is this run's, it was mailed already, or another run is mailing it now. */
export type ClaimOutcome = { claimed: ClaimedStep } | { mailed: true } | { busy: true };

/**
 * The index of the requests that still have a step to take, and the steps'
 * claims (docs/contact-requests.md, "The reply clock"). A request is filed
 * when it is stored (RequestStore.add), under the moment its halfway step
 * falls due; once that step's mail went it is filed again for
 * its target where someone is there to escalate to, and taken out once no
 * step is left, or when the job finds it marked, gone or past the horizon.
 * So it stays small, and an idle run lists it in one call.
 *
 * A step is claimed with a write only if new, naming the run, and marked
 * mailed with a conditional write once its mail was accepted. A claim whose
 * mail failed (its run noted so), or whose run never marked it within
 * `leaseMs`, is taken over by a later run with a conditional write: a step
 * is never lost, and mailed twice only when a run stopped between the mail
 * and its mark.
 */
export class ReminderIndex {
  constructor(private readonly store: Blobs) {}

  /**
   * The entries of the index's keys (a listing of dueIndexPrefix) due by
   * `now`, the newest due first. One listing a thousand entries: the index
   * holds only requests with a step to come.
   */
  static dueOf(keys: readonly string[], now: Date): DueEntry[] {
    return keys
      .map(dueEntryOf)
      .filter((entry): entry is DueEntry => entry !== null && entry.dueAt.getTime() <= now.getTime())
      .sort((a, b) => b.dueAt.getTime() - a.dueAt.getTime() || (a.id < b.id ? 1 : -1));
  }

  /** Files a request again, for its next step. */
  async file(record: StoredContactRequest, step: ReminderStep, clock: ReplyClock): Promise<void> {
    await writeJson(this.store, dueKey(stepDueAt(record, step, clock), step, record.id), {});
  }

  async remove(entry: DueEntry): Promise<void> {
    await deleteKey(this.store, entry.key);
  }

  /** Claims a due step for `run`, or takes over a claim that failed or ran out (see above). */
  async claim(due: DueStep, run: string, now: Date): Promise<ClaimOutcome> {
    const key = reminderKey(due.record.id, due.step);
    const claim: StepClaim = { run, at: now.toISOString() };
    const first = await writeJson(this.store, key, claim, { onlyIfNew: true });
    if (first.written && first.etag) return { claimed: { ...due, etag: first.etag, claim } };
    const held = await readVersioned<StepClaim>(this.store, key);
    if (!held) return { busy: true };
    if (held.value.mailedAt) return { mailed: true };
    if (!held.value.failedAt && now.getTime() - Date.parse(held.value.at) < leaseMs) return { busy: true };
    const taken = await writeJson(this.store, key, claim, { onlyIfMatch: held.etag });
    return taken.written && taken.etag ? { claimed: { ...due, etag: taken.etag, claim } } : { busy: true };
  }

  /** Notes that the step's mail was accepted; false when another run took the claim over meanwhile. */
  async markMailed(step: ClaimedStep, now: Date): Promise<boolean> {
    return (await writeJson(this.store, reminderKey(step.record.id, step.step), { ...step.claim, mailedAt: now.toISOString() }, { onlyIfMatch: step.etag })).written;
  }

  /** Notes that the step's mail failed, so the next run takes it over at once instead of after the lease. */
  async markFailed(step: ClaimedStep, now: Date): Promise<boolean> {
    return (await writeJson(this.store, reminderKey(step.record.id, step.step), { ...step.claim, failedAt: now.toISOString() }, { onlyIfMatch: step.etag })).written;
  }
}
