import { isContactField, type FieldErrors } from "./contact-fields";

export const contactEndpoint = "/api/send-contact-email";

/** What the form needs to know about an answer; `status` 0 means no answer at all. */
export type SendResult = { ok: true } | { ok: false; status: number; notConfigured: boolean; fields?: FieldErrors };

/** Past this the function has long answered (it gives up on the mail server after 8 s); the network is gone. */
const timeoutMs = 20_000;

/**
 * Posts a contact request to the send-contact-email function. Any answer the
 * function did not write (a rate limit, a proxy error, no network) is a failure
 * without field errors, never an exception.
 */
export async function sendContactRequest(body: Record<string, string>, fetchImpl: typeof fetch = fetch): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetchImpl(contactEndpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { ok: false, status: 0, notConfigured: false };
  }
  const answer: unknown = await response.json().catch(() => null);
  const record = typeof answer === "object" && answer !== null ? (answer as Record<string, unknown>) : {};
  if (response.ok && record.ok === true) return { ok: true };

  const fields: FieldErrors = {};
  if (typeof record.fields === "object" && record.fields !== null) {
    for (const [field, message] of Object.entries(record.fields)) {
      if (isContactField(field) && typeof message === "string") fields[field] = message;
    }
  }
  return {
    ok: false,
    status: response.status,
    notConfigured: record.code === "email_not_configured",
    ...(Object.keys(fields).length > 0 && { fields }),
  };
}
