import type { MailAddresses } from "./mail";
import { composeMail } from "./mail";
import type { Mailer } from "./mailer";
import type { Held, RequestStore } from "./request-store";

/** What a mailing attempt needs, in the form function and in the retry job alike. */
export interface DeliveryOptions {
  mailer: Extract<Mailer, { send: unknown }>;
  addresses: MailAddresses;
  /** The attempt counts as failed by then, whatever the mail server does. */
  deadlineMs: number;
  log: (line: string) => void;
  now?: () => Date;
}

export type AttemptResult = { sent: true } | { sent: false; error: string };

/** The work's outcome, or a failure once `ms` have passed without one. */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the mail server within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Mails one held request and writes down how it went: moved to sent, or a
 * failed attempt noted so a later run tries again. Without a store (it failed)
 * only the mail is tried. Store errors after the mail are logged, never thrown:
 * the mail's outcome is what counts for the visitor.
 */
export async function attemptDelivery(
  store: RequestStore | null,
  held: Held,
  { mailer, addresses, deadlineMs, log, now = () => new Date() }: DeliveryOptions,
): Promise<AttemptResult> {
  const { id } = held.record;
  try {
    await withDeadline(mailer.send(composeMail(held.record, addresses)), deadlineMs);
  } catch (error) {
    const message = messageOf(error);
    log(`contact request ${id}: mailing failed: ${message}`);
    if (store) {
      await store
        .recordFailure(held, now(), message)
        .then((written) => written ?? log(`contact request ${id}: changed by another run, failure not noted`))
        .catch((storeError: unknown) => log(`contact request ${id}: could not note the failure: ${messageOf(storeError)}`));
    }
    return { sent: false, error: message };
  }
  if (store) {
    await store.markSent(held, now()).catch((storeError: unknown) => log(`contact request ${id}: mailed, but not marked sent: ${messageOf(storeError)}`));
  }
  return { sent: true };
}
