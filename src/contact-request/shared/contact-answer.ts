/**
 * The send-contact-email function's answer: the function writes it, the form
 * reads it with readContactAnswer. One type for both sides.
 */
import { isContactField, type FieldErrors } from "./contact-fields";

export type ContactErrorCode =
  | "method_not_allowed"
  | "forbidden_origin"
  | "unsupported_media_type"
  | "payload_too_large"
  | "invalid_json"
  | "invalid_form"
  | "invalid_request"
  | "invalid_photos"
  | "too_many_requests"
  | "email_not_configured"
  | "email_failed";

export type ContactResponse =
  /** `reference` is the request's short reference, `replyBy` when the visitor hears back ("vandaag vóór 15:30"). */
  | { ok: true; reference: string; replyBy: string }
  | { ok: false; error: string; code: ContactErrorCode; fields?: FieldErrors; photos?: string[] };

/**
 * What the form can use of an answer: the function's own parts that came
 * well-formed; an answer someone else wrote (a proxy, the platform's rate
 * limit) has none of them. `code` is any text: the form compares it with the
 * codes it acts on, and a list of all of them would only add to its script.
 */
export interface ContactAnswer {
  ok: boolean;
  reference?: string;
  replyBy?: string;
  code?: string;
  error?: string;
  fields: FieldErrors;
  photos: string[];
}

/** Reads a parsed answer body, keeping only the parts of ContactResponse it carries well-formed. */
export function readContactAnswer(body: unknown): ContactAnswer {
  const answer: Partial<Record<keyof Extract<ContactResponse, { ok: false }> | keyof Extract<ContactResponse, { ok: true }>, unknown>> = typeof body === "object" && body !== null ? body : {};
  const fields: FieldErrors = {};
  if (typeof answer.fields === "object" && answer.fields !== null) {
    for (const [field, message] of Object.entries(answer.fields)) {
      if (isContactField(field) && typeof message === "string") fields[field] = message;
    }
  }
  return {
    ok: answer.ok === true,
    ...(typeof answer.reference === "string" && { reference: answer.reference }),
    ...(typeof answer.replyBy === "string" && { replyBy: answer.replyBy }),
    ...(typeof answer.code === "string" && { code: answer.code }),
    ...(typeof answer.error === "string" && { error: answer.error }),
    fields,
    photos: Array.isArray(answer.photos) ? answer.photos.filter((message): message is string => typeof message === "string") : [],
  };
}
