/**
 * @jest-environment node
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { getStore } from "@netlify/blobs";
import { createHandler, type HandlerOptions } from "../handler";
import { mailDeadlineMs, runDeliveryJob } from "../job";
import { composeMail } from "../mail";
import { addressesFromContext, contactSetup, previewSecret } from "../contact-setup";
import { addressesPrefix, duplicatesPrefix } from "../store-keys";
import { outboxMailer, smtpMailer, type Mailer } from "../mailer";
import { idOfKey, listKeys, requestStoreName, type RequestStore } from "../request-store";
import { replyDueAt, replyMoment } from "../../shared/reply-clock";
import { startMailSink, type MailSink } from "../../../../scripts/lib/serve/mail-sink";
import { aMinutePastTheHour, virtualClock } from "../../../../scripts/lib/requests/virtual-clock";
import { contactTestServices } from "../../../../scripts/lib/requests/contact-test-setup";
import type { OpenedRequests } from "../../../../scripts/lib/requests/request-stores";
import { validRequest as valid } from "../../shared/__tests__/contact-request-example";
import { contactLimits, newStoredRequest, receivedAtOf, requestReference, type StoredContactRequest } from "../contact-delivery";
import { contentClock, contentEmergencyPhone, contentOpeningHours } from "../../../../scripts/lib/requests/content-clock";

const choices = {
  towns: ["Amsterdam", "Amstelveen", "Diemen", "Zaandam"],
  services: ["Daklekkage", "Dakrenovatie", "Bitumen dak"],
};
const addresses = { to: "info@dakdekker.test", from: '"Dakdekker website" <website@dakdekker.test>' };
const endpoint = "http://localhost:8888/api/send-contact-email";


const phone = { display: "020 123 45 67", e164: "+31201234567" };
const company = { name: "Dakdekker", email: "website@dakdekker.test" };
/** What production needs besides mail: its pages' address and the key their links are signed with. */
const productionLinks = { SITE_URL: "https://www.dakdekker.test", REQUEST_LINK_SECRET: "test-link-secret-of-at-least-32-bytes" };
const stored = (request = valid): StoredContactRequest => newStoredRequest(request, new Date("2026-11-23T18:40:00Z"));

function post(body: unknown, headers: Record<string, string> = {}) {
  return new Request(endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The form's own post, as a browser without JavaScript sends it. */
function formPost(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Referer: "http://localhost:8888/contact", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

const logs: string[] = [];
let local: OpenedRequests;
let requests: RequestStore;
// The posts here come one at a time, so the mail cap's pause, which lets another writer's write land, only lets time pass.
// From a minute past the hour: the address limit's and the mail cap's tests count within one hour.
const clock = virtualClock(aMinutePastTheHour());
const handlerFor = (mailer: Mailer, options: Partial<HandlerOptions> = {}) =>
  createHandler({
    clock: contentClock,
    emergencyPhone: contentEmergencyPhone,
    openingHours: contentOpeningHours,
    choices,
    mailer,
    store: () => local.blobs,
    addresses,
    phone,
    allowedOrigins: ["https://www.dakdekker.test"],
    log: (line) => logs.push(line),
    now: clock.now,
    sleep: clock.sleep,
    ...options,
  });

/** Every stored request, pending and sent, by key. */
async function storedRequests() {
  const keys = await requests.keys();
  return Object.fromEntries(await Promise.all(keys.map(async (key) => [key, await requests.read(key)] as const)));
}

/** A port nothing listens on: the mail server is down. */
async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let sink: MailSink;
let handler: ReturnType<typeof createHandler>;

// The SMTP sink and the real Blobs API over a local Blobs server, as under netlify serve; before each test
// everything (the requests and the flood guards' counts) is deleted, the sink emptied and the logs cleared.
const services = contactTestServices(logs);
beforeAll(() => {
  ({ sink, local } = services);
  requests = local.requests;
});
// A function instance of its own for each test, as the store is emptied for each: an instance counts mails and addresses in memory.
beforeEach(() => {
  handler = handlerFor(smtpMailer(sink.url));
});

describe("send-contact-email delivers a valid request", () => {
  it("answers 200 and sends exactly one mail carrying every field", async () => {
    const response = await handler(post(valid));
    expect(response.status).toBe(200);
    const [id = ""] = (await requests.keys()).map(idOfKey);
    const due = replyDueAt(receivedAtOf(id) ?? new Date(), valid.service, contentClock);
    expect(await response.json()).toEqual({ ok: true, reference: requestReference(id), replyBy: replyMoment(due, clock.now()) });

    const [mail] = await sink.waitForMails(1);
    expect(sink.mails).toHaveLength(1);
    expect(mail.to).toBe("info@dakdekker.test");
    expect(mail.from).toBe('"Dakdekker website" <website@dakdekker.test>');
    expect(mail.replyTo).toBe('"Marieke de Vries" <marieke@example.nl>');
    expect(mail.subject).toBe("Offerteaanvraag: Daklekkage in Amsterdam van Marieke de Vries");
    for (const value of Object.values(valid)) {
      expect(mail.text).toContain(value);
    }
    expect(mail.html).toContain("Prinsengracht 12");
    expect(mail.html).toContain("1015 DV");
  });

  it("gives a repeat the reference and the moment of the request it repeats", async () => {
    const first = (await (await handler(post(valid))).json()) as { reference: string; replyBy: string };
    await clock.sleep(60_000);
    const again = (await (await handler(post(valid))).json()) as { reference: string; replyBy: string };
    expect(again).toEqual(first);
    expect(await requests.keys()).toHaveLength(1);
  });

  it("names a general question and an unknown town in the subject when they are left empty", async () => {
    await handler(post({ name: "Jan", email: "jan@example.nl", phone: "0201234567" }));
    const [mail] = await sink.waitForMails(1);
    expect(mail.subject).toBe("Offerteaanvraag: Algemene vraag in plaats onbekend van Jan");
  });

  it("escapes the visitor's HTML in the HTML part", async () => {
    await handler(post({ ...valid, message: '<script>alert("x")</script> & <b>vet</b>', address: "<img src=x onerror=alert(1)>" }));
    const [mail] = await sink.waitForMails(1);
    expect(mail.html).not.toMatch(/<script|<img|<b>/);
    expect(mail.html).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#60;b&#62;vet&#60;/b&#62;");
    expect(mail.text).toContain('<script>alert("x")</script>');
  });
});

describe("no visitor text becomes a header", () => {
  const invisible = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\ufeff"];

  it("drops bidirectional-override and zero-width characters from every single-line field before the mail", async () => {
    const hidden = invisible.join("");
    const response = await handler(
      post({ ...valid, name: `Jan${hidden} de Vries`, email: `jan${hidden}@example.nl`, city: `Amster${hidden}dam`, address: `Dam ${hidden}1` }),
    );
    expect(response.status).toBe(200);
    const [mail] = await sink.waitForMails(1);
    expect(mail.subject).toBe("Offerteaanvraag: Daklekkage in Amsterdam van Jan de Vries");
    expect(mail.replyTo).toBe('"Jan de Vries" <jan@example.nl>');
    expect(mail.text).toContain("Dam 1");
    for (const character of invisible) expect(`${mail.subject}${mail.replyTo}`).not.toContain(character);
  });

  it("gives Reply-To a display name without <, > or @, so it cannot look like another address", async () => {
    expect((await handler(post({ ...valid, name: "directie@bank.nl <directie@bank.nl>" }))).status).toBe(200);
    const [mail] = await sink.waitForMails(1);
    expect(mail.replyTo).toBe('"directie bank.nl directie bank.nl" <marieke@example.nl>');
  });

  it("keeps them in the message, where emoji need the zero-width joiner", async () => {
    await handler(post({ ...valid, message: "Dak 👨\u200d👩\u200d👧 lekt" }));
    const [mail] = await sink.waitForMails(1);
    expect(mail.text).toContain("Dak 👨\u200d👩\u200d👧 lekt");
  });

  const injected = {
    ...valid,
    name: "Jan\r\nBcc: victim@example.com",
    email: "jan@example.nl\r\nX-Injected: yes",
    service: "Daklekkage\r\nX-Evil: yes",
  };

  it.each(["name", "email", "service"] as const)("refuses CR/LF in %s with 400 and sends nothing", async (field) => {
    const response = await handler(post({ ...valid, [field]: injected[field] }));
    expect(response.status).toBe(400);
    expect((await response.json()).fields[field]).toEqual(expect.any(String));
    expect(sink.mails).toHaveLength(0);
  });

  it("adds no header even when such values reach the mail (defence behind the validation)", async () => {
    const mailer = smtpMailer(sink.url);
    if (mailer.kind === "unconfigured") throw new Error("expected an SMTP mailer");
    await mailer.send(composeMail(stored(), addresses));
    await mailer.send(composeMail(stored(injected), addresses));
    const [clean, attacked] = await sink.waitForMails(2);
    expect(attacked.headerNames).toEqual(clean.headerNames);
    expect(attacked.headerNames).not.toEqual(expect.arrayContaining(["bcc"]));
    expect(attacked.headerNames.filter((name: string) => name.startsWith("x-"))).toEqual([]);
    expect(attacked.subject).not.toMatch(/[\r\n]/);
  });
});

describe("send-contact-email refuses what it cannot take", () => {
  it("answers 400 naming each invalid field in Dutch", async () => {
    const response = await handler(post({ ...valid, email: "geen-adres", phone: "12", city: "Utrecht" }));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ ok: false, code: "invalid_request", error: "Controleer de gemarkeerde velden." });
    expect(body.fields).toEqual({
      email: expect.stringMatching(/geldig e-mailadres/),
      phone: expect.stringMatching(/8 tot 15 cijfers/),
      city: "Kies een plaats uit de lijst.",
    });
    expect(sink.mails).toHaveLength(0);
  });

  it("answers 405 with Allow: POST to other methods", async () => {
    for (const method of ["GET", "PUT", "DELETE", "OPTIONS"]) {
      const response = await handler(new Request(endpoint, { method }));
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    }
  });

  it("answers 415 to a body that is neither JSON nor the form's own post", async () => {
    for (const type of ["text/plain", "multipart/form-data", "application/xml"]) {
      const response = await handler(post("name=Jan", { "Content-Type": type }));
      expect(response.status).toBe(415);
      expect(await response.json()).toMatchObject({ code: "unsupported_media_type", error: expect.stringMatching(/JSON/) });
    }
  });

  it.each([
    ["malformed", "{name: Jan"],
    ["empty", ""],
    ["cut off", '{"name": "Jan", "email": '],
  ])("answers 400 invalid_json to %s JSON and stores nothing", async (_, body) => {
    const response = await handler(post(body));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, code: "invalid_json", error: expect.stringMatching(/geen geldige JSON/) });
    expect(await requests.keys()).toEqual([]);
  });

  it("answers 400 to an e-mail address whose part before the @ is over 64 characters", async () => {
    const response = await handler(post({ ...valid, email: `${"a".repeat(65)}@example.nl` }));
    expect(response.status).toBe(400);
    expect((await response.json()).fields.email).toMatch(/hoogstens 64 tekens/);
    expect((await handler(post({ ...valid, email: `${"a".repeat(64)}@example.nl` }))).status).toBe(200);
  });

  it("answers 413 over 16 KB, whether or not Content-Length says so", async () => {
    const big = { ...valid, message: "a".repeat(17 * 1024) };
    const declared = await handler(post(big, { "Content-Length": String(JSON.stringify(big).length) }));
    expect(declared.status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify(big)));
        controller.close();
      },
    });
    const undeclared = await handler(
      new Request(endpoint, { method: "POST", headers: { "Content-Type": "application/json" }, body: stream, duplex: "half" } as RequestInit),
    );
    expect(undeclared.status).toBe(413);
    expect(sink.mails).toHaveLength(0);
  });

  it("answers 403 when the Origin is another site, and accepts its own and configured origins", async () => {
    expect((await handler(post(valid, { Origin: "https://evil.example" }))).status).toBe(403);
    expect((await handler(post({ ...valid, message: "Eigen site" }, { Origin: "http://localhost:8888" }))).status).toBe(200);
    expect((await handler(post({ ...valid, message: "Ingestelde site" }, { Origin: "https://www.dakdekker.test" }))).status).toBe(200);
    expect(sink.mails).toHaveLength(2);
  });

  it("answers 200 to a filled honeypot, mails nothing, and keeps the request on the suspect list", async () => {
    const response = await handler(post({ ...valid, website: "https://spam.example" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, reference: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/), replyBy: expect.any(String) });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.mails).toHaveLength(0);
    const [[key, record]] = Object.entries(await storedRequests());
    expect(key).toBe(`suspect/${record?.id}`);
    expect(record).toMatchObject({ request: valid, suspect: ["honeypot"] });
  });
});

describe("send-contact-email keeps every request before it mails it", () => {
  it("stores a mailed request as sent, with its time", async () => {
    const before = clock.now().getTime();
    expect((await handler(post(valid))).status).toBe(200);
    const all = Object.values(await storedRequests());
    expect(all).toHaveLength(1);
    const [record] = all;
    expect(Object.keys(await storedRequests())).toEqual([`sent/${record?.id}`]);
    expect(record?.request).toEqual(valid);
    expect(Date.parse(record?.receivedAt ?? "")).toBeGreaterThanOrEqual(before - 1);
    expect(record?.delivery).toEqual({ state: "sent", sentAt: expect.any(String), attempts: [] });
    const [mail] = await sink.waitForMails(1);
    expect(mail.messageId).toBe(`<${record?.id}@dakdekker.test>`);
    expect(mail.text).toContain(`aanvraag ${record?.id}`);
  });

  it("answers 200 when the SMTP server is unreachable, and keeps the request pending with the failed attempt", async () => {
    const response = await handlerFor(smtpMailer(`smtp://127.0.0.1:${await closedPort()}`))(post(valid));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, reference: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/), replyBy: expect.any(String) });
    const [[key, record]] = Object.entries(await storedRequests());
    expect(key).toBe(`pending/${record?.id}`);
    expect(record?.delivery).toEqual({ state: "pending", attempts: [{ at: expect.any(String), error: expect.stringMatching(/ECONNREFUSED|connect/) }] });
    expect(logs.join("\n")).toMatch(/mailing failed/);
  });

  it("answers 200 when the SMTP server refuses the mail, and keeps it pending", async () => {
    const refusing = await startMailSink({ refuse: true });
    try {
      const response = await handlerFor(smtpMailer(refusing.url))(post(valid));
      expect(response.status).toBe(200);
      expect(Object.keys(await storedRequests())[0]).toMatch(/^pending\//);
    } finally {
      await refusing.stop();
    }
  });

  it("answers by its deadline when the mail server never answers, and keeps the request pending", async () => {
    const silent: Mailer = { kind: "smtp", send: () => new Promise(() => {}) };
    const started = Date.now();
    const response = await handlerFor(silent, { sendDeadlineMs: 300 })(post(valid));
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(Object.values(await storedRequests())[0]?.delivery.attempts[0]?.error).toMatch(/within 300 ms/);
  });

  it("keeps the hour's place of a mail the server had not answered by the deadline: it may still go out", async () => {
    const capped = (mailer: Mailer) => handlerFor(mailer, { sendDeadlineMs: 300, limits: { mailsPerHour: 1 } });
    let deliverLate: () => void = () => {};
    const late: Mailer = { kind: "smtp", send: () => new Promise<void>((resolve) => (deliverLate = resolve)) };
    const finishing: Promise<unknown>[] = [];
    expect((await capped(late)(post(valid), { finishLater: (work) => finishing.push(work) })).status).toBe(200);
    // Until the late mail's outcome is known, its sender keeps the request, with the attempt noted.
    const [waiting] = Object.values(await storedRequests());
    expect(waiting?.delivery).toMatchObject({ state: "pending", lease: { owner: "send-contact-email" }, attempts: [{ error: expect.stringMatching(/within 300 ms/) }] });
    deliverLate();
    await Promise.all(finishing);
    expect(await requests.isSent(waiting?.id ?? "")).toBe(true);
    // It went out after all: the hour's one single mail is used, so the next request waits for the digest.
    expect((await capped(smtpMailer(sink.url))(post({ ...valid, message: "Een tweede vraag." }))).status).toBe(200);
    expect(sink.mails).toHaveLength(0);
    expect(Object.keys(await storedRequests()).filter((key) => key.startsWith("pending/"))).toHaveLength(1);
  });

  it("lets go of a request whose late mail failed after all, so the job tries it again", async () => {
    let failLate: (error: Error) => void = () => {};
    const late: Mailer = { kind: "smtp", send: () => new Promise<void>((_, reject) => (failLate = reject)) };
    const finishing: Promise<unknown>[] = [];
    expect((await handlerFor(late, { sendDeadlineMs: 300 })(post(valid), { finishLater: (work) => finishing.push(work) })).status).toBe(200);
    failLate(new Error("451 try again later"));
    await Promise.all(finishing);
    const [record] = Object.values(await storedRequests());
    expect(record?.delivery.state).toBe("pending");
    expect(record?.delivery.lease).toBeUndefined();
    expect(record?.delivery.attempts).toHaveLength(1);
  });

  it("gives the hour's place of a refused mail back to the next request", async () => {
    const refusing = await startMailSink({ refuse: true });
    try {
      const capped = (mailer: Mailer) => handlerFor(mailer, { limits: { mailsPerHour: 1 } });
      expect((await capped(smtpMailer(refusing.url))(post(valid))).status).toBe(200);
      expect((await capped(smtpMailer(sink.url))(post({ ...valid, message: "Een tweede vraag." }))).status).toBe(200);
      await sink.waitForMails(1);
      expect(sink.mails[0]?.text).toContain("Een tweede vraag.");
    } finally {
      await refusing.stop();
    }
  });

  it("still mails when the store fails, and answers 502 only when both fail", async () => {
    const broken = () => {
      throw new Error("no Blobs here");
    };
    expect((await handlerFor(smtpMailer(sink.url), { store: broken })(post(valid))).status).toBe(200);
    await sink.waitForMails(1);
    expect(logs.join("\n")).toMatch(/no store for this request: no Blobs here/);

    const response = await handlerFor(smtpMailer(`smtp://127.0.0.1:${await closedPort()}`), { store: broken })(post(valid));
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ ok: false, code: "email_failed", error: expect.stringMatching(/kon niet worden verstuurd/) });
  });

  it("still mails when every store call fails, guards included", async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const unreachable = getStore({ name: requestStoreName, siteID: "site", token: "token", edgeURL: url, uncachedEdgeURL: url });
    const response = await handlerFor(smtpMailer(sink.url), { store: () => unreachable })(post(valid), { clientAddress: "203.0.113.9" });
    expect(response.status).toBe(200);
    await sink.waitForMails(1);
    expect(logs.join("\n")).toMatch(/mail cap unreadable, mailing within this instance's cap/);
  });

  it("answers 503 'not configured' in production without SMTP_URL, CONTACT_TO or REQUEST_LINK_SECRET, and stores nothing as if it would be mailed", async () => {
    for (const env of [{}, { SMTP_URL: sink.url }, { CONTACT_TO: "info@dakdekker.test" }, { SMTP_URL: sink.url, CONTACT_TO: "info@dakdekker.test", SITE_URL: "https://www.dakdekker.test" }]) {
      const { mailer } = contactSetup("production", env, company);
      const response = await handlerFor(mailer)(post(valid));
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ code: "email_not_configured", error: expect.stringMatching(/niet geconfigureerd/) });
      const page = await handlerFor(mailer)(formPost({ ...valid, website: "" }));
      expect(page.status).toBe(503);
      // The visitor keeps what they typed: the page shows it back.
      expect(await page.text()).toContain("Er lekt water langs de schoorsteen.");
    }
    // Only the count per address, which comes first, whatever comes of the request.
    expect((await listKeys(local.blobs, "")).filter((key) => !key.startsWith(addressesPrefix))).toEqual([]);
    expect(sink.mails).toHaveLength(0);
  });

  it("checks the fields before saying the e-mail service is missing", async () => {
    const response = await handlerFor(contactSetup("production", {}, company).mailer)(post({ ...valid, phone: "" }));
    expect(response.status).toBe(400);
    expect(await requests.keys()).toEqual([]);
  });
});

describe("the form's own post, without JavaScript", () => {
  const fields = { ...valid, website: "" };

  it("takes the same request as JSON, mails it and thanks with the reference, by when, the emergency number and the opening hours", async () => {
    const response = await handler(formPost(fields));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toMatch(/^default-src 'none'.*style-src 'sha256-/);
    const html = await response.text();
    const [id] = (await requests.keys()).map(idOfKey);
    const due = replyDueAt(receivedAtOf(id ?? "") ?? new Date(), fields.service, contentClock);
    expect(html).toContain("<h1>Bedankt, uw aanvraag is ontvangen</h1>");
    expect(html).toContain(`U hoort <strong>${replyMoment(due, clock.now())}</strong> van ons.`);
    expect(html).toContain(`<p class="reference">${requestReference(id ?? "")}</p>`);
    expect(html).toContain(`href="tel:${contentEmergencyPhone.e164}"`);
    for (const { day, hours } of contentOpeningHours) expect(html).toContain(`<dt>${day}</dt><dd>${hours}</dd>`);
    expect(html).not.toContain(fields.email);
    const [mail] = await sink.waitForMails(1);
    expect(mail.text).toContain(`kenmerk ${requestReference(id ?? "")}`);
    expect(mail.subject).toBe("Offerteaanvraag: Daklekkage in Amsterdam van Marieke de Vries");
    expect(mail.text).toContain("Er lekt water langs de schoorsteen.\nGraag snel contact.");
  });

  it("sends a filled honeypot to the thank-you page too, mails nothing, and keeps it on the suspect list", async () => {
    const response = await handler(formPost({ ...fields, website: "https://spam.example" }));
    expect(await response.text()).toContain("<h1>Bedankt, uw aanvraag is ontvangen</h1>");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.mails).toHaveLength(0);
    expect(await requests.keys()).toEqual([expect.stringMatching(/^suspect\//)]);
  });

  it("refuses an invalid post with a Dutch page that names each field, shows what was typed and links back", async () => {
    const response = await handler(formPost({ ...fields, email: "geen-adres", phone: "", name: "<b>Jan</b>" }));
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toMatch(/^default-src 'none'.*style-src 'sha256-/);
    const html = await response.text();
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain("<h1>Controleer uw aanvraag</h1>");
    expect(html).toMatch(/<strong>E-mail:<\/strong> Vul een geldig e-mailadres in/);
    expect(html).toMatch(/<strong>Telefoon:<\/strong> Vul uw telefoonnummer in\./);
    expect(html).not.toMatch(/<strong>Naam:/);
    expect(html).toContain('href="/contact#offerte-formulier"');
    expect(html).toContain("&#60;b&#62;Jan&#60;/b&#62;");
    expect(html).not.toContain("<b>Jan</b>");
    expect(html).toContain("Er lekt water langs de schoorsteen.");
    expect(sink.mails).toHaveLength(0);
  });

  it("links back to the page the form was on, never to another site", async () => {
    const fromTown = await (await handler(formPost({ ...fields, phone: "" }, { Referer: "http://localhost:8888/dakdekker-zaandam" }))).text();
    expect(fromTown).toContain('href="/dakdekker-zaandam#offerte-formulier"');
    const elsewhere = await (await handler(formPost({ ...fields, phone: "" }, { Referer: "https://evil.example/x" }))).text();
    expect(elsewhere).toContain('href="/contact#offerte-formulier"');
  });

  it("refuses another site's post with a page too", async () => {
    const response = await handler(formPost(fields, { Origin: "https://evil.example" }));
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("alleen aangenomen vanaf onze eigen website");
  });
});

describe("a flood stays bounded and loses nothing a person sent", () => {
  const message = (n: number) => ({ ...valid, message: `Bericht nummer ${n}` });

  it("takes the same address with the same message within 10 minutes as one request, and a later one as new", async () => {
    let clock = Date.parse("2026-11-26T10:00:00Z");
    const timed = handlerFor(smtpMailer(sink.url), { now: () => new Date(clock) });
    expect((await timed(post(valid))).status).toBe(200);
    clock += 9 * 60_000;
    const repeat = await timed(post({ ...valid, email: "MARIEKE@example.nl ", name: "Marieke" }));
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toEqual({ ok: true, reference: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/), replyBy: expect.any(String) });
    expect((await timed(post({ ...valid, message: "Een andere vraag" }))).status).toBe(200);
    await sink.waitForMails(2);
    expect(await requests.keys()).toHaveLength(2);
    clock += 2 * 60_000;
    expect((await timed(post(valid))).status).toBe(200);
    await sink.waitForMails(3);
    expect(await requests.keys()).toHaveLength(3);
  });

  it("stores and mails the retry of a request that got 502, and marks nothing as seen for an answer other than 200", async () => {
    // The store takes the guards' calls but refuses the request itself, and the mail server is down: 502, try again.
    const refusingRequests = new Proxy(local.blobs, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        if (property !== "set" && property !== "setJSON") return value.bind(target);
        return (key: string, ...rest: unknown[]) =>
          key.startsWith("pending/") ? Promise.reject(new Error("store unavailable")) : (value as (...parameters: unknown[]) => unknown).apply(target, [key, ...rest]);
      },
    });
    const failing = handlerFor(smtpMailer(`smtp://127.0.0.1:${await closedPort()}`), { store: () => refusingRequests });
    expect((await failing(post(valid))).status).toBe(502);
    expect(await listKeys(local.blobs, duplicatesPrefix)).toEqual([]);
    expect((await handler(post({ ...valid, name: "" }))).status).toBe(400);
    expect(await listKeys(local.blobs, duplicatesPrefix)).toEqual([]);

    const retry = await handler(post(valid));
    expect(retry.status).toBe(200);
    await sink.waitForMails(1);
    expect(await requests.keys()).toEqual([expect.stringMatching(/^sent\//)]);
    expect(await listKeys(local.blobs, duplicatesPrefix)).toHaveLength(1);
    // Now that one is safe, the same again is the repeat.
    expect((await handler(post(valid))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.mails).toHaveLength(1);
    expect(await requests.keys()).toHaveLength(1);
  });

  it("keeps a form sent faster than a person types as suspect, and mails one that took its time or says nothing", async () => {
    expect((await handler(post({ ...message(1), shownForMs: String(contactLimits.minimumFillMs - 1) }))).status).toBe(200);
    expect((await handler(post({ ...message(2), shownForMs: String(contactLimits.minimumFillMs + 4000) }))).status).toBe(200);
    expect((await handler(formPost({ ...message(3), website: "" }))).status).toBe(200);
    await sink.waitForMails(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.mails.map((mail) => mail.text.includes("Bericht nummer 1"))).toEqual([false, false]);
    const suspects = Object.values(await storedRequests()).filter((record) => record?.suspect);
    expect(suspects).toEqual([expect.objectContaining({ suspect: ["too-fast"], request: expect.objectContaining({ message: "Bericht nummer 1" }) })]);
  });

  it(`refuses a request from an address that sent ${contactLimits.requestsPerAddressPerHour} within the hour with 429 in Dutch, keeping what was typed`, async () => {
    for (let n = 0; n < contactLimits.requestsPerAddressPerHour; n += 1) {
      expect((await handler(post(message(n)), { clientAddress: "203.0.113.7" })).status).toBe(200);
    }
    const refused = await handler(post(message(99)), { clientAddress: "203.0.113.7" });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ ok: false, code: "too_many_requests", error: expect.stringMatching(/te veel aanvragen/) });
    const page = await handler(formPost({ ...message(98), website: "" }), { clientAddress: "203.0.113.7" });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("Bericht nummer 98");
    expect((await handler(post(message(97)), { clientAddress: "203.0.113.8" })).status).toBe(200);
    // The count is keyed by a salted hash: the address itself is stored nowhere.
    const keys = await listKeys(local.blobs, "addresses/");
    expect(keys.length).toBe(3);
    for (const key of keys) expect(key).toMatch(/^addresses\/\d{10}\/([0-9a-f]{64}|salt)$/);
    expect(JSON.stringify(await Promise.all(keys.map((key) => local.blobs.get(key))))).not.toContain("203.0.113");
  }, 60_000);

  it(`mails ${contactLimits.mailsPerHour} requests an hour one by one and keeps the rest pending for the job's digest`, async () => {
    for (let n = 0; n < contactLimits.mailsPerHour + 3; n += 1) expect((await handler(post(message(n)), { clientAddress: `198.51.100.${n}` })).status).toBe(200);
    await sink.waitForMails(contactLimits.mailsPerHour);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.mails).toHaveLength(contactLimits.mailsPerHour);
    const pending = Object.entries(await storedRequests()).filter(([key]) => key.startsWith("pending/"));
    expect(pending).toHaveLength(3);
    for (const [, record] of pending) expect(record?.delivery).toEqual({ state: "pending", attempts: [] });
  }, 60_000);
});

describe("a store outage does not open the gates", () => {
  /** A store whose every call fails: the real Blobs API against a port nothing listens on. */
  const unreachableStore = async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const unreachable = getStore({ name: requestStoreName, siteID: "site", token: "token", edgeURL: url, uncachedEdgeURL: url });
    return () => unreachable;
  };
  const broken = () => {
    throw new Error("no Blobs here");
  };
  const message = (n: number) => ({ ...valid, message: `Storing ${n}` });

  it("never mails a filled honeypot or a form sent too fast on its own: 502, and the visitor keeps what was typed", async () => {
    for (const store of [await unreachableStore(), broken]) {
      const outage = handlerFor(smtpMailer(sink.url), { store });
      const bot = await outage(post({ ...valid, website: "https://spam.example" }), { clientAddress: "203.0.113.20" });
      expect(bot.status).toBe(502);
      const fast = await outage(formPost({ ...valid, website: "", shownForMs: String(contactLimits.minimumFillMs - 1) }), { clientAddress: "203.0.113.21" });
      expect(fast.status).toBe(502);
      expect(await fast.text()).toContain(valid.message);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.mails).toHaveLength(0);
    expect(logs.join("\n")).toMatch(/suspect request .* could not be kept, refused/);
  });

  it(`mails at most ${contactLimits.mailsPerHour} requests an hour from one instance, and answers 502 to the next it can neither store nor mail`, async () => {
    const outage = handlerFor(smtpMailer(sink.url), { store: await unreachableStore() });
    for (let n = 0; n < contactLimits.mailsPerHour; n += 1) expect((await outage(post(message(n)), { clientAddress: `198.51.100.${n}` })).status).toBe(200);
    await sink.waitForMails(contactLimits.mailsPerHour);
    expect((await outage(post(message(99)), { clientAddress: "198.51.100.99" })).status).toBe(502);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.mails).toHaveLength(contactLimits.mailsPerHour);
  }, 60_000);

  it(`counts an IPv6 address by its /64 and a request without an address in one shared bucket, with the store down and up`, async () => {
    const limit = contactLimits.requestsPerAddressPerHour;
    for (const store of [await unreachableStore(), () => local.blobs]) {
      // Raised mail cap: this test is about the address limit, not the hour's mails.
      const guarded = handlerFor(smtpMailer(sink.url), { store, limits: { mailsPerHour: 10 * limit } });
      for (let n = 0; n < limit; n += 1) expect((await guarded(post(message(n)), { clientAddress: `2001:db8::${n + 1}` })).status).toBe(200);
      expect((await guarded(post(message(100)), { clientAddress: "2001:db8::ffff" })).status).toBe(429);
      expect((await guarded(post(message(101)), { clientAddress: "2001:db8:0:1::1" })).status).toBe(200);
      for (let n = 0; n < limit; n += 1) expect((await guarded(post(message(200 + n)))).status).toBe(200);
      expect((await guarded(post(message(300)))).status).toBe(429);
      expect((await guarded(post(message(301)), { clientAddress: "" })).status).toBe(429);
    }
    // The store's counts use the same buckets: another instance, which has counted nothing itself, refuses them too.
    const another = handlerFor(smtpMailer(sink.url), { limits: { mailsPerHour: 10 * limit } });
    expect((await another(post(message(400)), { clientAddress: "2001:db8::abcd" })).status).toBe(429);
    expect((await another(post(message(401)))).status).toBe(429);
  }, 120_000);
});

describe("a deploy preview", () => {
  it("keeps its requests in its own store, which production's job never sees, and never mails the real recipient", async () => {
    const previewLines: string[] = [];
    const preview = contactSetup("deploy-preview", { SMTP_URL: sink.url, CONTACT_TO: "info@dakdekker.test" }, company, (line) => previewLines.push(line));
    const previewStore = local.open(preview.storeName);
    const previewHandler = handlerFor(preview.mailer, { store: () => previewStore, addresses: preview.addresses });
    expect((await previewHandler(post({ ...valid, name: "Preview Tester" }))).status).toBe(200);

    const [[key]] = (await previewStore.list({ prefix: "sent/" })).blobs.map((blob) => [blob.key]);
    expect(key).toMatch(/^sent\//);
    expect(await requests.keys()).toEqual([]);
    // Named by id, never by what the visitor typed (mailer.ts, logMailer).
    expect(previewLines.join("\n")).toContain(`request ${key?.slice("sent/".length)}`);
    expect(previewLines.join("\n")).not.toContain("Preview Tester");

    const production = contactSetup("production", { SMTP_URL: sink.url, CONTACT_TO: "info@dakdekker.test", ...productionLinks }, company);
    const report = await runDeliveryJob(local.blobs, { mailer: production.mailer, addresses: production.addresses, runId: "production", deadlineMs: mailDeadlineMs, log: () => {}, settleMs: 10 });
    expect(report).toMatchObject({ waiting: 0, sent: 0, digested: 0 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.mails).toEqual([]);
    for (const found of (await previewStore.list()).blobs) await previewStore.delete(found.key);
  });

  it("mails PREVIEW_CONTACT_TO when set, and nobody else", async () => {
    const preview = contactSetup("branch-deploy", { SMTP_URL: sink.url, PREVIEW_CONTACT_TO: "test@dakdekker.test" }, company);
    const previewStore = local.open(preview.storeName);
    expect((await handlerFor(preview.mailer, { store: () => previewStore, addresses: preview.addresses })(post(valid))).status).toBe(200);
    const [mail] = await sink.waitForMails(1);
    expect(mail.to).toBe("test@dakdekker.test");
    for (const found of (await previewStore.list()).blobs) await previewStore.delete(found.key);
  });
});

describe("what each deploy context does (its context.deploy.context)", () => {
  it("mails the contractor in production only at CONTACT_TO over SMTP_URL, whatever the content's address, linking the pages at SITE_URL", () => {
    const setup = contactSetup("production", { SMTP_URL: "smtp://127.0.0.1:2525", CONTACT_TO: "leads@dakdekker.test", ...productionLinks }, company);
    expect(setup).toMatchObject({
      kind: "production",
      storeName: requestStoreName,
      mailer: { kind: "smtp" },
      addresses: { to: "leads@dakdekker.test", pages: { origin: productionLinks.SITE_URL, secret: productionLinks.REQUEST_LINK_SECRET } },
    });
    expect(contactSetup("production", { SMTP_URL: "smtp://127.0.0.1:2525", ...productionLinks }, company).mailer).toEqual({ kind: "unconfigured", reason: "CONTACT_TO not set" });
    expect(contactSetup("production", { SMTP_URL: "smtp://127.0.0.1:2525", CONTACT_TO: "leads@dakdekker.test", SITE_URL: productionLinks.SITE_URL }, company).mailer).toEqual({
      kind: "unconfigured",
      reason: "REQUEST_LINK_SECRET not set",
    });
    expect(contactSetup("production", {}, company).mailer).toEqual({ kind: "unconfigured", reason: "SMTP_URL, CONTACT_TO, REQUEST_LINK_SECRET and SITE_URL not set" });
  });

  it("refuses in production a REQUEST_LINK_SECRET under 32 bytes as a missing one, with the same 503, and logs why (issue 55, finding 7)", async () => {
    const env = { SMTP_URL: sink.url, CONTACT_TO: "leads@dakdekker.test", SITE_URL: productionLinks.SITE_URL };
    const short = contactSetup("production", { ...env, REQUEST_LINK_SECRET: "x".repeat(31) }, company);
    expect(short.mailer).toEqual({ kind: "unconfigured", reason: "REQUEST_LINK_SECRET is 31 bytes, under the 32 it needs" });
    expect(short).toMatchObject({ pagesRefused: "REQUEST_LINK_SECRET is 31 bytes, under the 32 it needs", addresses: { pages: undefined } });
    expect(contactSetup("production", env, company).pagesRefused).toBe("REQUEST_LINK_SECRET not set");
    // Bytes, not characters: 16 two-byte letters are 32 bytes.
    expect(contactSetup("production", { ...env, REQUEST_LINK_SECRET: "é".repeat(16) }, company).mailer.kind).toBe("smtp");
    const refused = await handlerFor(short.mailer)(post(valid));
    const missing = await handlerFor(contactSetup("production", env, company).mailer)(post(valid));
    expect([refused.status, missing.status]).toEqual([503, 503]);
    expect(await refused.json()).toEqual(await missing.json());
    expect(logs.join("\n")).toMatch(/e-mail service not configured \(REQUEST_LINK_SECRET is 31 bytes, under the 32 it needs\); nothing stored/);
    expect(sink.mails).toHaveLength(0);
  });

  it("takes the site's address from the function's context where SITE_URL is not set, and a preview's from its deploy", () => {
    const context = { site: { url: "https://dakdekker.netlify.app", name: "dakdekker" }, deploy: { id: "abc123" } };
    expect(addressesFromContext({}, context)).toEqual({ SITE_URL: "https://dakdekker.netlify.app", DEPLOY_URL: "https://abc123--dakdekker.netlify.app" });
    expect(addressesFromContext({ SITE_URL: productionLinks.SITE_URL }, context).SITE_URL).toBe(productionLinks.SITE_URL);
    const env = addressesFromContext({ SMTP_URL: "smtp://127.0.0.1:2525", CONTACT_TO: "leads@dakdekker.test", REQUEST_LINK_SECRET: productionLinks.REQUEST_LINK_SECRET }, context);
    expect(contactSetup("production", env, company).addresses.pages).toEqual({ origin: "https://dakdekker.netlify.app", secret: productionLinks.REQUEST_LINK_SECRET });
    // A preview signs with a secret of its own, derived from the same variable: its links never open production's pages.
    const preview = contactSetup("deploy-preview", env, company).addresses.pages;
    expect(preview).toEqual({ origin: "https://abc123--dakdekker.netlify.app", secret: previewSecret(productionLinks.REQUEST_LINK_SECRET, "deploy-preview") });
    expect(preview?.secret).not.toBe(productionLinks.REQUEST_LINK_SECRET);
    expect(contactSetup("branch-deploy", env, company).addresses.pages?.secret).not.toBe(preview?.secret);
    expect(contactSetup("deploy-preview", { ...env, REQUEST_LINK_SECRET: undefined }, company).addresses.pages).toBeUndefined();
  });

  it("writes to the outbox under netlify serve, whichever context it reports, into the store npm run requests reads", () => {
    for (const [context, env] of [["dev", {}], ["production", { NETLIFY_LOCAL: "true" }]] as const) {
      expect(contactSetup(context, env, company)).toMatchObject({ kind: "local", storeName: requestStoreName, mailer: { kind: "outbox" }, addresses: { to: company.email } });
    }
  });

  it("keeps a preview's requests in a store of its own and mails only PREVIEW_CONTACT_TO, or the log", () => {
    for (const context of ["deploy-preview", "branch-deploy", undefined]) {
      const setup = contactSetup(context, { SMTP_URL: "smtp://127.0.0.1:2525", CONTACT_TO: "leads@dakdekker.test" }, company);
      expect(setup.storeName).not.toBe(requestStoreName);
      expect(setup.mailer.kind).toBe("log");
      expect(setup.addresses.to).not.toBe("leads@dakdekker.test");
    }
    const withPreviewBox = contactSetup("deploy-preview", { SMTP_URL: "smtp://127.0.0.1:2525", PREVIEW_CONTACT_TO: "test@dakdekker.test" }, company);
    expect(withPreviewBox).toMatchObject({ storeName: `${requestStoreName}-deploy-preview`, mailer: { kind: "smtp" }, addresses: { to: "test@dakdekker.test" } });
  });

  it("writes each outbox mail as an .eml file and logs where", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    const lines: string[] = [];
    const response = await handlerFor(outboxMailer(directory, (line) => lines.push(line)))(post(valid));
    expect(response.status).toBe(200);
    const files = fs.readdirSync(directory);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(directory, files[0]), "utf8");
    expect(eml).toContain("Subject: Offerteaanvraag: Daklekkage in Amsterdam van Marieke de Vries");
    expect(lines.join("\n")).toContain(path.join(directory, files[0]));
    fs.rmSync(directory, { recursive: true });
  });
});
