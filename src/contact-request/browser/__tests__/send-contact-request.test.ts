/**
 * @jest-environment node
 */
import { photoLimits } from "../../shared/contact-photos";
import { contactEndpoint } from "../../shared/contact-fields";
import { sendContactRequest, timeoutFor } from "../send-contact-request";

const request = { name: "Jan", email: "jan@example.nl", phone: "0612345678", website: "" };

const answer = (status: number, body: unknown, contentType = "application/json") =>
  jest.fn<Promise<Response>, Parameters<typeof fetch>>().mockResolvedValue(
    new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "Content-Type": contentType } }),
  );

describe("sendContactRequest", () => {
  it("posts the request as JSON to the function", async () => {
    const fetchMock = answer(200, { ok: true });
    await expect(sendContactRequest(request, { fetchImpl: fetchMock })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(contactEndpoint);
    expect(init).toMatchObject({ method: "POST", headers: { "Content-Type": "application/json" } });
    expect(JSON.parse(String(init?.body))).toEqual(request);
  });

  it("passes on the field errors of a 400", async () => {
    const fetchMock = answer(400, { ok: false, code: "invalid_request", fields: { phone: "Vul uw telefoonnummer in.", bogus: "x" } });
    await expect(sendContactRequest(request, { fetchImpl: fetchMock })).resolves.toEqual({
      ok: false,
      status: 400,
      notConfigured: false,
      fields: { phone: "Vul uw telefoonnummer in." },
    });
  });

  it("recognises the 'not configured' answer", async () => {
    const result = await sendContactRequest(request, { fetchImpl: answer(503, { ok: false, code: "email_not_configured", error: "..." }) });
    expect(result).toEqual({ ok: false, status: 503, notConfigured: true });
  });

  it("treats answers the function did not write as plain failures", async () => {
    await expect(sendContactRequest(request, { fetchImpl: answer(429, "Too Many Requests", "text/plain") })).resolves.toEqual({
      ok: false,
      status: 429,
      notConfigured: false,
    });
    await expect(sendContactRequest(request, { fetchImpl: answer(200, "<html>", "text/html") })).resolves.toMatchObject({ ok: false });
  });

  it("reports no network as status 0 instead of throwing", async () => {
    const offline = jest.fn().mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(sendContactRequest(request, { fetchImpl: offline })).resolves.toEqual({ ok: false, status: 0, notConfigured: false });
  });

  it("posts photos as multipart: the same fields, each photo under `photos` with a name of its own", async () => {
    const fetchMock = answer(200, { ok: true });
    const photos = [new Blob([Uint8Array.from([0xff, 0xd8, 0xff])], { type: "image/jpeg" }), new Blob([Uint8Array.from([0xff, 0xd8, 0xff, 0xdb])], { type: "image/jpeg" })];
    await expect(sendContactRequest({ ...request, shownForMs: "9000" }, { photos, fetchImpl: fetchMock })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(contactEndpoint);
    // The browser writes the Content-Type with the multipart boundary itself.
    expect(init?.headers).toEqual({ Accept: "application/json" });
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...body.entries()].filter(([, value]) => typeof value === "string"))).toEqual({ ...request, shownForMs: "9000" });
    const sent = body.getAll("photos") as File[];
    expect(sent.map((photo) => [photo.name, photo.size, photo.type])).toEqual([
      ["foto-1.jpg", 3, "image/jpeg"],
      ["foto-2.jpg", 4, "image/jpeg"],
    ]);
  });

  it("passes on the function's messages about the photos", async () => {
    const photos = [new Blob([Uint8Array.from([0xff, 0xd8, 0xff])], { type: "image/jpeg" })];
    const refused = answer(400, { ok: false, code: "invalid_photos", error: "x", photos: ["“foto-1.jpg” kon niet worden gelezen.", 7] });
    await expect(sendContactRequest(request, { photos, fetchImpl: refused })).resolves.toEqual({
      ok: false,
      status: 400,
      notConfigured: false,
      photos: ["“foto-1.jpg” kon niet worden gelezen."],
    });
    const tooLarge = answer(413, { ok: false, code: "payload_too_large", error: "De aanvraag is te groot." });
    await expect(sendContactRequest(request, { photos, fetchImpl: tooLarge })).resolves.toEqual({
      ok: false,
      status: 413,
      notConfigured: false,
      photos: ["De aanvraag is te groot."],
    });
  });

  it("passes on the photo messages beside the field errors when the function refuses both", async () => {
    const photos = [new Blob([Uint8Array.from([0xff, 0xd8, 0xff])], { type: "image/jpeg" })];
    // The function names both under code invalid_request (src/contact-request/functions/handler.ts).
    const both = answer(400, {
      ok: false,
      code: "invalid_request",
      fields: { phone: "Vul uw telefoonnummer in." },
      photos: ["“foto-1.jpg” kon niet worden gelezen."],
    });
    await expect(sendContactRequest(request, { photos, fetchImpl: both })).resolves.toEqual({
      ok: false,
      status: 400,
      notConfigured: false,
      fields: { phone: "Vul uw telefoonnummer in." },
      photos: ["“foto-1.jpg” kon niet worden gelezen."],
    });
  });

  it("gives photos their upload time on top of the usual wait", () => {
    expect(timeoutFor(0)).toBe(20_000);
    // Five photos at a slow phone's 400 kbit/s: over a minute more.
    expect(timeoutFor(photoLimits.count * photoLimits.drawnPhotoBytes)).toBeGreaterThan(timeoutFor(0) + 60_000);
  });
});
