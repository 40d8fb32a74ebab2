import type { Store } from "@netlify/blobs";
import { asSent, withFailedAttempt, withLease, withoutLease, type StoredContactRequest } from "./contact-delivery";
import type { Handling } from "./request-handling";
import { handledRequest, type HandledRequest } from "./handling-report";
import { reminderDueAt, type ReplyClock } from "../shared/reply-clock";
import { dueKey, handlingKey, keyOf, pendingKey, photoAreaOf, photoAreas, photoKey, requestAreas, sentKey, suspectKey, idOfKey, type PhotoArea, type RequestArea } from "./store-keys";

export * from "./store-keys";

/**
 * The door to Netlify Blobs (docs/contact-requests.md, "The store"): the one
 * module of the functions that calls Blobs, with the keys it reads and writes
 * built in store-keys.ts. The functions hold a store as `Blobs` and pass it
 * to what is here: the requests (RequestStore), JSON state by key (readJson,
 * writeJson, changeJson), listings (listKeys, listFolders). A request that
 * still has to be mailed lives under `pending/{id}`, a mailed one under
 * `sent/{id}`, a suspect one under `suspect/{id}`: the mailing job lists only
 * what is pending, and the keys alone say when each request arrived. Its
 * photos live beside it, under `photos/{id}/foto-N.jpg` (a suspect request's
 * under `suspect-photos/`), so the sweep finds them by key alone too; what the
 * contractor did with it (request-handling.ts) under `handling/{id}`. Every
 * change of a pending request is a conditional write on the ETag it was read
 * with, so two writers never both win.
 */
export const requestStoreName = "contact-requests";

/** A request store as the functions hold it; only this module calls its methods' Blobs. */
export type Blobs = Store;

/** Each deploy context keeps its requests apart: production's store is the plain name, a preview's is its own. */
export const requestStoreNameFor = (deployContext: string) =>
  deployContext === "production" || deployContext === "dev" ? requestStoreName : `${requestStoreName}-${deployContext}`;

/** A deploy preview's or branch deploy's store (requestStoreNameFor), never production's. */
export const isPreviewStoreName = (name: string) => name.startsWith(`${requestStoreName}-`);
/** A store of the site that holds contact requests: production's or a preview's. */
export const isRequestStoreName = (name: string) => name === requestStoreName || isPreviewStoreName(name);

/**
 * The store as functions see it; strong consistency, so a run reads what the
 * last one wrote. The Blobs module loads with the store's first call: a
 * refusal before the store (another site's post, a body too large) never
 * loads it (docs/contact-requests.md, "Cold starts").
 */
export const openRequestStore = (name = requestStoreName): Store =>
  storeOnFirstCall(() => import("@netlify/blobs").then(({ getStore }) => getStore({ name, consistency: "strong" })));

/**
 * A store opened with its first call: each method waits for `open` and calls
 * the store's own. A paged listing is an async iterable, returned at once, so
 * it is one too.
 */
export function storeOnFirstCall(open: () => Promise<Store>): Store {
  let opened: Promise<Store> | undefined;
  const store = () => (opened ??= open());
  return new Proxy({} as Store, {
    get: (_target, method) => {
      // Not a promise itself: `await` on the store must not call the store.
      if (method === "then") return undefined;
      return (...args: unknown[]) => {
        if (method === "list" && (args[0] as { paginate?: boolean } | undefined)?.paginate) {
          return (async function* () {
            yield* (await store()).list(...(args as [{ paginate: true }]));
          })();
        }
        return store().then((blobs) => (Reflect.get(blobs, method) as (...parameters: unknown[]) => unknown).apply(blobs, args));
      };
    },
  });
}

/** The site's stores: their names, a page at a time (Blobs' listStores), and a way to open one. */
export interface SiteStores {
  names: () => AsyncIterable<string[]>;
  open: (name: string) => Store;
}

/** The site's stores as a function sees them, through its own Blobs context. */
export const functionSiteStores = (): SiteStores => ({
  names: async function* () {
    const { listStores } = await import("@netlify/blobs");
    for await (const page of listStores({ paginate: true })) yield page.stores;
  },
  open: openRequestStore,
});

/** A blob as read, with the ETag a change must match. */
export interface Versioned<T> {
  value: T;
  etag: string;
}

/**
 * A blob with its ETag. The ETag comes from a listing made before the read
 * (the local Blobs server sends none with a read): if the blob changed in
 * between, the ETag is older than what was read, and a conditional write with
 * it fails, as it should.
 *
 * The local server's listing ends early, without an error, when a file that
 * another write is renaming into the same folder vanishes under it. A blob
 * that is read but not listed was missed that way: list again.
 */
export async function readVersioned<T>(store: Store, key: string): Promise<Versioned<T> | null> {
  for (let listing = 1; listing <= 5; listing += 1) {
    const { blobs } = await store.list({ prefix: key });
    const etag = blobs.find((blob) => blob.key === key)?.etag;
    const value = (await store.get(key, { type: "json" })) as T | null;
    if (value === null) return null;
    if (etag) return { value, etag };
  }
  return null;
}

/** How a write may go: only where nothing is, or only over what was read (its ETag); without one, always. */
export type WriteCondition = { onlyIfNew: true } | { onlyIfMatch: string };

/** A JSON blob, or null where there is none. */
export async function readJson<T>(store: Store, key: string): Promise<T | null> {
  return (await store.get(key, { type: "json" })) as T | null;
}

/** Writes a JSON blob; `written` false when the condition did not hold, with the new ETag when it did. */
export async function writeJson(store: Store, key: string, value: unknown, condition?: WriteCondition): Promise<{ written: boolean; etag?: string }> {
  const { modified, etag } = await store.setJSON(key, value, condition);
  return { written: modified, ...(etag !== undefined && { etag }) };
}

/**
 * A count kept as slots: writes `value` at the first of `slots` where nothing
 * is yet, each a write that succeeds only for a new key, so the count holds
 * however many take one at once (the day's confirmation mails, the day's
 * "publish now"s). The slot taken, or null when all were.
 */
export async function takeFreeSlot(store: Store, slots: readonly string[], value: unknown): Promise<string | null> {
  for (const key of slots) if ((await writeJson(store, key, value, { onlyIfNew: true })).written) return key;
  return null;
}

export async function readText(store: Store, key: string): Promise<string | null> {
  return store.get(key, { type: "text" });
}

/** Writes a text blob only where none is yet; false when one was. */
export async function writeTextIfNew(store: Store, key: string, text: string): Promise<boolean> {
  return (await store.set(key, text, { onlyIfNew: true })).modified;
}

export async function deleteKey(store: Store, key: string): Promise<void> {
  await store.delete(key);
}

/** Deletes every key of a store: a preview's that stayed empty (the job's preview sweep). */
export async function deleteEveryKey(store: Store): Promise<void> {
  await store.deleteAll();
}

/**
 * Reads a JSON blob, changes it and writes it back only if nobody wrote in
 * between, `retries` times at most, waiting `backoff` after each conflict.
 * `change` gives null to write nothing. `done` false when every try collided.
 */
export async function changeJson<T>(
  store: Store,
  key: string,
  change: (current: T | null) => T | null,
  { retries, backoff }: { retries: number; backoff: () => Promise<unknown> },
): Promise<{ written: T | null; done: boolean }> {
  for (let attempt = 0; attempt < retries; attempt += 1) {
    const read = await readVersioned<T>(store, key);
    const next = change(read?.value ?? null);
    if (next === null) return { written: null, done: true };
    const { modified } = await store.setJSON(key, next, read ? { onlyIfMatch: read.etag } : { onlyIfNew: true });
    if (modified) return { written: next, done: true };
    await backoff();
  }
  return { written: null, done: false };
}

/** The folders right under a prefix, one listing: `addresses/2026113009`, `reminders-due/2026113010`. */
export async function listFolders(store: Store, prefix: string): Promise<string[]> {
  return (await store.list({ prefix, directories: true })).directories;
}

/** The keys under a prefix, a page (a store call) at a time: a reader that found what it wanted stops listing. */
export async function* keyPages(store: Store, prefix: string): AsyncIterable<string[]> {
  for await (const page of store.list({ prefix, paginate: true })) yield page.blobs.map((blob) => blob.key);
}

/** Every key under a prefix, page by page; `beforePage` runs before each call (the job checks its time there). */
export async function listKeys(store: Store, prefix: string, beforePage: () => void = () => {}): Promise<string[]> {
  const keys: string[] = [];
  beforePage();
  for await (const page of store.list({ prefix, paginate: true })) {
    keys.push(...page.blobs.map((blob) => blob.key));
    beforePage();
  }
  return keys;
}

/** A photo as the store keeps it: its name beside its request, and its bytes. */
export interface PhotoContent {
  name: string;
  content: Uint8Array;
}

/** A pending request as read, with the ETag a change must match. */
export interface Held {
  record: StoredContactRequest;
  etag: string;
}

export class RequestStore {
  constructor(
    readonly store: Store,
    /** The reply clock (form-options.json): with it, a new request is filed in the reminders' index (reminders.ts). */
    private readonly clock?: ReplyClock,
  ) {}

  /**
   * Keeps a new request and its photos; never overwrites one. The photos and
   * the request's entry in the reminders' index go first, at once, so a
   * record never names a photo that is not there and never waits unreminded;
   * an entry whose record never came is dropped by the job.
   */
  async add(record: StoredContactRequest, photos: readonly PhotoContent[] = []): Promise<Held> {
    const clock = this.clock;
    const receivedAt = new Date(record.receivedAt);
    await Promise.all([
      this.addPhotos(record, photos),
      clock && this.store.setJSON(dueKey(reminderDueAt(receivedAt, record.request.service, clock), "halfway", record.id), {}),
    ]);
    const { modified, etag } = await this.store.setJSON(pendingKey(record.id), record, { onlyIfNew: true });
    if (!modified || !etag) throw new Error(`a request with id ${record.id} is stored already`);
    return { record, etag };
  }

  /** Keeps a request's photos, before its record, so a record never names a photo that is not there. */
  private async addPhotos(record: StoredContactRequest, photos: readonly PhotoContent[]): Promise<void> {
    await Promise.all(
      photos.map(async ({ name, content }) => {
        const key = photoKey(photoAreaOf(record), record.id, name);
        const { modified } = await this.store.set(key, new Blob([new Uint8Array(content)]), { onlyIfNew: true });
        if (!modified) throw new Error(`a photo ${key} is stored already`);
      }),
    );
  }

  /** One photo of a request, or null when it is not there. */
  async readPhoto(area: PhotoArea, id: string, name: string): Promise<Buffer | null> {
    const content = await this.store.get(photoKey(area, id, name), { type: "arrayBuffer" });
    return content && Buffer.from(content);
  }

  /** Keeps a suspect request and its photos apart: listed in the daily digest, never mailed on its own. */
  async addSuspect(record: StoredContactRequest, photos: readonly PhotoContent[] = []): Promise<void> {
    await this.addPhotos(record, photos);
    const { modified } = await this.store.setJSON(suspectKey(record.id), record, { onlyIfNew: true });
    if (!modified) throw new Error(`a suspect request with id ${record.id} is stored already`);
  }

  /** Pending ids, oldest first. */
  async pendingIds(beforePage?: () => void): Promise<string[]> {
    return (await listKeys(this.store, keyOf("pending", ""), beforePage)).map(idOfKey).sort();
  }

  /** Suspect ids, oldest first. */
  async suspectIds(beforePage?: () => void): Promise<string[]> {
    return (await listKeys(this.store, keyOf("suspect", ""), beforePage)).map(idOfKey).sort();
  }

  /**
   * The ids of the requests kept or mailed (not the suspect ones) that begin
   * with one of `prefixes`, each with its area: sent where it is in both (a
   * run stopped between writing sent/ and deleting pending/).
   */
  async mailableIds(prefixes: readonly string[], beforePage?: () => void): Promise<Map<string, "pending" | "sent">> {
    const areas = ["pending", "sent"] as const;
    const listings = await Promise.all(areas.map(async (area) => ({ area, keys: (await Promise.all(prefixes.map((prefix) => listKeys(this.store, `${area}/${prefix}`, beforePage)))).flat() })));
    const areaOf = new Map<string, "pending" | "sent">();
    // Sent last, as areas lists them, so it wins.
    for (const { area, keys } of listings) for (const key of keys) areaOf.set(idOfKey(key), area);
    return areaOf;
  }

  /** A listed request with what was noted of its handling, read at once; one mailed since it was listed as pending is read from sent/. */
  async readHandled(id: string, area: "pending" | "sent"): Promise<HandledRequest | null> {
    const [record, handling] = await Promise.all([
      this.read(keyOf(area, id)).then((found) => found ?? (area === "pending" ? this.read(sentKey(id)) : null)),
      this.readHandling(id),
    ]);
    return record && handledRequest(record, handling);
  }

  async keys(prefix: `${RequestArea}/` | "" = ""): Promise<string[]> {
    const keys = await listKeys(this.store, prefix);
    return prefix === "" ? keys.filter((key) => requestAreas.some((area) => key.startsWith(`${area}/`))) : keys;
  }

  /** The keys of every stored photo, a request's and a suspect one's. */
  async photoKeys(): Promise<string[]> {
    return (await Promise.all(photoAreas.map((area) => listKeys(this.store, `${area}/`)))).flat();
  }

  async readPending(id: string): Promise<Held | null> {
    const read = await readVersioned<StoredContactRequest>(this.store, pendingKey(id));
    return read && { record: read.value, etag: read.etag };
  }

  async isSent(id: string): Promise<boolean> {
    return (await this.store.get(sentKey(id))) !== null;
  }

  /** Takes a request for one mailing attempt; null when another run changed it first. */
  async claim(held: Held, owner: string, now: Date): Promise<Held | null> {
    return this.replace(held, withLease(held.record, owner, now));
  }

  /** Lets go of a request whose late mail failed after all, so a later run retries it. */
  async letGo(held: Held): Promise<Held | null> {
    return this.replace(held, withoutLease(held.record));
  }

  /** Notes a failed attempt and lets go of the request, so a later run retries it; with `keepLease`, the sender keeps it (withFailedAttempt). */
  async recordFailure(held: Held, at: Date, error: string, options?: { keepLease?: boolean }): Promise<Held | null> {
    return this.replace(held, withFailedAttempt(held.record, at, error, options));
  }

  /**
   * Moves a mailed request from pending to sent. The sent copy is written
   * first: a run that finds both (this one stopped in between) only removes
   * the pending one, and never mails it again.
   */
  async markSent(held: Held, at: Date, { inDigest = false } = {}): Promise<void> {
    await this.store.setJSON(sentKey(held.record.id), { ...asSent(held.record, at), ...(inDigest && { inDigest }) }, { onlyIfNew: true });
    await this.store.delete(pendingKey(held.record.id));
  }

  /** Removes a pending copy whose request was mailed already. */
  async dropPending(id: string): Promise<void> {
    await this.store.delete(pendingKey(id));
  }

  async delete(key: string): Promise<void> {
    await this.store.delete(key);
  }

  async read(key: string): Promise<StoredContactRequest | null> {
    return (await this.store.get(key, { type: "json" })) as StoredContactRequest | null;
  }

  /** A request wherever it is (sent, pending or suspect), read at once in each place: on Netlify each read is a round trip. */
  async find(id: string): Promise<StoredContactRequest | null> {
    const found = await Promise.all(requestAreas.map((area) => this.read(keyOf(area, id))));
    return found.find((record) => record !== null) ?? null;
  }

  /** What the contractor did with a request so far; nothing yet is an empty record. */
  async readHandling(id: string): Promise<Handling> {
    return ((await this.store.get(handlingKey(id), { type: "json" })) as Handling | null) ?? {};
  }

  /**
   * Changes what is noted of a request's handling, with a conditional write
   * on what was read, so a mark and a first view at the same moment both
   * land; a change that changes nothing writes nothing.
   */
  async changeHandling(id: string, change: (handling: Handling) => Handling): Promise<Handling> {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const read = await readVersioned<Handling>(this.store, handlingKey(id));
      const current = read?.value ?? {};
      const changed = change(current);
      if (changed === current) return current;
      const { modified } = await this.store.setJSON(handlingKey(id), changed, read ? { onlyIfMatch: read.etag } : { onlyIfNew: true });
      if (modified) return changed;
    }
    throw new Error(`the handling of request ${id} kept changing under five writes in a row`);
  }

  private async replace(held: Held, record: StoredContactRequest): Promise<Held | null> {
    const { modified, etag } = await this.store.setJSON(pendingKey(record.id), record, { onlyIfMatch: held.etag });
    return modified && etag ? { record, etag } : null;
  }
}
