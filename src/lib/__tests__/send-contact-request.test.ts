/**
 * @jest-environment node
 */
import { contactEndpoint, sendContactRequest } from "../send-contact-request";

const request = { name: "Jan", email: "jan@example.nl", phone: "0612345678", website: "" };

const answer = (status: number, body: unknown, contentType = "application/json") =>
  jest.fn<Promise<Response>, Parameters<typeof fetch>>().mockResolvedValue(
    new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "Content-Type": contentType } }),
  );

describe("sendContactRequest", () => {
  it("posts the request as JSON to the function", async () => {
    const fetchMock = answer(200, { ok: true });
    await expect(sendContactRequest(request, fetchMock)).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(contactEndpoint);
    expect(init).toMatchObject({ method: "POST", headers: { "Content-Type": "application/json" } });
    expect(JSON.parse(String(init?.body))).toEqual(request);
  });

  it("passes on the field errors of a 400", async () => {
    const fetchMock = answer(400, { ok: false, code: "invalid_request", fields: { phone: "Vul uw telefoonnummer in.", bogus: "x" } });
    await expect(sendContactRequest(request, fetchMock)).resolves.toEqual({
      ok: false,
      status: 400,
      notConfigured: false,
      fields: { phone: "Vul uw telefoonnummer in." },
    });
  });

  it("recognises the 'not configured' answer", async () => {
    const result = await sendContactRequest(request, answer(503, { ok: false, code: "email_not_configured", error: "..." }));
    expect(result).toEqual({ ok: false, status: 503, notConfigured: true });
  });

  it("treats answers the function did not write as plain failures", async () => {
    await expect(sendContactRequest(request, answer(429, "Too Many Requests", "text/plain"))).resolves.toEqual({
      ok: false,
      status: 429,
      notConfigured: false,
    });
    await expect(sendContactRequest(request, answer(200, "<html>", "text/html"))).resolves.toMatchObject({ ok: false });
  });

  it("reports no network as status 0 instead of throwing", async () => {
    const offline = jest.fn().mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(sendContactRequest(request, offline)).resolves.toEqual({ ok: false, status: 0, notConfigured: false });
  });
});
