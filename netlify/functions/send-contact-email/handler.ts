import type { ContactChoices, FieldErrors } from "../../../src/lib/contact-fields";
import { isBotSubmission, validateContactRequest } from "../../../src/lib/contact-request";
import { apiSecurityHeaders } from "../../../src/lib/security-headers";
import { composeMail, type MailAddresses } from "./mail";
import type { Mailer } from "./mailer";

/** The answers' shape, read by the contact form. */
export type ContactResponse =
  | { ok: true }
  | { ok: false; error: string; code: ErrorCode; fields?: FieldErrors };

export type ErrorCode =
  | "method_not_allowed"
  | "forbidden_origin"
  | "unsupported_media_type"
  | "payload_too_large"
  | "invalid_request"
  | "email_not_configured"
  | "email_failed";

export interface HandlerOptions {
  choices: ContactChoices;
  mailer: Mailer;
  addresses: MailAddresses;
  /** Origins besides the request's own that may post, such as the site's public URL. */
  allowedOrigins: string[];
  /** The function answers by then even if the mail server has not. */
  sendDeadlineMs?: number;
  log?: (line: string) => void;
}

/** The largest request body the function reads. */
const maxBodyBytes = 16 * 1024;

const messages: Record<ErrorCode, string> = {
  method_not_allowed: "Verstuur een aanvraag met POST.",
  forbidden_origin: "Aanvragen worden alleen aangenomen vanaf onze eigen website.",
  unsupported_media_type: "Stuur de aanvraag als JSON (Content-Type: application/json).",
  payload_too_large: `De aanvraag is te groot: hoogstens ${maxBodyBytes / 1024} KB.`,
  invalid_request: "Controleer de gemarkeerde velden.",
  // The form shows its "not configured" toast on this code; the words say the same to anyone reading the answer.
  email_not_configured: "De e-mailservice is niet geconfigureerd. Bel ons of stuur een WhatsApp-bericht.",
  email_failed: "Uw aanvraag kon niet worden verstuurd. Probeer het opnieuw of bel ons direct.",
};

const json = (status: number, body: ContactResponse, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    // Netlify's _headers rules do not reach function answers: the function sets its own.
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...apiSecurityHeaders, ...headers },
  });

const refuse = (status: number, code: ErrorCode, extra: Partial<ContactResponse> = {}, headers?: Record<string, string>) =>
  json(status, { ok: false, error: messages[code], code, ...extra } as ContactResponse, headers);

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

const isJson = (contentType: string | null) => /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType ?? "");

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the mail server within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export function createHandler({ choices, mailer, addresses, allowedOrigins, sendDeadlineMs = 8000, log = console.log }: HandlerOptions) {
  return async function sendContactEmail(request: Request): Promise<Response> {
    if (request.method !== "POST") return refuse(405, "method_not_allowed", {}, { Allow: "POST" });

    const origin = request.headers.get("origin");
    if (origin !== null && origin !== new URL(request.url).origin && !allowedOrigins.includes(origin)) {
      return refuse(403, "forbidden_origin");
    }
    if (!isJson(request.headers.get("content-type"))) return refuse(415, "unsupported_media_type");
    if (Number(request.headers.get("content-length") ?? 0) > maxBodyBytes) return refuse(413, "payload_too_large");

    let input: unknown;
    try {
      input = JSON.parse(await readBody(request));
    } catch (error) {
      if (error instanceof TooLarge) return refuse(413, "payload_too_large");
      return refuse(415, "unsupported_media_type");
    }

    // A bot that filled the hidden field hears success, so it has nothing to learn from.
    if (isBotSubmission(input)) {
      log("send-contact-email: honeypot filled, nothing sent");
      return json(200, { ok: true });
    }

    const validation = validateContactRequest(input, choices);
    if (!validation.ok) {
      return refuse(400, "invalid_request", {
        fields: validation.fieldErrors,
        ...(validation.formError && { error: validation.formError }),
      });
    }

    if (mailer.kind === "unconfigured") {
      log(`send-contact-email: e-mail service not configured (${mailer.reason})`);
      return refuse(503, "email_not_configured");
    }

    try {
      await withDeadline(mailer.send(composeMail(validation.request, addresses)), sendDeadlineMs);
    } catch (error) {
      log(`send-contact-email: sending failed: ${error instanceof Error ? error.message : String(error)}`);
      return refuse(502, "email_failed");
    }
    return json(200, { ok: true });
  };
}
