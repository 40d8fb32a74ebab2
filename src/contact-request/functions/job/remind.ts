import { receivedAtOf, type StoredContactRequest } from "../contact-delivery";
import { messageOf, withDeadline } from "../deliver";
import { composeReminder } from "../mail";
import { reminderAlert } from "../push";
import { reminderHorizonMs, ReminderIndex, remindersPerMail, stepsDue, type ClaimedStep } from "../reminders";
import { reminderSteps, type ReminderStep } from "../store-keys";
import { pendingKey, sentKey, type DueEntry } from "../request-store";
import { alertPageUrl } from "../request-link";
import { replyMoment, type ReplyClock } from "../../shared/reply-clock";
import { inGroups, OutOfTime, type JobContext, type PhaseTime, type Sender } from "./context";

/** An index entry this run took: the steps it claimed, and whether another run holds one of them. */
interface Taken {
  entry: DueEntry;
  record: StoredContactRequest;
  claimed: ClaimedStep[];
  busy: boolean;
}

/**
 * The reply clock's reminders (reminders.ts, docs/contact-requests.md, "The
 * reply clock"): from the index, the requests whose next step is due, newest
 * due first, at most `remindersPerMail`; those halfway to their target in one
 * reminder to the contractor, those past it in one mail to
 * CONTACT_ESCALATE_TO. Each step is claimed before its mail and marked mailed
 * after it; a step whose mail failed is noted so, and the next run mails it.
 * Newest first: a reminder helps most while the target can still be kept, and
 * a flood of older requests cannot hide a new one; the mail says how many
 * more wait, and the next runs name them.
 */
export async function remindUnanswered(job: JobContext, time: PhaseTime): Promise<void> {
  const { clock, mailer } = job;
  if (!clock || !job.delivery.addresses.pages || mailer.kind === "unconfigured") return;
  const index = new ReminderIndex(job.blobs);
  const horizon = job.now().getTime() - reminderHorizonMs;
  const entries = ReminderIndex.dueOf(await job.firstLook.dueKeys, job.now());
  const beyondHorizon = entries.filter((entry) => (receivedAtOf(entry.id)?.getTime() ?? 0) < horizon);
  const open = entries.filter((entry) => (receivedAtOf(entry.id)?.getTime() ?? 0) >= horizon);
  const taken: Taken[] = [];
  const named = () => taken.filter((entry) => entry.claimed.length > 0).length;
  let examined = 0;
  let stopped: OutOfTime | null = null;
  try {
    while (examined < open.length && named() < remindersPerMail) {
      const group = open.slice(examined, examined + Math.min(job.concurrency, remindersPerMail - named()));
      examined += group.length;
      time.check();
      const results = await Promise.all(group.map((entry) => takeSteps(job, index, clock, entry)));
      taken.push(...results.filter((result): result is Taken => result !== null));
    }
  } catch (error) {
    if (!(error instanceof OutOfTime)) throw error;
    stopped = error;
  }
  // What it claimed it mails, whatever its time: a claim left unmailed waits out its lease before another run takes it.
  const mailed = new Set<ClaimedStep>();
  // The entries left say a step is due, not which: one not read may be due halfway, at its target, or both.
  const waitingBeyond = open.length - examined;
  for (const step of reminderSteps) {
    const claimed = taken.flatMap((entry) => entry.claimed.filter((due) => due.step === step));
    if (claimed.length > 0) for (const due of await mailStep(job, mailer, index, step, claimed, waitingBeyond)) mailed.add(due);
  }
  await inGroups(job, taken, (entry) => settle(job, index, clock, entry, mailed).catch((error: unknown) => job.log(`contact request ${entry.entry.id}: reminded, but its index entry not moved on: ${messageOf(error)}`)), null);
  if (stopped) throw stopped;
  // Past the horizon a reminder helps nobody: out of the index, unread, as time allows.
  await inGroups(job, beyondHorizon, (entry) => index.remove(entry), time);
}

/**
 * Reads an entry's request and what was noted of its handling, and claims
 * its steps that are due. A request that is gone or marked leaves the index;
 * one still waiting to be mailed stays filed, as the reminders name mailed
 * requests only.
 */
async function takeSteps(job: JobContext, index: ReminderIndex, clock: ReplyClock, entry: DueEntry): Promise<Taken | null> {
  const { requests, now } = job;
  const [record, handling] = await Promise.all([requests.read(sentKey(entry.id)), requests.readHandling(entry.id)]);
  if (!record) {
    if (!(await requests.read(pendingKey(entry.id)))) await index.remove(entry);
    return null;
  }
  const escalating = Boolean(job.delivery.addresses.escalateTo);
  if (handling.answeredAt || (entry.step === "target" && !escalating)) {
    await index.remove(entry);
    return null;
  }
  const steps = stepsDue(record, handling, clock, now(), escalating).filter(({ step }) => entry.step === "halfway" || step === "target");
  if (steps.length === 0) {
    // Filed under a moment the clock no longer gives (content changed it): filed again under its own.
    await index.file(record, entry.step, clock);
    await index.remove(entry);
    return null;
  }
  const outcomes = await Promise.all(steps.map((due) => index.claim(due, job.runId, now())));
  return {
    entry,
    record,
    claimed: outcomes.flatMap((outcome) => ("claimed" in outcome ? [outcome.claimed] : [])),
    busy: outcomes.some((outcome) => "busy" in outcome),
  };
}

/** One step's mail for the steps claimed; the steps whose mail went. A failed mail's claims are noted failed for the next run. */
async function mailStep(job: JobContext, sender: Sender, index: ReminderIndex, step: ReminderStep, claimed: ClaimedStep[], waitingBeyond: number): Promise<ClaimedStep[]> {
  const { now, log, report } = job;
  try {
    await withDeadline(sender.send(composeReminder(claimed, await job.mailAddresses(), step, waitingBeyond)), job.delivery.deadlineMs);
  } catch (error) {
    log(`deliver-contact-requests: the ${step === "halfway" ? "reminder" : "escalation"} of ${claimed.length} requests was not sent, the next run sends it: ${messageOf(error)}`);
    await inGroups(job, claimed, (due) => index.markFailed(due, now()).catch(() => false), null);
    return [];
  }
  report[step === "halfway" ? "reminded" : "escalated"] += claimed.length;
  const marks = await inGroups(job, claimed, (due) => index.markMailed(due, now()).catch(() => false), null);
  const unmarked = marks.filter((marked) => !marked).length;
  if (unmarked > 0) log(`deliver-contact-requests: ${unmarked} ${step} steps mailed but not marked so; a later run may mail them again`);
  if (step === "halfway") await alertReminder(job, claimed);
  return claimed;
}

/** An entry whose due steps all went moves on: filed for its target where someone is there to escalate to, else out of the index. */
async function settle(job: JobContext, index: ReminderIndex, clock: ReplyClock, { entry, record, claimed, busy }: Taken, mailed: ReadonlySet<ClaimedStep>): Promise<void> {
  if (busy || claimed.some((due) => !mailed.has(due))) return;
  const targetLeft = entry.step === "halfway" && Boolean(job.delivery.addresses.escalateTo) && !claimed.some((due) => due.step === "target");
  if (targetLeft) await index.file(record, "target", clock);
  await index.remove(entry);
}

/** The halfway reminder on the contractor's devices as well: one alert, opening the oldest request. */
async function alertReminder(job: JobContext, due: readonly ClaimedStep[]): Promise<void> {
  const pages = job.delivery.addresses.pages;
  if (!job.alerts || !pages) return;
  const at = job.now();
  const waiting = due.map(({ record, dueAt }) => ({ record, url: alertPageUrl(record, pages, dueAt), answerBy: replyMoment(dueAt, at) }));
  const outcome = await job.alerts.toAll(job.blobs, reminderAlert(waiting)).catch((error: unknown) => job.warn(`reminder not pushed: ${messageOf(error)}`));
  if (outcome && outcome.failed > 0) job.warn(`reminder pushed to ${outcome.sent} device(s), ${outcome.failed} failed`);
}
