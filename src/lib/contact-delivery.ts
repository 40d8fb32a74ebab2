import type { ContactRequest } from "./contact-fields";

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

export interface StoredContactRequest {
  id: string;
  receivedAt: string;
  request: ContactRequest;
  delivery: Delivery;
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

export function newStoredRequest(request: ContactRequest, receivedAt: Date, lease?: { owner: string; until: Date }): StoredContactRequest {
  return {
    id: requestId(receivedAt),
    receivedAt: receivedAt.toISOString(),
    request,
    delivery: {
      state: "pending",
      attempts: [],
      ...(lease && { lease: { owner: lease.owner, until: lease.until.toISOString() } }),
    },
  };
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

export function withFailedAttempt(record: StoredContactRequest, at: Date, error: string): StoredContactRequest {
  const { lease: _, ...delivery } = record.delivery;
  return { ...record, delivery: { ...delivery, attempts: [...delivery.attempts, { at: at.toISOString(), error }] } };
}

export function asSent(record: StoredContactRequest, at: Date): StoredContactRequest {
  const { lease: _, ...delivery } = record.delivery;
  return { ...record, delivery: { ...delivery, state: "sent", sentAt: at.toISOString() } };
}

/** Whether a request that arrived then is past the retention term now (calendar months, in UTC). */
export function isPastRetention(receivedAt: Date, now: Date): boolean {
  const end = new Date(receivedAt.getTime());
  end.setUTCMonth(end.getUTCMonth() + retentionMonths);
  return end.getTime() <= now.getTime();
}
