import { contactLimits, hourOf, receivedAtOf, retentionCutoff, suspectRetentionCutoff, tenMinutesOf } from "../contact-delivery";
import {
  addressesPrefix,
  deleteKey,
  dueIndexPrefix,
  duplicatesPrefix,
  handlingPrefix,
  keyOf,
  keyPages,
  listFolders,
  listKeys,
  photoAreas,
  remindersPrefix,
  requestAreas,
  requestIdOfKey,
  stateKeys,
  writeJson,
  type Blobs,
} from "../request-store";
import { inGroups, type JobContext, type PhaseTime, type SweepState } from "./context";

/** The order the sweep deletes in: records before their photos, then what names them, then the flood guards' buckets. */
const sweptAreas = [...requestAreas.map((area) => keyOf(area, "")), ...photoAreas.map((area) => `${area}/`), handlingPrefix, remindersPrefix, dueIndexPrefix];
const bucketAreas = [addressesPrefix, duplicatesPrefix];
const areaOf = (key: string) => `${key.split("/")[0] ?? ""}/`;
const rank = (key: string) => [...sweptAreas, ...bucketAreas].indexOf(areaOf(key));

/**
 * The keys of a store that are past their term now, in the order the sweep
 * deletes them (docs/contact-requests.md, "The mailing job"): requests, their
 * photos, handling, reminders and index entries by the request's id in the
 * key, the per-address counts after their hour, the repeat marks after
 * `contactLimits.duplicateWindowMs`. Keys of no known area, `state/` among
 * them, are never past their term.
 */
export function keysPastTerm(keys: readonly string[], now: Date): string[] {
  const retention = retentionCutoff(now).getTime();
  const suspect = suspectRetentionCutoff(now).getTime();
  const cutoffs = new Map<string, number>(sweptAreas.map((area) => [area, area.startsWith("suspect") ? suspect : retention]));
  const currentBuckets = new Map([
    [addressesPrefix, hourOf(now)],
    [duplicatesPrefix, tenMinutesOf(new Date(now.getTime() - contactLimits.duplicateWindowMs))],
  ]);
  return keys
    .filter((key) => {
      const area = areaOf(key);
      const cutoff = cutoffs.get(area);
      if (cutoff !== undefined) return (receivedAtOf(requestIdOfKey(key))?.getTime() ?? Infinity) <= cutoff;
      const current = currentBuckets.get(area);
      const [, bucket = "", ...rest] = key.split("/");
      return current !== undefined && rest.length > 0 && bucket < current;
    })
    .sort((a, b) => rank(a) - rank(b));
}

/**
 * Deletes keys, as many as the run may still delete, checking the phase's
 * time before each group (with `time`); the number it deleted.
 */
export async function deleteKeys(job: JobContext, keys: readonly string[], time: PhaseTime, store: Blobs = job.blobs): Promise<number> {
  const allowed = keys.slice(0, Math.max(0, job.deletions.left));
  let deleted = 0;
  try {
    await inGroups(
      job,
      allowed,
      async (key) => {
        await deleteKey(store, key);
        deleted += 1;
      },
      time,
    );
  } finally {
    job.deletions.left -= deleted;
    job.report.deleted += deleted;
  }
  return deleted;
}

/** Whether a sweep is due: none has gone through every area this clock hour. The previews' stores follow it. */
export const sweepDue = async (job: JobContext): Promise<boolean> => (await job.firstLook.sweep)?.hour !== hourOf(job.now());

/**
 * The store's own sweep, once an hour: every area's keys past their term
 * (keysPastTerm), records before their photos, then the flood guards' buckets
 * past their time. The keys carry their arrival time, so the listing alone
 * finds them; what a run leaves is what the next one lists first. A sweep
 * that went through every area within the run's time and deletions notes its
 * hour, and the runs after it in that hour list nothing: the terms are months
 * and days, and an hour's address counts go in the first run of the next hour
 * (docs/contact-requests.md, "The mailing job").
 */
export async function sweep(job: JobContext, time: PhaseTime): Promise<void> {
  if (!(await sweepDue(job))) return;
  const hour = hourOf(job.now());
  // Records before their photos: a record never names a photo that is gone; photos left by a run are found by key in the next.
  for (const area of sweptAreas) await sweepArea(job, time, area);
  await sweepBuckets(job, time, addressesPrefix, hour);
  await sweepBuckets(job, time, duplicatesPrefix, tenMinutesOf(new Date(job.now().getTime() - contactLimits.duplicateWindowMs)));
  // Out of time, the sweep has thrown before this; with no deletions left it may have left keys: either way the next run goes on.
  if (job.deletions.left > 0) {
    const swept: SweepState = { hour };
    await writeJson(job.blobs, stateKeys.sweep, swept);
  }
}

async function sweepArea(job: JobContext, time: PhaseTime, prefix: string): Promise<void> {
  const wanted = job.deletions.left;
  const expired: string[] = [];
  time.check();
  for await (const keys of keyPages(job.blobs, prefix)) {
    expired.push(...keysPastTerm(keys, job.now()));
    if (expired.length >= wanted) break;
    time.check();
  }
  await deleteKeys(job, expired.slice(0, wanted), time);
}

/** Deletes the buckets of per-address counts and duplicate marks that are past their time. */
async function sweepBuckets(job: JobContext, time: PhaseTime, prefix: string, current: string): Promise<void> {
  time.check();
  const folders = await listFolders(job.blobs, prefix);
  for (const folder of folders.filter((name) => name.slice(prefix.length) < current).sort()) {
    time.check();
    const keys = await listKeys(job.blobs, `${folder}/`, () => time.check());
    if ((await deleteKeys(job, keys, time)) < keys.length) return;
  }
}
