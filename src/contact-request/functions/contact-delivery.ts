import type { ContactRequest } from "../shared/contact-fields";
import type { StoredPhoto } from "../shared/contact-photos";

/**
 * A contact request as the server keeps it: stored before it is mailed, retried
 * until it is, deleted a year after it arrived (docs/contact-requests.md). Pure
 * logic: the functions in netlify/ do the storing and the mailing.
 */

export interface FailedAttempt {
  at: string;
  error: string;
}

export interface Delivery {
  state: "pending" | "sent";
  /** When the mail was handed to the mail server; only once sent. */
  sentAt?: string;
  /** Every attempt that failed, oldest first. */
  attempts: FailedAttempt[];
  /** Whoever is mailing it now, and until when nobody else may. */
  lease?: { owner: string; until: string };
}

/** Why a request looks sent by a program rather than a person: kept, but listed instead of mailed. */
export type SuspectReason = "honeypot" | "too-fast";

export interface StoredContactRequest {
  id: string;
  receivedAt: string;
  request: ContactRequest;
  delivery: Delivery;
  /** Only on a suspect request (stored under suspect/, never mailed one by one). */
  suspect?: SuspectReason[];
  /** Set when the mail went out as part of a digest instead of on its own. */
  inDigest?: boolean;
  /** The photos stored beside it, each a blob of its own (src/contact-request/functions/request-store.ts); absent without photos. */
  photos?: StoredPhoto[];
}

const minute = 60_000;
const hour = 60 * minute;

/**
 * How long to wait after the n-th failed attempt before the next one: the
 * first failure is retried on the job's very next run, later ones ever less
 * often, and from the fifth on once a day.
 */
export const retryDelaysMs = [0, 15 * minute, hour, 6 * hour, 24 * hour] as const;

/** How long one sender may take over a request: well past the mail deadline, short enough that a crash delays it little. */
export const leaseMs = 2 * minute;

/** The privacy statement's term for quote requests (content/legal/privacy.md). */
export const retentionMonths = 12;

/**
 * How much the contact path takes, in one place (docs/contact-requests.md).
 * The privacy statement names the suspect term and the address hash's hour;
 * a unit test holds them together.
 */
export const contactLimits = {
  /** Mails of single requests to the contractor in any hour; beyond it requests go in the job's digest. */
  mailsPerHour: 30,
  /** Requests one client address may send in an hour (a window of the clock hour). */
  requestsPerAddressPerHour: 20,
  /** The same e-mail address with the same message within this time is one request. */
  duplicateWindowMs: 10 * minute,
  /** A form sent sooner than this after the page was shown was not typed by a person. */
  minimumFillMs: 3000,
  /** Suspect requests are deleted after this many days (content/legal/privacy.md). */
  suspectRetentionDays: 30,
  /** At most this many requests in one digest mail; the rest wait for the next run's. */
  requestsPerDigest: 100,
} as const;

/** Which requests are suspect: the hidden field filled in, or sent faster than a person can type. */
export function suspectReasons({ honeypot, shownForMs }: { honeypot: boolean; shownForMs: number | null }): SuspectReason[] {
  const reasons: SuspectReason[] = [];
  if (honeypot) reasons.push("honeypot");
  if (shownForMs !== null && shownForMs < contactLimits.minimumFillMs) reasons.push("too-fast");
  return reasons;
}

/** How long the form says it had been shown when it was sent, or null when it does not say (no JavaScript). */
export function shownForMsOf(input: unknown, field: string): number | null {
  if (typeof input !== "object" || input === null) return null;
  const value = (input as Record<string, unknown>)[field];
  const number = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(number) && number >= 0 ? number : null;
}

const idPattern = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z-[0-9a-f]{8}$/;

/** An id that sorts by arrival and carries its own time, so old requests can be found from their keys alone. */
export function requestId(receivedAt: Date, random: string = crypto.randomUUID()): string {
  return `${receivedAt.toISOString().replace(/[-:.]/g, "")}-${random.replace(/-/g, "").slice(0, 8)}`;
}

/** The arrival time an id carries, or null for a key that is not one of ours. */
export function receivedAtOf(id: string): Date | null {
  const match = idPattern.exec(id);
  if (!match) return null;
  const [, year, month, day, hours, minutes, seconds, millis] = match;
  return new Date(`${year}-${month}-${day}T${hours}:${minutes}:${seconds}.${millis}Z`);
}

/**
 * The short reference a visitor is given on the thank-you and the contractor
 * finds in the mail and on the request's page: the id's random part, "96B2-6A4F".
 */
export function requestReference(id: string): string {
  const random = id.slice(-8).toUpperCase();
  return `${random.slice(0, 4)}-${random.slice(4)}`;
}

export function newStoredRequest(request: ContactRequest, receivedAt: Date): StoredContactRequest {
  return { id: requestId(receivedAt), receivedAt: receivedAt.toISOString(), request, delivery: { state: "pending", attempts: [] } };
}

/** When the next attempt may start: at once before any failure, then after the wait for the number of failures. */
export function nextAttemptAt({ attempts }: Delivery): Date | null {
  const last = attempts.at(-1);
  if (!last) return null;
  const delay = retryDelaysMs[Math.min(attempts.length, retryDelaysMs.length) - 1];
  return new Date(Date.parse(last.at) + delay);
}

/** Whether a mailing run may take this request now: still pending, nobody else's, and its wait is over. */
export function isDue({ delivery }: StoredContactRequest, now: Date): boolean {
  if (delivery.state !== "pending") return false;
  if (delivery.lease && Date.parse(delivery.lease.until) > now.getTime()) return false;
  const next = nextAttemptAt(delivery);
  return next === null || next.getTime() <= now.getTime();
}

export function withLease(record: StoredContactRequest, owner: string, now: Date): StoredContactRequest {
  return { ...record, delivery: { ...record.delivery, lease: { owner, until: new Date(now.getTime() + leaseMs).toISOString() } } };
}

/**
 * A failed attempt, noted; the request is let go for a later run, unless
 * `keepLease`: a mail that missed its deadline may still go out, so its sender
 * keeps the request until the mail's outcome is known.
 */
export function withFailedAttempt(record: StoredContactRequest, at: Date, error: string, { keepLease = false } = {}): StoredContactRequest {
  const { attempts } = record.delivery;
  const delivery = keepLease ? record.delivery : withoutLease(record).delivery;
  return { ...record, delivery: { ...delivery, attempts: [...attempts, { at: at.toISOString(), error }] } };
}

export function withoutLease(record: StoredContactRequest): StoredContactRequest {
  const { lease: _, ...delivery } = record.delivery;
  return { ...record, delivery };
}

export function asSent(record: StoredContactRequest, at: Date): StoredContactRequest {
  const { lease: _, ...delivery } = record.delivery;
  return { ...record, delivery: { ...delivery, state: "sent", sentAt: at.toISOString() } };
}

/** Whether a request that arrived then is past the retention term now (calendar months, in UTC). */
export function isPastRetention(receivedAt: Date, now: Date): boolean {
  return receivedAt.getTime() <= retentionCutoff(now).getTime();
}

/** Requests received at or before this moment are past the 12-month term. */
export function retentionCutoff(now: Date): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - retentionMonths);
  return cutoff;
}

/** When a request that arrived then reaches the end of its term: the sweep deletes it from then on, and the link to its page expires. */
export function retentionEnd(receivedAt: Date): Date {
  const end = new Date(receivedAt.getTime());
  end.setUTCMonth(end.getUTCMonth() + retentionMonths);
  return end;
}

/** Suspect requests received at or before this moment are past their term. */
export const suspectRetentionCutoff = (now: Date) => new Date(now.getTime() - contactLimits.suspectRetentionDays * 24 * hour);

/** The clock hour of a moment, as keys name it ("2026112618"): the per-address counts live an hour. */
export const hourOf = (at: Date) => at.toISOString().slice(0, 13).replace(/[-T]/g, "");

/** The ten minutes a moment falls in ("202611261840"), for the duplicate check. */
export function tenMinutesOf(at: Date): string {
  const start = new Date(Math.floor(at.getTime() / (10 * minute)) * 10 * minute);
  return start.toISOString().slice(0, 16).replace(/[-T:]/g, "");
}
