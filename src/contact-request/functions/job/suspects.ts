import { contactLimits, type StoredContactRequest } from "../contact-delivery";
import { withDeadline } from "../deliver";
import { composeSuspectDigest } from "../mail";
import { readJson, stateKeys, suspectKey, writeJson } from "../request-store";
import { inGroups, type JobContext, type PhaseTime } from "./context";

const suspectDigestEveryMs = 24 * 3600_000;

interface SuspectDigestState {
  sentAt: string;
  /** The last id the list named: the next list starts after it. */
  through: string;
}

/** Once a day, the suspect requests that came since the last list, the oldest that fit one list (docs/contact-requests.md, "A flood"). */
export async function listSuspects(job: JobContext, time: PhaseTime): Promise<void> {
  if (job.mailer.kind === "unconfigured") return;
  const { blobs, now, requests } = job;
  time.check();
  const state = await readJson<SuspectDigestState>(blobs, stateKeys.suspectDigest);
  if (state && now().getTime() - Date.parse(state.sentAt) < suspectDigestEveryMs) return;
  const ids = (await requests.suspectIds(() => time.check())).filter((id) => !state || id > state.through);
  if (ids.length === 0) return;
  // The rest lead tomorrow's list, which starts after the last one shown.
  const listed = ids.slice(0, contactLimits.requestsPerDigest);
  const shown = await inGroups(job, listed, (id) => requests.read(suspectKey(id)), time);
  const records = shown.filter((record): record is StoredContactRequest => record !== null);
  time.check();
  await withDeadline(job.mailer.send(composeSuspectDigest(records, ids.length, await job.mailAddresses())), job.delivery.deadlineMs);
  await writeJson(blobs, stateKeys.suspectDigest, { sentAt: now().toISOString(), through: listed.at(-1) ?? "" });
  job.report.suspectsListed = listed.length;
}
