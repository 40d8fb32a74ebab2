import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { getStore, listStores, type Store } from "@netlify/blobs";
import type { StoredContactRequest } from "../../../src/contact-request/functions/contact-delivery";
import { duplicatesPrefix } from "../../../src/contact-request/functions/flood-guards";
import { remindersPrefix } from "../../../src/contact-request/functions/reminders";
import {
  handlingKey,
  idOfKey,
  isRequestStoreName,
  listKeys,
  photoAreas,
  requestAreas,
  RequestStore,
  requestStoreName,
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

/**
 * The store `npm start` uses: `netlify serve` keeps it in .netlify/blobs-serve,
 * under the linked site's id or "unlinked". A Blobs server of our own over the
 * same folder reads and writes it with the real API, also while the site runs.
 */
export async function openLocalRequests(root = process.cwd(), name = requestStoreName): Promise<OpenedRequests> {
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

/** One store's part: the requests deleted (with their photos) and the repeat marks. */
export interface Forgotten {
  store: string;
  requests: { key: string; receivedAt: string; photos: string[] }[];
  repeatMarks: string[];
  /** Requests a sender held a lease on: its mail, once done, writes `sent/{id}` again. */
  beingMailed: string[];
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

const callsAtOnce = 8;

async function inGroups<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += callsAtOnce) results.push(...(await Promise.all(items.slice(start, start + callsAtOnce).map(work))));
  return results;
}

/**
 * Deletes the address's requests (pending, sent, suspect), their photos,
 * what was noted of their handling and reminders, and their repeat marks from one store. The records go last: a run stopped
 * halfway is found again, whole, by the next.
 */
export async function forgetInStore(store: Store, name: string, address: string, now = new Date()): Promise<Forgotten> {
  const recordKeys = (await Promise.all(requestAreas.map((area) => listKeys(store, `${area}/`)))).flat();
  const records = await inGroups(recordKeys, async (key) => ({ key, record: (await store.get(key, { type: "json" })) as StoredContactRequest | null }));
  const found = records.filter((entry): entry is { key: string; record: StoredContactRequest } => entry.record !== null && sameAddress(entry.record.request.email, address));
  const ids = new Set(found.map(({ record }) => record.id));
  const photoKeys = ids.size === 0 ? [] : (await Promise.all(photoAreas.map((area) => listKeys(store, `${area}/`)))).flat().filter((key) => ids.has(idOfKey(key)));
  const hashes = new Set(found.map(({ record }) => repeatMarkHash(record.request)));
  const marks = hashes.size === 0 ? [] : (await listKeys(store, duplicatesPrefix)).filter((key) => hashes.has(key.split("/").at(-1) ?? ""));

  const reminders = ids.size === 0 ? [] : (await listKeys(store, remindersPrefix)).filter((key) => ids.has(idOfKey(key)));
  await inGroups([...photoKeys, ...marks, ...reminders, ...[...ids].map(handlingKey)], (key) => store.delete(key));
  await inGroups(found, ({ key }) => store.delete(key));
  return {
    store: name,
    requests: found.map(({ key, record }) => ({ key, receivedAt: record.receivedAt, photos: photoKeys.filter((photo) => idOfKey(photo) === record.id) })),
    repeatMarks: marks,
    beingMailed: found.filter(({ record }) => Date.parse(record.delivery.lease?.until ?? "") > now.getTime()).map(({ record }) => record.id),
  };
}

/**
 * `npm run requests -- --forget ADDRESS`: everything the site keeps of one
 * e-mail address, deleted from every store of the site that holds contact
 * requests, production's and each preview's, one after the other, as a
 * person may ask under the AVG (docs/contact-requests.md, "Seeing the requests").
 */
export async function forgetEverywhere(stores: SiteStores, address: string): Promise<Forgotten[]> {
  const names: string[] = [];
  for await (const page of stores.names()) names.push(...page.filter(isRequestStoreName));
  const forgotten: Forgotten[] = [];
  for (const name of names.sort()) forgotten.push(await forgetInStore(stores.open(name), name, address));
  return forgotten;
}
