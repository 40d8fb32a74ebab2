import type { Store } from "@netlify/blobs";
import { contactLimits, newStoredRequest, shownForMsOf, suspectReasons, withLease, type StoredContactRequest } from "../../../src/lib/contact-delivery";
import { contactFields, honeypotField, shownForField, type ContactChoices, type FieldErrors } from "../../../src/lib/contact-fields";
import { isBotSubmission, validateContactRequest } from "../../../src/lib/contact-request";
import { thankYouPath } from "../../../src/lib/paths";
import { apiSecurityHeaders } from "../../../src/lib/security-headers";
import { attemptDelivery, messageOf } from "../../lib/deliver";
import type { MailAddresses } from "../../lib/mail";
import type { Mailer } from "../../lib/mailer";
import { AddressLimit, DuplicateCheck, MailCap } from "../../lib/flood-guards";
import { RequestStore, type Held } from "../../lib/request-store";
import { refusalPage } from "./refusal-page";

/** The answers' shape, read by the contact form. */
export type ContactResponse =
  | { ok: true }
  | { ok: false; error: string; code: ErrorCode; fields?: FieldErrors };

export type ErrorCode =
  | "method_not_allowed"
  | "forbidden_origin"
  | "unsupported_media_type"
  | "payload_too_large"
  | "invalid_json"
  | "invalid_request"
  | "too_many_requests"
  | "email_not_configured"
  | "email_failed";

export interface HandlerOptions {
  choices: ContactChoices;
  mailer: Mailer;
  /** This deploy context's Blobs store: requests and the flood guards' counts; a function that gives none (or throws) still mails. */
  store: () => Store;
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
}

/** The largest request body the function reads. */
const maxBodyBytes = 16 * 1024;

const messages: Record<ErrorCode, string> = {
  method_not_allowed: "Verstuur een aanvraag met POST.",
  forbidden_origin: "Aanvragen worden alleen aangenomen vanaf onze eigen website.",
  unsupported_media_type: "Stuur de aanvraag als JSON (Content-Type: application/json) of als formulier.",
  payload_too_large: `De aanvraag is te groot: hoogstens ${maxBodyBytes / 1024} KB.`,
  invalid_json: "De aanvraag is geen geldige JSON. Stuur een JSON-object met de velden van het formulier.",
  invalid_request: "Controleer de gemarkeerde velden.",
  too_many_requests: "Er kwamen het afgelopen uur te veel aanvragen van uw verbinding binnen. Probeer het over een uur opnieuw, of bel ons.",
  // The form shows its "not configured" toast on this code; the words say the same to anyone reading the answer.
  email_not_configured: "De e-mailservice is niet geconfigureerd. Bel ons of stuur een WhatsApp-bericht.",
  email_failed: "Uw aanvraag kon niet worden verstuurd. Probeer het opnieuw of bel ons direct.",
};

/** How the visitor's browser sent the request, and so how to answer it. */
type Channel = "json" | "form";

/** What a form post without JavaScript reads when it is refused and its request was not kept. */
const refusalTitle = (code: ErrorCode) => (code === "invalid_request" ? "Controleer uw aanvraag" : "Uw aanvraag is niet verstuurd");

const json = (status: number, body: ContactResponse, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    // Netlify's _headers rules do not reach function answers: the function sets its own.
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...apiSecurityHeaders, ...headers },
  });

class TooLarge extends Error {}

/** Reads at most maxBodyBytes, whatever Content-Length claims. */
async function readBody(request: Request): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel();
      throw new TooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

const channelOf = (contentType: string | null): Channel | null => {
  if (/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType ?? "")) return "json";
  if (/^application\/x-www-form-urlencoded\s*(?:;|$)/i.test(contentType ?? "")) return "form";
  return null;
};

/** The form's fields and honeypot from a urlencoded body; anything else it carries is ignored. */
function formFields(body: string): Record<string, string> {
  const params = new URLSearchParams(body);
  return Object.fromEntries(
    [...contactFields, honeypotField, shownForField].flatMap((field) => (params.has(field) ? [[field, params.get(field) ?? ""]] : [])),
  );
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
}: HandlerOptions) {
  /** One request; `clientAddress` is the visitor's IP as the platform saw it (the function's context.ip). */
  return async function sendContactEmail(request: Request, { clientAddress }: { clientAddress?: string } = {}): Promise<Response> {
    if (request.method !== "POST") return json(405, refusal("method_not_allowed"), { Allow: "POST" });

    const channel = channelOf(request.headers.get("content-type"));
    const answer = {
      accepted: () => (channel === "form" ? new Response(null, { status: 303, headers: { ...apiSecurityHeaders, "Cache-Control": "no-store", Location: thankYouPath } }) : json(200, { ok: true })),
      refused: (
        status: number,
        code: ErrorCode,
        extra: { fields?: FieldErrors; error?: string; typed?: Record<string, string> } = {},
      ) => {
        if (channel !== "form") return json(status, { ...refusal(code), ...(extra.fields && { fields: extra.fields }), ...(extra.error && { error: extra.error }) });
        return refusalPage({
          status,
          title: refusalTitle(code),
          intro: extra.error ?? messages[code],
          fieldErrors: extra.fields,
          typed: extra.typed,
          formPage: formPageOf(request),
          phone,
        });
      },
    };

    const origin = request.headers.get("origin");
    if (origin !== null && origin !== new URL(request.url).origin && !allowedOrigins.includes(origin)) {
      return answer.refused(403, "forbidden_origin");
    }
    if (channel === null) return json(415, refusal("unsupported_media_type"));
    if (Number(request.headers.get("content-length") ?? 0) > maxBodyBytes) return answer.refused(413, "payload_too_large");

    let input: unknown;
    try {
      const body = await readBody(request);
      input = channel === "form" ? formFields(body) : JSON.parse(body);
    } catch (error) {
      if (error instanceof TooLarge) return answer.refused(413, "payload_too_large");
      return answer.refused(400, "invalid_json");
    }

    const validation = validateContactRequest(input, choices);
    if (!validation.ok) {
      return answer.refused(400, "invalid_request", {
        fields: validation.fieldErrors,
        ...(validation.formError && { error: validation.formError }),
        typed: input as Record<string, string>,
      });
    }

    // Without mail nothing would ever come of it: the visitor hears so now and keeps what they typed.
    if (mailer.kind === "unconfigured") {
      log(`send-contact-email: e-mail service not configured (${mailer.reason}); nothing stored`);
      return answer.refused(503, "email_not_configured", { typed: input as Record<string, string> });
    }

    const receivedAt = now();
    const record = newStoredRequest(validation.request, receivedAt);
    let blobs: Store | null = null;
    try {
      blobs = store();
    } catch (error) {
      log(`send-contact-email: could not store request ${record.id}: ${messageOf(error)}`);
    }

    // The flood guards need the store; without it the request is still mailed, as before.
    const guarded = blobs && (await guard(blobs, record, input, clientAddress, receivedAt));
    if (guarded === "over_limit") return answer.refused(429, "too_many_requests", { typed: input as Record<string, string> });
    // A repeat, or a suspect request kept for the daily list: the sender hears success either way, and a bot learns nothing.
    if (guarded === "repeat" || guarded === "suspect") return answer.accepted();

    // A mail of its own only within the hour's cap; beyond it the request waits for the job's digest.
    const cap = blobs && new MailCap(blobs, limits.mailsPerHour);
    // A cap that cannot be read lets the mail through: it bounds a flood, and must never cost a visitor their request.
    const slots = cap ? await cap.reserve(receivedAt).catch((error: unknown) => (log(`send-contact-email: mail cap unreadable, mailing anyway: ${messageOf(error)}`), ["unread"])) : ["no store"];
    const mailNow = slots.length > 0;

    // Stored first: from here on the request is safe, whatever the mail server does.
    let requests: RequestStore | null = null;
    const leased = mailNow ? withLease(record, "send-contact-email", receivedAt) : record;
    let held: Held = { record: leased, etag: "" };
    if (blobs) {
      try {
        requests = new RequestStore(blobs);
        held = await requests.add(leased);
      } catch (error) {
        requests = null;
        log(`send-contact-email: could not store request ${record.id}: ${messageOf(error)}`);
      }
    }

    if (!mailNow) {
      if (requests) {
        log(`send-contact-email: request ${record.id} stored for the job: no single mail to be had (the hour's ${limits.mailsPerHour ?? contactLimits.mailsPerHour} are used, or too many requests reached for one at once)`);
        return answer.accepted();
      }
      return answer.refused(502, "email_failed");
    }

    const result = await attemptDelivery(requests, held, { mailer, addresses, deadlineMs: sendDeadlineMs, log, now });
    if (!result.sent && cap) await cap.release(slots).catch(() => undefined);
    if (result.sent || requests) return answer.accepted();
    return answer.refused(502, "email_failed");
  };

  /**
   * The flood guards, in the order that costs least: the count per client
   * address, the duplicate check, then whether the request looks sent by a
   * program. A store that fails here lets the request through: the guards
   * bound a flood, and must never cost a visitor their request.
   */
  async function guard(blobs: Store, record: StoredContactRequest, input: unknown, clientAddress: string | undefined, at: Date): Promise<"over_limit" | "repeat" | "suspect" | "pass"> {
    try {
      if (clientAddress && !(await new AddressLimit(blobs, limits.requestsPerAddressPerHour).allow(clientAddress, at))) {
        log("send-contact-email: over the hour's limit for one address, refused");
        return "over_limit";
      }
      if (await new DuplicateCheck(blobs).isRepeat(record.request, record.id, at)) {
        log("send-contact-email: the same address sent the same message within 10 minutes: one request");
        return "repeat";
      }
      const reasons = suspectReasons({ honeypot: isBotSubmission(input), shownForMs: shownForMsOf(input, shownForField) });
      if (reasons.length > 0) {
        await new RequestStore(blobs).addSuspect({ ...record, suspect: reasons });
        log(`send-contact-email: suspect request ${record.id} (${reasons.join(", ")}) kept for the daily list`);
        return "suspect";
      }
    } catch (error) {
      log(`send-contact-email: flood guards unavailable: ${messageOf(error)}`);
    }
    return "pass";
  }
}

function refusal(code: ErrorCode): ContactResponse {
  return { ok: false, error: messages[code], code };
}
