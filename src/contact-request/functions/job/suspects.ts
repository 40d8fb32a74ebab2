import { contactLimits, type StoredContactRequest } from "../contact-delivery";
import { withDeadline } from "../deliver";
import { composeSuspectDigest } from "../mail";
import { stateKeys, suspectKey, writeJson } from "../request-store";
import { inGroups, type JobContext, type PhaseTime, type SuspectDigestState } from "./context";

const suspectDigestEveryMs = 24 * 3600_000;

/** Once a day, the suspect requests that came since the last list, the oldest that fit one list (docs/contact-requests.md, "A flood"). */
export async function listSuspects(job: JobContext, time: PhaseTime): Promise<void> {
  if (job.mailer.kind === "unconfigured") return;
  const { blobs, now, requests } = job;
  time.check();
  const state = await job.firstLook.suspectDigest;
  const lastLook = state?.lookedAt ?? state?.sentAt;
  if (lastLook && now().getTime() - Date.parse(lastLook) < suspectDigestEveryMs) return;
  const ids = (await requests.suspectIds(() => time.check())).filter((id) => !state || id > state.through);
  if (ids.length === 0) {
    // The day's look is noted too, so the runs until tomorrow's list nothing: an idle run reads only its first look.
    const looked: SuspectDigestState = { ...state, through: state?.through ?? "", lookedAt: now().toISOString() };
    await writeJson(blobs, stateKeys.suspectDigest, looked);
    return;
  }
  // The rest lead tomorrow's list, which starts after the last one shown.
  const listed = ids.slice(0, contactLimits.requestsPerDigest);
  const shown = await inGroups(job, listed, (id) => requests.read(suspectKey(id)), time);
  const records = shown.filter((record): record is StoredContactRequest => record !== null);
  time.check();
  await withDeadline(job.mailer.send(composeSuspectDigest(records, ids.length, await job.mailAddresses())), job.delivery.deadlineMs);
  const sentAt = now().toISOString();
  const noted: SuspectDigestState = { lookedAt: sentAt, sentAt, through: listed.at(-1) ?? "" };
  await writeJson(blobs, stateKeys.suspectDigest, noted);
  job.report.suspectsListed = listed.length;
}
