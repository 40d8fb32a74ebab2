import { readContactAnswer, type ContactErrorCode, type ContactResponse } from "../contact-answer";

/** Every code, as the type has them: a code added there and not here fails the typecheck. */
const allCodes: Record<ContactErrorCode, true> = {
  method_not_allowed: true,
  forbidden_origin: true,
  unsupported_media_type: true,
  payload_too_large: true,
  invalid_json: true,
  invalid_form: true,
  invalid_request: true,
  invalid_photos: true,
  too_many_requests: true,
  email_not_configured: true,
  email_failed: true,
};
const contactErrorCodes = Object.keys(allCodes) as ContactErrorCode[];

describe("readContactAnswer", () => {
  it("reads every answer the function writes as it was written", () => {
    const written: ContactResponse[] = [
      { ok: true, reference: "96B2-6A4F", replyBy: "vandaag vóór 15:30" },
      ...contactErrorCodes.map((code): ContactResponse => ({ ok: false, code, error: `Bericht bij ${code}.` })),
      { ok: false, code: "invalid_request", error: "Controleer de gemarkeerde velden.", fields: { phone: "Vul uw telefoonnummer in." }, photos: ["“foto-1.jpg” kon niet worden gelezen."] },
    ];
    for (const answer of written) {
      expect(readContactAnswer(JSON.parse(JSON.stringify(answer)))).toEqual({ fields: {}, photos: [], ...answer });
    }
  });

  it("keeps nothing of an answer someone else wrote, and only the well-formed parts of a damaged one", () => {
    for (const body of [null, "Too Many Requests", 429, [], { ok: "true" }]) {
      expect(readContactAnswer(body)).toEqual({ ok: false, fields: {}, photos: [] });
    }
    expect(readContactAnswer({ ok: false, code: 7, error: 7, fields: { phone: "Vul uw telefoonnummer in.", bogus: "x", name: 3 }, photos: ["te groot", 7] })).toEqual({
      ok: false,
      fields: { phone: "Vul uw telefoonnummer in." },
      photos: ["te groot"],
    });
  });
});
