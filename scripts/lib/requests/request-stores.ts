import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { setTimeout as delay } from "node:timers/promises";
import { getStore, listStores, type Store } from "@netlify/blobs";
import type { StoredContactRequest } from "../../../src/contact-request/functions/contact-delivery";
import type { HandledRequest } from "../../../src/contact-request/functions/handling-report";
import {
  addressesPrefix,
  deleteEveryKey,
  dueIndexPrefix,
  duplicatesPrefix,
  handlingPrefix,
  idOfKey,
  isRequestStoreName,
  listKeys,
  photoAreas,
  readVersioned,
  requestAreas,
  remindersPrefix,
  requestIdOfKey,
  RequestStore,
  requestStoreName,
  stateKeys,
  type SiteStores,
} from "../../../src/contact-request/functions/request-store";
import { typescriptProcess } from "../serve/typescript-process";

/**
 * The contact requests from outside the functions: for `npm run requests`,
 * the tests and the benchmark (docs/contact-requests.md).
 */
export interface OpenedRequests {
  requests: RequestStore;
  /** The same store as the Blobs API gives it to the functions. */
  blobs: Store;
  /** Another store of the same site, such as a deploy preview's. */
  open: (name: string) => Store;
  /** The names of the site's stores, a page at a time, as Blobs' listStores gives them. */
  storeNames: () => AsyncIterable<string[]>;
  close: () => Promise<void>;
}

/** What only a local store offers: never production's (openSiteRequests). */
export interface LocalRequests extends OpenedRequests {
  /** NETLIFY_BLOBS_CONTEXT for another process, such as a function's, so that its getStore opens this same server. */
  blobsContext: string;
  /** Deletes every key of the store: a test's or a measurement's fresh start. */
  clear: () => Promise<void>;
}

/**
 * The store `npm start` uses: `netlify serve` keeps it in .netlify/blobs-serve,
 * under the linked site's id or "unlinked". A Blobs server of our own over the
 * same folder reads and writes it with the real API, also while the site runs.
 */
export async function openLocalRequests(root = process.cwd(), name = requestStoreName): Promise<LocalRequests> {
  const directory = path.join(root, ".netlify", "blobs-serve");
  fs.mkdirSync(directory, { recursive: true });
  const [node, args] = typescriptProcess(path.join(__dirname, "../serve/blobs-server.ts"), [directory]);
  const server = spawn(node, args, {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const [line] = await Promise.race([
    readline.createInterface({ input: server.stdout })[Symbol.asyncIterator]().next().then(({ value }) => [value as string]),
    exited.then(() => {
      throw new Error("the local Blobs server did not start");
    }),
  ]);
  const { port, token } = JSON.parse(line) as { port: number; token: string };
  const url = `http://127.0.0.1:${port}`;
  const open = (storeName: string) =>
    likeNetlifysWrites(getStore({ name: storeName, siteID: linkedSiteId(root), token, edgeURL: url, uncachedEdgeURL: url, consistency: "strong" }), directory);
  const blobs = open(name);
  return {
    requests: new RequestStore(blobs),
    blobs,
    open,
    storeNames: () => pagesOfStores({ siteID: linkedSiteId(root), token, edgeURL: url, uncachedEdgeURL: url }),
    blobsContext: Buffer.from(JSON.stringify({ siteID: linkedSiteId(root), token, edgeURL: url, uncachedEdgeURL: url })).toString("base64"),
    clear: () => deleteEveryKey(blobs),
    close: async () => {
      server.stdin.end();
      await exited;
    },
  };
}

/**
 * The same store with the two promises Netlify's makes about writes kept:
 *
 * - A conditional write is atomic. The local Blobs server checks the ETag and
 *   writes in separate steps, so two writers can both pass the check. The
 *   functions' second look after a pause (docs/contact-requests.md) covers that
 *   under `netlify serve`, but on a busy machine the gap outlasted the pause: a
 *   flood test on one core mailed 67 requests singly against a cap of 30. So
 *   the writes to one key go one after the other. The tests' writers all share
 *   this process, so holding the writes here is enough (a front server before
 *   the Blobs server did the same at 35 % more time for the job's tests).
 * - Every write gives a new ETag. The local server's is the file's modification
 *   time to the millisecond, and the file system's clock can stand still for
 *   several (a CPU waking from idle): two writes 5 ms apart shared one in about
 *   1 of 50 tries, and a write on the stale ETag then went through. So the next
 *   write to a key waits until the clock of the store's own file system has
 *   passed the last one's millisecond; mostly it already has.
 *
 * Every call still reaches the real store.
 */
function likeNetlifysWrites(store: Store, directory: string): Store {
  const clock = path.join(directory, ".write-clock");
  const lastWrite = new Map<string, Promise<unknown>>();
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property !== "set" && property !== "setJSON") return value.bind(target);
      return (key: string, ...rest: unknown[]) => {
        const write = (lastWrite.get(key) ?? Promise.resolve()).then(() => (value as (...parameters: unknown[]) => Promise<unknown>).apply(target, [key, ...rest]));
        const settled = write.catch(() => undefined).then(() => fileClockPasses(clock, fileClockMs(clock)));
        lastWrite.set(key, settled);
        void settled.then(() => lastWrite.get(key) === settled && lastWrite.delete(key));
        return write;
      };
    },
  });
}

/** The millisecond the file system stamps a file written now with: what the local server's ETags read. */
function fileClockMs(file: string): number {
  fs.writeFileSync(file, "");
  return Math.floor(fs.statSync(file).mtimeMs);
}

async function fileClockPasses(file: string, millisecond: number): Promise<void> {
  // Mostly a fraction of a millisecond: look again as soon as the event loop is free.
  while (fileClockMs(file) <= millisecond) await new Promise((resolve) => setImmediate(resolve));
}

/** A deployed site's store, through Netlify's API with a personal access token. */
export function openSiteRequests({ siteID, token }: { siteID: string; token: string }, name = requestStoreName): OpenedRequests {
  const open = (storeName: string) => getStore({ name: storeName, siteID, token });
  const blobs = open(name);
  return { requests: new RequestStore(blobs), blobs, open, storeNames: () => pagesOfStores({ siteID, token }), close: async () => {} };
}

async function* pagesOfStores(options: Omit<Parameters<typeof listStores>[0] & object, "paginate">): AsyncIterable<string[]> {
  for await (const page of listStores({ ...options, paginate: true })) yield page.stores;
}

/** The id `netlify link` wrote, which `netlify serve` then uses for its local store too. */
function linkedSiteId(root: string): string {
  try {
    const state = JSON.parse(fs.readFileSync(path.join(root, ".netlify", "state.json"), "utf8")) as { siteId?: string };
    return state.siteId || "unlinked";
  } catch {
    return "unlinked";
  }
}

/** One store's part: the requests deleted (with their photos), their repeat marks, and every other trace of them. */
export interface Forgotten {
  store: string;
  requests: { key: string; receivedAt: string; photos: string[] }[];
  repeatMarks: string[];
  /** Every other key that named one of the requests: notes of their handling, reminder steps, and keys of any other kind. */
  traces: string[];
  /** State blobs whose content named one of the requests, rewritten without it (stateCleaners). */
  cleanedState: string[];
  /** Blobs whose content still names one of the requests and of a kind this code cannot rewrite: to be looked at by hand. */
  unclean: string[];
}

/** Addresses are one person's whatever their case and surrounding spaces, as the repeat check holds them. */
export const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The last segment of a request's repeat mark, as DuplicateCheck
 * (src/contact-request/functions/flood-guards.ts) writes it under
 * `duplicates/{ten minutes}/`: the mark itself holds neither address nor
 * message, so it is found from the stored request. The tests write the marks
 * with DuplicateCheck itself, so the two cannot part.
 */
export const repeatMarkHash = ({ email, message }: { email: string; message: string }) =>
  createHash("sha256").update(`${email.trim().toLowerCase()}\n${message.trim()}`).digest("hex");

/**
 * How long a function of the site runs at most: Netlify stops the scheduled
 * job after 30 s, a synchronous function (the request page, the form) sooner;
 * a background function (15 min) would need this raised. Whatever read a
 * request before its record was deleted has written all it will write within
 * this.
 */
export const longestFunctionRunMs = 30_000;

const callsAtOnce = 8;

async function inGroups<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += callsAtOnce) results.push(...(await Promise.all(items.slice(start, start + callsAtOnce).map(work))));
  return results;
}

const namesOneOf = (ids: ReadonlySet<string>, text: string) => [...ids].some((id) => text.includes(id));

/** The monthly report's reading as the job keeps it (src/contact-request/functions/job.ts, mailMonthlyReport). */
interface ReportReading {
  after: string;
  read: HandledRequest[];
}

/**
 * The job's state blobs that name requests, each with how to write it without
 * some: what the monthly report read of a month lists each request (id, time,
 * service) and the last id read; the suspect list the last request it listed.
 * Both are cursors the next run goes on after: the request read just before a
 * forgotten one stands in for it, so the next run starts at the same place.
 * A change returns the same object when there is nothing to take out.
 */
const stateCleaners: Record<string, (value: never, ids: ReadonlySet<string>, store: Store) => Promise<unknown>> = {
  [stateKeys.monthlyReportReading]: async (reading: ReportReading, ids) => {
    if (!reading.read.some(({ id }) => ids.has(id)) && !ids.has(reading.after)) return reading;
    const read = reading.read.filter(({ id }) => !ids.has(id));
    return { ...reading, read, after: ids.has(reading.after) ? (read.map(({ id }) => id).sort().at(-1) ?? "") : reading.after };
  },
  [stateKeys.suspectDigest]: async (state: { through?: string }, ids, store) => {
    if (state.through === undefined || !ids.has(state.through)) return state;
    const through = state.through;
    const before = (await listKeys(store, "suspect/")).map(idOfKey).filter((id) => id < through && !ids.has(id));
    return { ...state, through: before.sort().at(-1) ?? "" };
  },
};

/** Rewrites a state blob without the requests, with a conditional write on what was read, again if a run wrote it in between; whether it changed. */
async function cleanState(store: Store, key: string, ids: ReadonlySet<string>): Promise<boolean> {
  const clean = stateCleaners[key];
  if (!clean) return false;
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const read = await readVersioned<never>(store, key);
    if (!read) return false;
    const cleaned = await clean(read.value, ids, store);
    if (cleaned === read.value) return false;
    if ((await store.setJSON(key, cleaned, { onlyIfMatch: read.etag })).modified) return true;
  }
  throw new Error(`${key} kept changing under five writes in a row`);
}

/**
 * Keys whose content names no request but the one in the key, if any: the
 * records, photos, notes of handling, reminder steps and the reminders' index,
 * and the per-address counts. The last pass reads every other blob (state/, repeat marks, devices,
 * and any kind added since) for the forgotten ids.
 */
const kindsNamingNoOther = [...requestAreas, ...photoAreas, handlingPrefix.slice(0, -1), remindersPrefix.slice(0, -1), dueIndexPrefix.slice(0, -1), addressesPrefix.slice(0, -1)] as readonly string[];

/** One store's first pass: what was found of the address, and deleted. */
interface FirstPass {
  store: Store;
  forgotten: Forgotten;
  ids: Set<string>;
}

/**
 * The first pass in one store: finds the address's requests (pending, sent,
 * suspect) and deletes their photos, repeat marks, reminder steps, entries in
 * the reminders' index and notes of handling, takes them out of the job's state blobs, and deletes the records
 * last: a run stopped before them is found again, whole, by the next.
 */
async function forgetKnown(store: Store, name: string, address: string): Promise<FirstPass> {
  const recordKeys = (await Promise.all(requestAreas.map((area) => listKeys(store, `${area}/`)))).flat();
  const records = await inGroups(recordKeys, async (key) => ({ key, record: (await store.get(key, { type: "json" })) as StoredContactRequest | null }));
  const found = records.filter((entry): entry is { key: string; record: StoredContactRequest } => entry.record !== null && sameAddress(entry.record.request.email, address));
  const ids = new Set(found.map(({ record }) => record.id));
  const forgotten: Forgotten = { store: name, requests: [], repeatMarks: [], traces: [], cleanedState: [], unclean: [] };
  if (ids.size === 0) return { store, forgotten, ids };

  const photoKeys = (await Promise.all(photoAreas.map((area) => listKeys(store, `${area}/`)))).flat().filter((key) => ids.has(idOfKey(key)));
  const hashes = new Set(found.map(({ record }) => repeatMarkHash(record.request)));
  forgotten.repeatMarks = (await listKeys(store, duplicatesPrefix)).filter((key) => hashes.has(key.split("/").at(-1) ?? ""));
  const handling = (await listKeys(store, handlingPrefix)).filter((key) => ids.has(idOfKey(key)));
  const reminders = (await listKeys(store, remindersPrefix)).filter((key) => ids.has(idOfKey(key)));
  const due = (await listKeys(store, dueIndexPrefix)).filter((key) => ids.has(requestIdOfKey(key)));
  forgotten.traces = [...handling, ...reminders, ...due];
  await inGroups([...photoKeys, ...forgotten.repeatMarks, ...forgotten.traces], (key) => store.delete(key));
  for (const key of Object.keys(stateCleaners)) if (await cleanState(store, key, ids)) forgotten.cleanedState.push(key);
  await inGroups(found, ({ key }) => store.delete(key));
  forgotten.requests = found.map(({ key, record }) => ({ key, receivedAt: record.receivedAt, photos: photoKeys.filter((photo) => idOfKey(photo) === record.id) }));
  return { store, forgotten, ids };
}

/**
 * A last pass in one store, once every function that could have read a
 * record before its deletion has ended: a page opened just before writes
 * `handling/{id}` again, the job `reminders/{id}/…`, its report's reading or
 * its suspect list, and a mail it was sending `sent/{id}` once accepted.
 * Every key of the store is listed, and any that contains a forgotten id is
 * deleted (the ids are random and unique), records first, so keys of kinds
 * added after this code, an index of the job's say, go too; every blob of a
 * kind that may name another request is read, a state blob that names one
 * rewritten (stateCleaners), any other reported. Whether a record had come
 * back: a page may have been opened on it since.
 */
async function forgetLate({ store, forgotten, ids }: FirstPass): Promise<boolean> {
  const keys = await listKeys(store, "");
  const naming = keys.filter((key) => namesOneOf(ids, key));
  const records = naming.filter((key) => requestAreas.some((area) => key.startsWith(`${area}/`)));
  await inGroups(records, (key) => store.delete(key));
  await inGroups(naming.filter((key) => !records.includes(key)), (key) => store.delete(key));
  forgotten.traces.push(...naming.filter((key) => !forgotten.traces.includes(key)));
  const others = keys.filter((key) => !naming.includes(key) && !kindsNamingNoOther.includes(key.split("/")[0] ?? ""));
  const texts = await inGroups(others, async (key) => (await store.get(key, { type: "text" })) ?? "");
  const holding = others.filter((_, n) => namesOneOf(ids, texts[n] ?? ""));
  for (const key of holding) {
    if (key in stateCleaners) {
      if ((await cleanState(store, key, ids)) && !forgotten.cleanedState.includes(key)) forgotten.cleanedState.push(key);
    } else if (key.startsWith(duplicatesPrefix)) {
      // A repeat mark holds the id of the request it repeats: whatever its hash, it is theirs.
      await store.delete(key);
      forgotten.repeatMarks.push(key);
    } else {
      forgotten.unclean.push(key);
    }
  }
  return records.length > 0;
}

/**
 * `npm run requests -- --forget ADDRESS`: everything the site keeps of one
 * e-mail address, deleted from every store of the site that holds contact
 * requests, production's and each preview's, as a person may ask under the
 * AVG (docs/contact-requests.md, "Seeing the requests"). The first pass
 * deletes what it knows of in each store, the records last; then it waits
 * `lateWritesMs` (the longest a function runs) for pages and job runs that
 * read a record just before it went, and a last pass deletes every key in
 * the store that names one of the requests, whatever its kind, and takes them
 * out of every state blob. A page opened after the records went finds none
 * and writes nothing, so after the last pass nothing names them; where that
 * pass found a record again (a mail that was being sent), it waits and looks
 * once more, for pages opened on it in the meantime.
 */
export async function forgetEverywhere(
  stores: SiteStores,
  address: string,
  { lateWritesMs = longestFunctionRunMs, waiting = () => {} }: { lateWritesMs?: number; waiting?: (ms: number) => void } = {},
): Promise<Forgotten[]> {
  const names: string[] = [];
  for await (const page of stores.names()) names.push(...page.filter(isRequestStoreName));
  const passes: FirstPass[] = [];
  for (const name of names.sort()) passes.push(await forgetKnown(stores.open(name), name, address));
  let late = passes.filter(({ ids }) => ids.size > 0);
  while (late.length > 0) {
    waiting(lateWritesMs);
    await delay(lateWritesMs);
    const back: FirstPass[] = [];
    for (const pass of late) if (await forgetLate(pass)) back.push(pass);
    late = back;
  }
  return passes.map(({ forgotten }) => forgotten);
}
