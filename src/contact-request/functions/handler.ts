import { contactLimits, newStoredRequest, receivedAtOf, requestReference, shownForMsOf, suspectReasons, withLease, type StoredContactRequest } from "./contact-delivery";
import { contactFields, honeypotField, shownForField, type ContactChoices, type FieldErrors } from "../shared/contact-fields";
import { isBotSubmission, validateContactRequest } from "../shared/contact-request";
import type { ContactErrorCode as ErrorCode, ContactResponse } from "../shared/contact-answer";
import { photoLimits, photoMessages } from "../shared/contact-photos";
import { checkPhotoFiles, photoRefusalStatus, type PhotoFile } from "./photo-checks";
import { jsonAnswer } from "./security-headers";
import { attemptDelivery, messageOf } from "./deliver";
import { mailPhotos, type MailAddresses } from "./mail";
import type { Mailer } from "./mailer";
import { AddressLimit, DuplicateCheck, InstanceLimits, MailCap, addressBucket, type KnownSalt } from "./flood-guards";
import { inspectPhotos, redrawPhotos, storedPhoto, type RedrawnPhoto } from "./photo-redraw";
import { readMultipart, type MultipartRead } from "./multipart";
import { RequestStore, type Blobs, type Held } from "./request-store";
import { newRequestAlert, type RequestAlerts } from "./push";
import { alertPageUrl } from "./request-link";
import { refusalPage } from "./refusal-page";
import { thankYouPage } from "./thank-you-page";
import { replyDueAt, replyMoment, type ReplyClock } from "../shared/reply-clock";

export interface HandlerOptions {
  choices: ContactChoices;
  mailer: Mailer;
  /** This deploy context's Blobs store: requests and the flood guards' counts; a function that gives none (or throws) still mails. */
  store: () => Blobs;
  addresses: MailAddresses;
  /** For the pages a visitor without JavaScript sees. */
  phone: { display: string; e164: string };
  /** Origins besides the request's own that may post, such as the site's public URL. */
  allowedOrigins: string[];
  /** The function answers by then even if the mail server has not; the request is stored, so the job retries it. */
  sendDeadlineMs?: number;
  /** The mail cap and the limit per address, as contactLimits sets them unless a test site raises them (README, "Environment variables"). */
  limits?: { mailsPerHour?: number; requestsPerAddressPerHour?: number };
  log?: (line: string) => void;
  now?: () => Date;
  /** How the mail cap makes its pause: a timer, unless a test whose posts come one at a time passes a virtual clock's. */
  sleep?: (ms: number) => Promise<unknown>;
  /** Web Push to the contractor's devices, for a request mailed at once (docs/contact-requests.md, "Alerts on the phone"). */
  alerts?: RequestAlerts;
  /** The reply clock from content (form-options.json): the thank-you says by when the visitor hears back. */
  clock: ReplyClock;
  /** The number the thank-you gives for a leak now, and the opening hours it states (form-options.json). */
  emergencyPhone: { display: string; e164: string };
  openingHours: readonly { day: string; hours: string }[];
}

/** The largest body the function reads without photos; a multipart post may carry up to photoLimits.bodyBytes. */
const maxBodyBytes = 16 * 1024;

const messages: Record<ErrorCode, string> = {
  method_not_allowed: "Verstuur een aanvraag met POST.",
  forbidden_origin: "Aanvragen worden alleen aangenomen vanaf onze eigen website.",
  unsupported_media_type: "Stuur de aanvraag als JSON (Content-Type: application/json) of als formulier.",
  payload_too_large: `De aanvraag is te groot: hoogstens ${maxBodyBytes / 1024} KB.`,
  invalid_json: "De aanvraag is geen geldige JSON. Stuur een JSON-object met de velden van het formulier.",
  invalid_form: "Het formulier kwam niet goed aan. Verstuur het opnieuw.",
  invalid_request: "Controleer de gemarkeerde velden.",
  invalid_photos: "Controleer de foto's.",
  too_many_requests: "Er kwamen het afgelopen uur te veel aanvragen van uw verbinding binnen. Probeer het over een uur opnieuw, of bel ons.",
  // The form shows its "not configured" toast on this code; the words say the same to anyone reading the answer.
  email_not_configured: "De e-mailservice is niet geconfigureerd. Bel ons of stuur een WhatsApp-bericht.",
  email_failed: "Uw aanvraag kon niet worden verstuurd. Probeer het opnieuw of bel ons direct.",
};

/** How the body is encoded: JSON from the form's script, urlencoded or multipart (with photos) from the form itself or its script. */
type Encoding = "json" | "urlencoded" | "multipart";

/** What a form post without JavaScript reads when it is refused and its request was not kept. */
const refusalTitle = (code: ErrorCode) => (code === "invalid_request" || code === "invalid_photos" ? "Controleer uw aanvraag" : "Uw aanvraag is niet verstuurd");

const json = (status: number, body: ContactResponse, headers?: Record<string, string>) => jsonAnswer(status, body, headers);

class TooLarge extends Error {}

/** Reads at most `maxBytes`, whatever Content-Length claims. */
async function readBody(request: Request, maxBytes: number): Promise<Buffer> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new TooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const encodingOf = (contentType: string | null): Encoding | null => {
  if (/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType ?? "")) return "json";
  if (/^application\/x-www-form-urlencoded\s*(?:;|$)/i.test(contentType ?? "")) return "urlencoded";
  if (/^multipart\/form-data\s*;/i.test(contentType ?? "")) return "multipart";
  return null;
};

/**
 * Whether the answer is a page for a browser without JavaScript: a urlencoded
 * post always is; a multipart post is, unless the form's script asks for JSON
 * (`Accept: application/json`), as a browser's own form post never does.
 */
const answersWithPage = (encoding: Encoding | null, accept: string | null) =>
  encoding === "urlencoded" || (encoding === "multipart" && !/\bapplication\/json\b/i.test(accept ?? ""));

/** The form's fields and honeypot: what is read of a body; anything else it carries is ignored. */
const formFieldNames: readonly string[] = [...contactFields, honeypotField, shownForField];

/** A JSON or urlencoded body as the fields it sends. */
function parseText(encoding: "json" | "urlencoded", body: Buffer): unknown {
  const text = new TextDecoder().decode(body);
  if (encoding === "json") return JSON.parse(text);
  const values = new URLSearchParams(text);
  return Object.fromEntries(formFieldNames.flatMap((field) => (values.has(field) ? [[field, values.get(field) ?? ""]] : [])));
}

/** The page the form was posted from, if it is on this site; the contact page otherwise. */
function formPageOf(request: Request): string {
  try {
    const referrer = new URL(request.headers.get("referer") ?? "");
    if (referrer.origin === new URL(request.url).origin) return referrer.pathname;
  } catch {
    // No or no valid Referer: the contact page carries the form too.
  }
  return "/contact";
}

export function createHandler({
  choices,
  mailer,
  store,
  addresses,
  phone,
  allowedOrigins,
  sendDeadlineMs = 6000,
  limits = {},
  log = console.log,
  now = () => new Date(),
  sleep,
  alerts,
  clock,
  emergencyPhone,
  openingHours,
}: HandlerOptions) {
  const instance = new InstanceLimits(limits.mailsPerHour, limits.requestsPerAddressPerHour);
  const knownSalt: KnownSalt = {};
  /**
   * One request; `clientAddress` is the visitor's IP as the platform saw it
   * (the function's context.ip), `finishLater` the function's context.waitUntil,
   * for the outcome of a mail that missed its deadline (attemptDelivery).
   */
  return async function sendContactEmail(
    request: Request,
    { clientAddress, finishLater }: { clientAddress?: string; finishLater?: (work: Promise<unknown>) => void } = {},
  ): Promise<Response> {
    if (request.method !== "POST") return json(405, refusal("method_not_allowed"), { Allow: "POST" });

    const contentType = request.headers.get("content-type");
    const encoding = encodingOf(contentType);
    const page = answersWithPage(encoding, request.headers.get("accept"));
    let files: PhotoFile[] = [];
    const answer = {
      /** The request's reference and by when the visitor hears back; a repeat's are those of the request it repeats. */
      accepted: (id: string, service: string) => {
        const due = replyDueAt(receivedAtOf(id) ?? now(), service, clock);
        const thanks = { reference: requestReference(id), replyBy: replyMoment(due, now()) };
        return page ? thankYouPage({ ...thanks, clock, emergencyPhone, openingHours }) : json(200, { ok: true, ...thanks });
      },
      refused: (
        status: number,
        code: ErrorCode,
        extra: { fields?: FieldErrors; photos?: string[]; error?: string; typed?: Record<string, string> } = {},
      ) => {
        if (!page) {
          return json(status, {
            ...refusal(code),
            ...(extra.fields && { fields: extra.fields }),
            ...(extra.photos && { photos: extra.photos }),
            ...(extra.error && { error: extra.error }),
          });
        }
        return refusalPage({
          status,
          title: refusalTitle(code),
          intro: extra.error ?? messages[code],
          fieldErrors: extra.fields,
          photoErrors: extra.photos,
          // A refused photo was sent, also when the reading stopped before it was whole.
          photosSent: files.length > 0 || extra.photos !== undefined,
          typed: extra.typed,
          formPage: formPageOf(request),
          phone,
        });
      },
    };

    /** A multipart body whose reading stopped at a limit: the Dutch message of that limit, with the fields read before it. */
    const multipartRefusal = (read: Exclude<MultipartRead, { ok: true }>) => {
      const typedSoFar = read.fields;
      if (read.problem === "body_too_large") return tooLarge();
      if (read.problem === "form_malformed") return answer.refused(400, "invalid_form", { typed: typedSoFar });
      if (read.problem === "too_many_photos") return answer.refused(400, "invalid_photos", { photos: [photoMessages.tooMany], typed: typedSoFar });
      const message = read.problem === "photo_too_large" ? photoMessages.fileTooLarge(read.name) : photoMessages.totalTooLarge;
      return answer.refused(413, "invalid_photos", { photos: [message], typed: typedSoFar });
    };

    const origin = request.headers.get("origin");
    if (origin !== null && origin !== new URL(request.url).origin && !allowedOrigins.includes(origin)) {
      return answer.refused(403, "forbidden_origin");
    }
    if (encoding === null || contentType === null) return json(415, refusal("unsupported_media_type"));
    const bodyLimit = encoding === "multipart" ? photoLimits.bodyBytes : maxBodyBytes;
    // A multipart post is one with photos: its limit is theirs, and so is the message.
    const tooLarge = () => answer.refused(413, "payload_too_large", encoding === "multipart" ? { error: photoMessages.bodyTooLarge } : {});
    if (Number(request.headers.get("content-length") ?? 0) > bodyLimit) return tooLarge();

    // Read as it arrives: a multipart body's parts are counted and its photos sized on the way in.
    let input: unknown;
    if (encoding === "multipart") {
      const read = await readMultipart(request.body, contentType, { keptFields: formFieldNames, maxBodyBytes: bodyLimit });
      if (!read.ok) return multipartRefusal(read);
      ({ fields: input, files } = read);
    } else {
      try {
        input = parseText(encoding, await readBody(request, bodyLimit));
      } catch (error) {
        if (error instanceof TooLarge) return tooLarge();
        return answer.refused(400, "invalid_json");
      }
    }
    const typed = input as Record<string, string>;

    const receivedAt = now();
    let blobs: Blobs | null = null;
    try {
      blobs = store();
    } catch (error) {
      log(`send-contact-email: no store for this request: ${messageOf(error)}`);
    }
    // The count per address first: a client over its hour costs a count, not a look at its fields or photos.
    if (!(await addressAllowed(blobs, clientAddress, receivedAt))) return answer.refused(429, "too_many_requests", { typed });

    // Fields and what the photos' headers tell, together, so the visitor hears everything to fix at once; nothing decoded yet.
    const validation = validateContactRequest(input, choices);
    // With fields to fix, only the photos' bytes are looked at: their headers wait, and sharp is not loaded for a refusal.
    const inspected = files.length === 0 ? { refusals: [], readable: [] } : validation.ok ? await inspectPhotos(files) : { refusals: checkPhotoFiles(files).refusals, readable: [] };
    // Decoded only once everything cheaper has passed, one photo at a time.
    const { refusals, photos } =
      validation.ok && inspected.refusals.length === 0 && inspected.readable.length > 0 ? await redrawPhotos(inspected.readable) : { refusals: inspected.refusals, photos: [] };
    if (!validation.ok || refusals.length > 0) {
      const fields = validation.ok ? undefined : validation.fieldErrors;
      return answer.refused(refusals.length > 0 ? photoRefusalStatus(refusals) : 400, fields ? "invalid_request" : "invalid_photos", {
        fields,
        ...(refusals.length > 0 && { photos: refusals.map((problem) => problem.message) }),
        ...(!validation.ok && validation.formError && { error: validation.formError }),
        typed,
      });
    }

    // Without mail nothing would ever come of it: the visitor hears so now and keeps what they typed.
    if (mailer.kind === "unconfigured") {
      log(`send-contact-email: e-mail service not configured (${mailer.reason}); nothing stored`);
      return answer.refused(503, "email_not_configured", { typed });
    }

    const record: StoredContactRequest = { ...newStoredRequest(validation.request, receivedAt), ...(photos.length > 0 && { photos: photos.map(storedPhoto) }) };

    // The flood guards need the store; without it the request is still mailed, as before.
    const repeats = blobs && new DuplicateCheck(blobs, record.request);
    /** Only a request that is safe, stored or mailed, makes a later one a repeat (docs/contact-requests.md, "A flood"). */
    const noteSafe = () =>
      repeats?.noteSafe(record.id, receivedAt).catch((error: unknown) => log(`send-contact-email: request ${record.id} not noted against repeats: ${messageOf(error)}`));
    const guarded = await guard(blobs, repeats, noteSafe, record, photos, input, receivedAt);
    if (guarded === "suspect_unkept") return answer.refused(502, "email_failed", { typed });
    // A repeat, or a suspect request kept for the daily list: the sender hears success either way, and a bot learns nothing.
    if (guarded === "suspect") return answer.accepted(record.id, record.request.service);
    if (guarded !== "pass") return answer.accepted(guarded.repeatOf, record.request.service);

    // A mail of its own only within the hour's cap, this instance's and the store's; beyond it the request waits for the job's digest.
    const cap = blobs && new MailCap(blobs, limits.mailsPerHour, sleep);
    const ownMail = instance.reserveMail(receivedAt);
    // A store cap that cannot be read lets the mail through within this instance's cap: it must never cost a visitor their request.
    const unread = (error: unknown) => (log(`send-contact-email: mail cap unreadable, mailing within this instance's cap: ${messageOf(error)}`), ["unread"]);
    const slots = !ownMail ? [] : cap ? await cap.reserve(receivedAt).catch(unread) : ["no store"];
    if (ownMail && slots.length === 0) instance.releaseMail(receivedAt);
    const mailNow = slots.length > 0;

    // Stored first: from here on the request is safe, whatever the mail server does.
    let requests: RequestStore | null = null;
    const leased = mailNow ? withLease(record, "send-contact-email", receivedAt) : record;
    let held: Held = { record: leased, etag: "" };
    let noted: Promise<void> | undefined;
    if (blobs) {
      try {
        // With the clock, the request is filed in the reminders' index as it is stored (reminders.ts).
        requests = new RequestStore(blobs, clock);
        held = await requests.add(leased, photos);
        noted = noteSafe();
      } catch (error) {
        requests = null;
        log(`send-contact-email: could not store request ${record.id}: ${messageOf(error)}`);
      }
    }

    if (!mailNow) {
      if (requests) {
        await noted;
        log(`send-contact-email: request ${record.id} stored for the job: no single mail to be had (the hour's ${limits.mailsPerHour ?? contactLimits.mailsPerHour} are used, or too many requests reached for one at once)`);
        return answer.accepted(record.id, record.request.service);
      }
      return answer.refused(502, "email_failed");
    }

    // The devices hear of it while the mail goes, and the mail lists them; a flood beyond the cap reaches them through the job's reminder instead.
    const pages = addresses.pages;
    const devices = requests && alerts && pages && blobs ? alerts.devices(blobs) : null;
    const confirmed = devices
      ? await devices.confirmed().catch((error: unknown) => {
          log(`send-contact-email: request ${record.id}: no alerts, the devices unreadable: ${messageOf(error)}`);
          return null;
        })
      : null;
    const mailAddresses: MailAddresses = devices && confirmed ? { ...addresses, devices: confirmed.map((device) => devices.listing(device)) } : addresses;
    // The alert's link lives until a few days past the reply target, not the request's whole term (request-link.ts, alertPageUrl).
    const alertUrl = pages && alertPageUrl(held.record, pages, replyDueAt(receivedAt, record.request.service, clock));
    const alerted =
      alerts && blobs && confirmed && alertUrl
        ? alerts
            .toConfirmed(blobs, confirmed, newRequestAlert(held.record, alertUrl))
            .then(({ sent, gone, failed }) => (sent + gone + failed > 0 ? log(`send-contact-email: request ${record.id} alerted ${sent} device(s), ${gone} gone, ${failed} failed`) : undefined))
            .catch((error: unknown) => log(`send-contact-email: request ${record.id}: no alerts: ${messageOf(error)}`))
        : undefined;
    if (alerted && finishLater) finishLater(alerted);

    // Unstored, the photos go with the mail from memory; stored, the mail reads them back, as every retry does.
    const result = await attemptDelivery(requests, held, { mailer, addresses: mailAddresses, deadlineMs: sendDeadlineMs, log, now, finishLater }, mailPhotos(photos));
    // A mail the server refused goes back to the cap; one it had not answered by the deadline may still go out.
    if (!result.sent && !result.mayStillArrive) {
      instance.releaseMail(receivedAt);
      if (cap) await cap.release(slots).catch(() => undefined);
    }
    if (alerted && !finishLater) await alerted;
    // Stored, it was noted then; mailed from memory, it is noted now.
    if (noted) await noted;
    else if (result.sent) await noteSafe();
    if (result.sent || requests) return answer.accepted(record.id, record.request.service);
    return answer.refused(502, "email_failed");
  };

  /**
   * The count per client address, this instance's and then the store's
   * (docs/contact-requests.md, "A flood"). A store that fails lets a request
   * through the store's count, never through this instance's.
   */
  async function addressAllowed(blobs: Blobs | null, clientAddress: string | undefined, at: Date): Promise<boolean> {
    const bucket = addressBucket(clientAddress);
    let allowed = instance.allowAddress(bucket, at);
    if (allowed && blobs) {
      allowed = await new AddressLimit(blobs, limits.requestsPerAddressPerHour, knownSalt).allow(bucket, at).catch((error: unknown) => {
        log(`send-contact-email: the store's count per address unavailable: ${messageOf(error)}`);
        return true;
      });
    }
    if (!allowed) log("send-contact-email: over the hour's limit for one address, refused");
    return allowed;
  }

  /**
   * The guards that need the fields: the duplicate check, then whether the
   * request looks sent by a program. A store that fails lets a request through
   * the duplicate check, and never mails a suspect request on its own.
   */
  async function guard(
    blobs: Blobs | null,
    repeats: DuplicateCheck | null,
    noteSafe: () => Promise<void> | undefined,
    record: StoredContactRequest,
    photos: readonly RedrawnPhoto[],
    input: unknown,
    at: Date,
  ): Promise<{ repeatOf: string } | "suspect" | "suspect_unkept" | "pass"> {
    if (repeats) {
      try {
        const repeatOf = await repeats.repeatOf(at);
        if (repeatOf) {
          log("send-contact-email: the same address sent the same message within 10 minutes: one request");
          return { repeatOf };
        }
      } catch (error) {
        log(`send-contact-email: the duplicate check unavailable: ${messageOf(error)}`);
      }
    }
    const reasons = suspectReasons({ honeypot: isBotSubmission(input), shownForMs: shownForMsOf(input, shownForField) });
    if (reasons.length === 0) return "pass";
    try {
      if (!blobs) throw new Error("no store");
      // Its photos apart from a request's: the sweep deletes them after the suspect term, by key alone.
      await new RequestStore(blobs).addSuspect({ ...record, suspect: reasons }, photos);
    } catch (error) {
      // A person whose form was filled too fast may try again; a bot gets no mail out of a failing store.
      log(`send-contact-email: suspect request ${record.id} (${reasons.join(", ")}) could not be kept, refused: ${messageOf(error)}`);
      return "suspect_unkept";
    }
    await noteSafe();
    log(`send-contact-email: suspect request ${record.id} (${reasons.join(", ")}) kept for the daily list`);
    return "suspect";
  }
}

function refusal(code: ErrorCode): ContactResponse {
  return { ok: false, error: messages[code], code };
}
