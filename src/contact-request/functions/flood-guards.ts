import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import ipaddr from "ipaddr.js";
import { setTimeout as sleep } from "node:timers/promises";
import { contactLimits, hourOf, tenMinutesOf } from "./contact-delivery";
import type { ContactRequest } from "../shared/contact-fields";
import {
  addressCountKey,
  addressSaltKey,
  changeJson,
  duplicateKey,
  readJson,
  readText,
  stateKeys,
  writeJson,
  writeTextIfNew,
  type Blobs,
} from "./request-store";

/**
 * What keeps a flood bounded (docs/contact-requests.md, "A flood"): the mail
 * cap, the count per client address and the duplicate check. Each keeps its
 * state in the request store, beside the requests, under keys of its own:
 *
 * - `state/mail-cap`: when each of the last hour's single mails went out;
 * - `addresses/{hour}/salt` and `addresses/{hour}/{hash}`: that hour's count
 *   per address, keyed by a salted hash that means nothing once the hour's
 *   salt is deleted with it;
 * - `duplicates/{ten minutes}/{hash}`: the e-mail address and message of
 *   each request stored or mailed, hashed, for ten minutes.
 *
 * The keys are built in store-keys.ts and every store call goes through the
 * door, request-store.ts. On Netlify a conditional write alone decides between two writers. The local
 * Blobs server checks and writes in two steps, so where it matters (the cap)
 * a writer reads again after a pause and counts only what it still finds.
 */

const hourMs = 3600_000;
/** Writers that lost a conditional write try again after a short, random wait, a few times. */
const conflictRetries = 8;
const backoff = () => sleep(5 + Math.random() * 40);

/** Reads a JSON blob, changes it and writes it back only if nobody wrote in between; retried on a conflict. */
const update = <T>(store: Blobs, key: string, change: (current: T | null) => T | null) => changeJson<T>(store, key, change, { retries: conflictRetries, backoff });

interface CapState {
  mails: { at: string; token: string }[];
}

export const mailCapKey = stateKeys.mailCap;
/** How long a writer waits before it reads the cap again (see above). */
const capSettleMs = 100;

/** At most `contactLimits.mailsPerHour` single mails to the contractor in any hour (a sliding hour). */
export class MailCap {
  constructor(
    private readonly store: Blobs,
    private readonly perHour: number = contactLimits.mailsPerHour,
    /** How that wait is made: a timer, unless a test whose writers come one at a time passes a virtual clock's, as only time passes then. */
    private readonly pause: (ms: number) => Promise<unknown> = sleep,
  ) {}

  /** How many single mails the last hour leaves; a look, not a reservation. */
  async room(now: Date): Promise<number> {
    const current = await readJson<CapState>(this.store, mailCapKey);
    return Math.max(0, this.perHour - (current?.mails ?? []).filter((mail) => Date.parse(mail.at) > now.getTime() - hourMs).length);
  }

  /** Takes up to `wanted` of the hour's mails; gives back a token for each it got (fewer, or none, once the cap is reached). */
  async reserve(now: Date, wanted = 1): Promise<string[]> {
    if (wanted <= 0) return [];
    let tokens: string[] = [];
    const { done } = await update<CapState>(this.store, mailCapKey, (current) => {
      const recent = (current?.mails ?? []).filter((mail) => Date.parse(mail.at) > now.getTime() - hourMs);
      const room = Math.min(wanted, this.perHour - recent.length);
      tokens = Array.from({ length: Math.max(room, 0) }, () => randomUUID());
      return room > 0 ? { mails: [...recent, ...tokens.map((token) => ({ at: now.toISOString(), token }))] } : null;
    });
    if (!done || tokens.length === 0) return [];
    // Only what is still there after a pause counts (see above).
    await this.pause(capSettleMs);
    const kept = new Set((await readJson<CapState>(this.store, mailCapKey))?.mails.map((mail) => mail.token));
    return tokens.filter((token) => kept.has(token));
  }

  /** Gives back mails that were reserved but not sent, so a later request may use them. */
  async release(tokens: readonly string[]): Promise<void> {
    if (tokens.length === 0) return;
    const returned = new Set(tokens);
    await update<CapState>(this.store, mailCapKey, (current) => current && { mails: current.mails.filter((mail) => !returned.has(mail.token)) });
  }
}

/**
 * Whom a client address counts as: an IPv4 address itself, an IPv6 address by
 * its /64, which one household (or one attacker) holds whole, and a missing
 * or unreadable address as one shared "unknown", never waved through.
 */
export function addressBucket(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return "unknown";
  // An IPv4 address written as IPv6 (::ffff:192.0.2.1) is that IPv4 address.
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(":")}::/64`;
}

/** Buckets one instance keeps counts for in an hour; a flood from more addresses forgets the oldest first. */
const instanceBucketsKept = 100_000;

/**
 * What one function instance allows by itself, in memory, whatever the store
 * says: the hour's single mails and the count per address. They hold when the
 * store fails, so an outage never opens the gates; with the store working
 * they ask nothing the store's counts do not ask already.
 */
export class InstanceLimits {
  private mails: number[] = [];
  private hour = "";
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly mailsPerHour: number = contactLimits.mailsPerHour,
    private readonly perAddress: number = contactLimits.requestsPerAddressPerHour,
  ) {}

  /** Counts one request from the bucket (addressBucket); false when it has sent its hour's share already. */
  allowAddress(bucket: string, now: Date): boolean {
    const hour = hourOf(now);
    if (hour !== this.hour) {
      this.hour = hour;
      this.counts.clear();
    }
    const count = this.counts.get(bucket) ?? 0;
    if (count >= this.perAddress) return false;
    if (count === 0 && this.counts.size >= instanceBucketsKept) this.counts.delete(this.counts.keys().next().value as string);
    this.counts.set(bucket, count + 1);
    return true;
  }

  /** Takes one of the hour's single mails (a sliding hour); false once this instance has sent its cap. */
  reserveMail(now: Date): boolean {
    this.mails = this.mails.filter((at) => at > now.getTime() - hourMs);
    if (this.mails.length >= this.mailsPerHour) return false;
    this.mails.push(now.getTime());
    return true;
  }

  /** Gives back a mail reserved at `now` and not sent. */
  releaseMail(now: Date): void {
    const index = this.mails.indexOf(now.getTime());
    if (index >= 0) this.mails.splice(index, 1);
  }
}

/** Where a client address's count for an hour lives (store-keys.ts); the hour's salt sits beside it and goes with it. */

/** The current hour's salt as one instance last read it: it never changes within its hour, and each read is a round trip. */
export interface KnownSalt {
  hour?: string;
  salt?: string;
}

/** At most `contactLimits.requestsPerAddressPerHour` requests from one client address in a clock hour. */
export class AddressLimit {
  constructor(
    private readonly store: Blobs,
    private readonly perHour: number = contactLimits.requestsPerAddressPerHour,
    private readonly known: KnownSalt = {},
  ) {}

  /** Counts one request from the address; false when the address has sent its hour's share already. */
  async allow(address: string, now: Date): Promise<boolean> {
    const hour = hourOf(now);
    const salt = await this.saltOf(hour);
    const key = addressCountKey(hour, createHmac("sha256", salt).update(address).digest("hex"));
    let allowed = false;
    const { done } = await update<{ count: number }>(this.store, key, (current) => {
      const count = current?.count ?? 0;
      allowed = count < this.perHour;
      return allowed ? { count: count + 1 } : null;
    });
    // Writers that kept colliding are one address sending many at once: that is the flood this limit is for.
    return done && allowed;
  }

  /** A random salt per hour, made by whichever request comes first in that hour. */
  private async saltOf(hour: string): Promise<string> {
    if (this.known.hour === hour && this.known.salt) return this.known.salt;
    const existing = await readText(this.store, addressSaltKey(hour));
    if (existing) {
      Object.assign(this.known, { hour, salt: existing });
      return existing;
    }
    // Not kept yet: where conditional writes are not atomic (the local server), another writer's salt may still win.
    await writeTextIfNew(this.store, addressSaltKey(hour), randomBytes(32).toString("hex"));
    const salt = await readText(this.store, addressSaltKey(hour));
    if (!salt) throw new Error(`the salt for hour ${hour} could not be read back`);
    return salt;
  }
}

/**
 * The same e-mail address with the same message within
 * `contactLimits.duplicateWindowMs` is one request, but only once the first is
 * safe: a request is noted after it was stored or mailed, never before, so
 * the retry of one that failed is a request of its own.
 */
export class DuplicateCheck {
  private readonly hash: string;

  constructor(
    private readonly store: Blobs,
    request: ContactRequest,
  ) {
    this.hash = createHash("sha256").update(`${request.email.trim().toLowerCase()}\n${request.message.trim()}`).digest("hex");
  }

  private key(at: Date): string {
    return duplicateKey(tenMinutesOf(at), this.hash);
  }

  /** The id of the same request stored or mailed within the window, or null; only reads. */
  async repeatOf(now: Date): Promise<string | null> {
    const keys = [...new Set([this.key(new Date(now.getTime() - contactLimits.duplicateWindowMs)), this.key(now)])];
    const notes = await Promise.all(keys.map((key) => readJson<{ at: string; id: string }>(this.store, key)));
    return notes.find((note) => note !== null && now.getTime() - Date.parse(note.at) < contactLimits.duplicateWindowMs)?.id ?? null;
  }

  /** Notes a request that is safe (stored or mailed), so that its repeats are found. */
  async noteSafe(id: string, now: Date): Promise<void> {
    await writeJson(this.store, this.key(now), { at: now.toISOString(), id });
  }
}
