import { getStore, type Store } from "@netlify/blobs";
import { asSent, withFailedAttempt, withLease, type StoredContactRequest } from "../../src/lib/contact-delivery";

/**
 * Contact requests in Netlify Blobs (docs/contact-requests.md). A request that
 * still has to be mailed lives under `pending/{id}`, a mailed one under
 * `sent/{id}`: the mailing job lists only what is pending, and the keys alone
 * say when each request arrived. Every change of a pending request is a
 * conditional write on the ETag it was read with, so two writers never both win.
 */
export const requestStoreName = "contact-requests";

export const pendingKey = (id: string) => `pending/${id}`;
export const sentKey = (id: string) => `sent/${id}`;
export const idOfKey = (key: string) => key.slice(key.indexOf("/") + 1);

/** The store as functions see it; strong consistency, so a run reads what the last one wrote. */
export const openRequestStore = (): Store => getStore({ name: requestStoreName, consistency: "strong" });

/** A pending request as read, with the ETag a change must match. */
export interface Held {
  record: StoredContactRequest;
  etag: string;
}

export class RequestStore {
  constructor(private readonly store: Store) {}

  /** Keeps a new request; never overwrites one. */
  async add(record: StoredContactRequest): Promise<Held> {
    const { modified, etag } = await this.store.setJSON(pendingKey(record.id), record, { onlyIfNew: true });
    if (!modified || !etag) throw new Error(`a request with id ${record.id} is stored already`);
    return { record, etag };
  }

  async pendingIds(): Promise<string[]> {
    return (await this.keys("pending/")).map(idOfKey).sort();
  }

  async keys(prefix: "pending/" | "sent/" | "" = ""): Promise<string[]> {
    const keys: string[] = [];
    for await (const page of this.store.list({ prefix, paginate: true })) keys.push(...page.blobs.map((blob) => blob.key));
    return keys;
  }

  /**
   * A pending request with its ETag. The ETag comes from a listing made before
   * the read (the local Blobs server sends none with a read): if the request
   * changed in between, the ETag is older than what was read, and a
   * conditional write with it fails, as it should.
   *
   * The local server's listing ends early, without an error, when a file that
   * another write is renaming into the same folder vanishes under it. A
   * request that is read but not listed was missed that way: list again, so a
   * run does not let go of a request it holds because a second run was writing.
   */
  async readPending(id: string): Promise<Held | null> {
    const key = pendingKey(id);
    for (let listing = 1; listing <= 5; listing += 1) {
      const { blobs } = await this.store.list({ prefix: key });
      const etag = blobs.find((blob) => blob.key === key)?.etag;
      const record = (await this.store.get(key, { type: "json" })) as StoredContactRequest | null;
      if (!record) return null;
      if (etag) return { record, etag };
    }
    return null;
  }

  async isSent(id: string): Promise<boolean> {
    return (await this.store.get(sentKey(id))) !== null;
  }

  /** Takes a request for one mailing attempt; null when another run changed it first. */
  async claim(held: Held, owner: string, now: Date): Promise<Held | null> {
    return this.replace(held, withLease(held.record, owner, now));
  }

  /** Notes a failed attempt and lets go of the request, so a later run retries it. */
  async recordFailure(held: Held, at: Date, error: string): Promise<Held | null> {
    return this.replace(held, withFailedAttempt(held.record, at, error));
  }

  /**
   * Moves a mailed request from pending to sent. The sent copy is written
   * first: a run that finds both (this one stopped in between) only removes
   * the pending one, and never mails it again.
   */
  async markSent(held: Held, at: Date): Promise<void> {
    await this.store.setJSON(sentKey(held.record.id), asSent(held.record, at), { onlyIfNew: true });
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

  private async replace(held: Held, record: StoredContactRequest): Promise<Held | null> {
    const { modified, etag } = await this.store.setJSON(pendingKey(record.id), record, { onlyIfMatch: held.etag });
    return modified && etag ? { record, etag } : null;
  }
}
