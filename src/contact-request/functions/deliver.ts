import type { StoredContactRequest } from "./contact-delivery";
import { composeMail, mailPhotos, noPhotos, type MailAddresses, type MailPhotos } from "./mail";
import type { Mailer } from "./mailer";
import { photoAreaOf, type Held, type RequestStore } from "./request-store";

/** What a mailing attempt needs, in the form function and in the retry job alike. */
export interface DeliveryOptions {
  mailer: Extract<Mailer, { send: unknown }>;
  addresses: MailAddresses;
  /** The attempt counts as failed by then, whatever the mail server does. */
  deadlineMs: number;
  log: (line: string) => void;
  now?: () => Date;
  /**
   * Takes the work that writes down how a mail that missed its deadline ended:
   * Netlify's context.waitUntil, so the function lives until it is done.
   */
  finishLater?: (work: Promise<unknown>) => void;
}

/**
 * `mayStillArrive`: the mail server had not answered by the deadline, so the
 * mail may still go out (nothing stops it); it keeps its place in the hour's
 * cap (docs/contact-requests.md, "A flood").
 */
export type AttemptResult = { sent: true } | { sent: false; error: string; mayStillArrive: boolean };

/** The failure withDeadline gives when time ran out: the work itself goes on. */
export class DeadlinePassed extends Error {}

/** The work's outcome, or a failure once `ms` have passed without one. */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlinePassed(`no answer from the mail server within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A request's photos as its mail attaches them, read from the store by the
 * record's list. A store that fails throws: the attempt fails and is retried,
 * as for a mail server that fails. A photo the store answers it does not have
 * (only a sweep or a person deletes one) is named in the mail instead of
 * attached: holding the request back would never bring it back.
 */
export async function storedPhotos(store: RequestStore, record: StoredContactRequest): Promise<MailPhotos> {
  const area = photoAreaOf(record);
  return mailPhotos(await Promise.all((record.photos ?? []).map(async ({ name }) => ({ name, content: await store.readPhoto(area, record.id, name) }))));
}

/**
 * Mails one held request with its photos and writes down how it went: moved to
 * sent, or a failed attempt noted so a later run tries again (for a mail that
 * missed its deadline, once its outcome is known: finishLate). The photos come
 * from the store; without one (it failed) only the mail is tried, with the
 * photos the form function still holds (`unstored`). Reading them counts
 * within the deadline. Store errors after the mail are logged, never thrown:
 * the mail's outcome is what counts for the visitor.
 */
export async function attemptDelivery(
  store: RequestStore | null,
  held: Held,
  { mailer, addresses, deadlineMs, log, now = () => new Date(), finishLater = () => undefined }: DeliveryOptions,
  unstored: MailPhotos = noPhotos,
): Promise<AttemptResult> {
  const { id } = held.record;
  const mail = (store ? storedPhotos(store, held.record) : Promise.resolve(unstored)).then((photos) => mailer.send(composeMail(held.record, addresses, photos)));
  try {
    await withDeadline(mail, deadlineMs);
  } catch (error) {
    const message = messageOf(error);
    log(`contact request ${id}: mailing failed: ${message}`);
    const mayStillArrive = error instanceof DeadlinePassed;
    if (store && mayStillArrive) {
      const noted = await store
        .recordFailure(held, now(), message, { keepLease: true })
        .catch((storeError: unknown) => log(`contact request ${id}: could not note the late attempt: ${messageOf(storeError)}`));
      finishLater(finishLate(store, noted ?? held, mail, { log, now }));
    } else if (store) {
      await store
        .recordFailure(held, now(), message)
        .then((written) => written ?? log(`contact request ${id}: changed by another run, failure not noted`))
        .catch((storeError: unknown) => log(`contact request ${id}: could not note the failure: ${messageOf(storeError)}`));
    }
    return { sent: false, error: message, mayStillArrive };
  }
  if (store) {
    await store.markSent(held, now()).catch((storeError: unknown) => log(`contact request ${id}: mailed, but not marked sent: ${messageOf(storeError)}`));
  }
  return { sent: true };
}

/**
 * A mail that missed its deadline may still go out, and nothing stops it. Its
 * attempt is noted and its sender keeps the lease, so no other sender mails the
 * request meanwhile; when the mail's outcome comes, the request is marked sent,
 * or let go for a later run. Should the function end first, the lease runs out
 * (leaseMs) and the job tries again (docs/contact-requests.md, "The path of a request").
 */
async function finishLate(store: RequestStore, held: Held, mail: Promise<void>, { log, now }: { log: (line: string) => void; now: () => Date }) {
  const { id } = held.record;
  const arrived = await mail.then(
    () => true,
    () => false,
  );
  try {
    if (arrived) await store.markSent(held, now());
    else await store.letGo(held);
    log(`contact request ${id}: the mail that missed its deadline ${arrived ? "went out after all" : "failed"}`);
  } catch (storeError) {
    log(`contact request ${id}: could not note how its late mail ended: ${messageOf(storeError)}`);
  }
}
