import { readContactAnswer, type ContactAnswer, type ContactErrorCode } from "../shared/contact-answer";
import { contactEndpoint, type FieldErrors } from "../shared/contact-fields";
import { photoField, photoName } from "../shared/contact-photos";

/**
 * What the form needs to know about an answer; `status` 0 means no answer at
 * all. `photos`: the function's Dutch messages about the photos, shown at the
 * photo field.
 */
export type SendResult = { ok: true; reference?: string; replyBy?: string } | { ok: false; status: number; notConfigured: boolean; fields?: FieldErrors; photos?: string[] };

/** Past this the function has long answered (it gives up on the mail server after 8 s); the network is gone. */
const timeoutMs = 20_000;
/** Photos take their upload time on top: a phone's upload can be as slow as 400 kbit/s. */
const uploadBytesPerSecond = 50_000;

export const timeoutFor = (photoBytes: number) => timeoutMs + Math.ceil((photoBytes / uploadBytesPerSecond) * 1000);

/** The body the function reads: JSON without photos, as ever; multipart with them, the photos in `photos` (docs/contact-requests.md). */
function requestBody(fields: Record<string, string>, photos: readonly Blob[]): { body: BodyInit; headers: Record<string, string> } {
  if (photos.length === 0) return { body: JSON.stringify(fields), headers: { "Content-Type": "application/json", Accept: "application/json" } };
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  // Never the visitor's file name: it can carry a name or a place.
  photos.forEach((photo, index) => data.append(photoField, photo, photoName(index)));
  // The browser writes the multipart Content-Type with its boundary.
  return { body: data, headers: { Accept: "application/json" } };
}

/**
 * The function's messages about refused photos: `photos` whatever the code (a
 * request whose fields are refused too comes back as invalid_request, with both),
 * or a body too large's one `error` when it names none.
 */
function photoRefusals(answer: ContactAnswer): string[] | undefined {
  if (answer.photos.length > 0) return answer.photos;
  return answer.code === ("payload_too_large" satisfies ContactErrorCode) && answer.error !== undefined ? [answer.error] : undefined;
}

interface SendOptions {
  /** The photos to send, each drawn again by the browser (or a visitor's own file where the photo code did not load). */
  photos?: readonly Blob[];
  fetchImpl?: typeof fetch;
}

/**
 * Posts a contact request to the send-contact-email function. Any answer the
 * function did not write (a rate limit, a proxy error, no network) is a failure
 * without field errors, never an exception.
 */
export async function sendContactRequest(fields: Record<string, string>, { photos = [], fetchImpl = fetch }: SendOptions = {}): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetchImpl(contactEndpoint, {
      method: "POST",
      ...requestBody(fields, photos),
      signal: AbortSignal.timeout(timeoutFor(photos.reduce((sum, photo) => sum + photo.size, 0))),
    });
  } catch {
    return { ok: false, status: 0, notConfigured: false };
  }
  const answer = readContactAnswer(await response.json().catch(() => null));
  if (response.ok && answer.ok) return { ok: true, reference: answer.reference, replyBy: answer.replyBy };

  const photoMessages = photoRefusals(answer);
  return {
    ok: false,
    status: response.status,
    notConfigured: answer.code === ("email_not_configured" satisfies ContactErrorCode),
    ...(Object.keys(answer.fields).length > 0 && { fields: answer.fields }),
    ...(photoMessages && { photos: photoMessages }),
  };
}
