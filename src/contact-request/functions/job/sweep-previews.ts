import { deleteEveryKey, isPreviewStoreName, listKeys, readJson, stateKeys, statePrefix, writeJson, type SiteStores } from "../request-store";
import type { JobContext, PhaseTime } from "./context";
import { deleteKeys, keysPastTerm, sweepDue } from "./sweep";

/** How long a preview store must have held nothing before it is deleted. */
export const emptyPreviewStoreKeptMs = 24 * 3600_000;

interface PreviewStoresState {
  /** When a run first found each store holding nothing, with no run since finding anything in it. */
  emptySince: Record<string, string>;
  /** The store a run swept last: the next run goes on after it. */
  lastSwept?: string;
}

/**
 * The last phase, production's only: the stores of deploy previews and branch
 * deploys, swept by the same terms (keysPastTerm): Netlify runs scheduled
 * functions on published deploys only, so their own jobs never run. It goes
 * round the stores, each run on after the last store it swept, in the
 * deletions the run has left.
 *
 * Blobs cannot delete a store, only all its keys (deleteAll), and a preview
 * may get a request at any moment: one stored as deleteAll runs is lost. So
 * a store is deleted only once it stayed empty: no key but `state/` (the
 * mail cap, times without a person's data) at runs `emptyPreviewStoreKeptMs`
 * apart, and none in between found more. Every request leaves keys for at
 * least its clock hour (its address count) and the job runs every 5
 * minutes, so a store in use is not seen empty for a day. The first sighting
 * is noted in production's store, since the preview's is what goes.
 */
export async function sweepPreviews(job: JobContext, time: PhaseTime): Promise<void> {
  const stores = job.previewStores;
  // With production's own sweep: once an hour (job/sweep.ts).
  if (!stores || !(await sweepDue(job))) return;
  const { blobs } = job;
  time.check();
  const state = (await readJson<PreviewStoresState>(blobs, stateKeys.previewStores)) ?? { emptySince: {} };
  const noted = JSON.stringify(state);
  try {
    await sweepRound(job, time, stores, state);
  } finally {
    // One write, also when the time is up: without it the next run would begin the round again.
    if (JSON.stringify(state) !== noted) await writeJson(blobs, stateKeys.previewStores, state);
  }
}

/** One round of the stores, changing `state` as it goes. */
async function sweepRound(job: JobContext, time: PhaseTime, stores: SiteStores, state: PreviewStoresState) {
  const { now, report } = job;
  const names: string[] = [];
  time.check();
  for await (const page of stores.names()) {
    names.push(...page.filter(isPreviewStoreName));
    time.check();
  }
  names.sort();
  for (const name of Object.keys(state.emptySince)) if (!names.includes(name)) delete state.emptySince[name];
  const last = state.lastSwept ?? "";
  for (const name of [...names.filter((name) => name > last), ...names.filter((name) => name <= last)]) {
    const store = stores.open(name);
    const keys = (await listKeys(store, "", () => time.check())).filter((key) => !key.startsWith(statePrefix));
    if (keys.length > 0) {
      delete state.emptySince[name];
      const due = keysPastTerm(keys, now());
      // Out of deletions: the next run starts with this store.
      if ((await deleteKeys(job, due, time, store)) < due.length) return;
    } else if (!state.emptySince[name]) {
      state.emptySince[name] = now().toISOString();
    } else if (now().getTime() - Date.parse(state.emptySince[name]) >= emptyPreviewStoreKeptMs) {
      time.check();
      await deleteEveryKey(store);
      delete state.emptySince[name];
      report.previewStoresDeleted += 1;
    }
    state.lastSwept = name;
    report.previewStoresSwept += 1;
  }
}
