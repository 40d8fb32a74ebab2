/**
 * @jest-environment node
 */
import { randomBytes } from "node:crypto";
import vm from "node:vm";
import sharp from "sharp";
import { createRequestPageHandler, internationalDigits, requestPageHeaders, requestPhotoHeaders, timeAgo } from "../request-page";
import { requestTitle } from "../mail";
import { contentClock } from "../../../../scripts/lib/requests/content-clock";
import type { Store } from "@netlify/blobs";
import { confirmationMailsPerDay, deviceIdOf, endpointPolicy, localPushKeys, maxDevices, RequestAlerts, type KeptDevice } from "../push";
import { smtpMailer } from "../mailer";
import type { SunkMail } from "../../../../scripts/lib/serve/mail-sink";
import { deviceKeys, startPushService, type PushService } from "../../../../scripts/lib/push/push-service";
import { requestLinkPath, requestPageUrl, requestPagesPath } from "../request-link";
import { handlingKey, RequestStore } from "../request-store";
import { newStoredRequest, type StoredContactRequest } from "../contact-delivery";
import { contactFieldLabels } from "../../shared/contact-fields";
import { photoName } from "../../shared/contact-photos";
import { validRequest } from "../../shared/__tests__/contact-request-example";
import { contactTestServices } from "../../../../scripts/lib/requests/contact-test-setup";
import { slowed } from "../../../../scripts/lib/requests/slow-store";
import { virtualClock } from "../../../../scripts/lib/requests/virtual-clock";
import { replyDueAt, replyMoment } from "../../shared/reply-clock";

const logs: string[] = [];
const services = contactTestServices(logs);
const pages = { origin: "https://www.dakdekker.test", secret: "test-link-secret-of-at-least-32-bytes" };
const receivedAt = new Date("2026-11-27T15:55:00Z");
let clock = new Date("2026-11-27T16:07:00Z");
/** The clock as the build writes it from content: the page's deadlines follow an edit there. */
const replyClock = contentClock;
/** Alerts as npm start has them: its own keys, and pushes to this machine allowed (web-push-testing). */
const pushKeys = localPushKeys("request-page test", "mailto:info@dakdekker.test");
const alerts = new RequestAlerts({ keys: pushKeys, endpointAllowed: endpointPolicy(true), secret: pages.secret });
const addresses = { to: "info@dakdekker.test", from: '"Dakdekker website" <website@dakdekker.test>', pages };
const handler = (store: () => Store = () => services.local.blobs) =>
  createRequestPageHandler({
    store,
    secret: pages.secret,
    clock: replyClock,
    alerts,
    mail: { mailer: smtpMailer(services.sink.url), addresses },
    siteName: "Dakdekker Test",
    now: () => clock,
    warn: (line) => logs.push(line),
  });

let photo: Buffer;
beforeAll(async () => {
  photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#a0522d" } }).jpeg().toBuffer();
});
beforeEach(() => {
  clock = new Date("2026-11-27T16:07:00Z");
});

/** A request as the form function leaves it once mailed, with `count` photos. */
async function storeSent(count = 3, request = validRequest): Promise<StoredContactRequest> {
  const record = { ...newStoredRequest(request, receivedAt), photos: Array.from({ length: count }, (_, n) => ({ name: photoName(n), bytes: photo.length, width: 40, height: 30 })) };
  const requests = new RequestStore(services.local.blobs);
  const held = await requests.add(record, record.photos.map(({ name }) => ({ name, content: photo })));
  await requests.markSent(held, receivedAt);
  return record;
}

const linkOf = (record: StoredContactRequest) => new URL(requestPageUrl(record, pages)).pathname;
const get = (path: string) => handler()(new Request(`${pages.origin}${path}`));
const mark = (path: string, body: string, type = "application/x-www-form-urlencoded") =>
  handler()(new Request(`${pages.origin}${path}`, { method: "POST", body, headers: { "Content-Type": type } }));
const handling = async (record: StoredContactRequest) => services.local.blobs.get(handlingKey(record.id), { type: "json" });

describe("a request's page", () => {
  it("shows every field, the photos, when it came and how long ago, and ways to answer, with its private headers", async () => {
    const record = await storeSent(3);
    const response = await get(linkOf(record));
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject(Object.fromEntries(Object.entries(requestPageHeaders).map(([name, value]) => [name.toLowerCase(), value])));
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("content-security-policy")).toMatch(/^default-src 'none'; img-src 'self'; style-src 'sha256-[^']+'; script-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'$/);
    const html = await response.text();
    for (const label of Object.values(contactFieldLabels)) expect(html).toContain(label);
    expect(html).toContain("Er lekt water langs de schoorsteen.\nGraag snel contact.");
    expect(html).toContain("vrijdag 27 november om 16:55");
    expect(html).toContain("12 minuten geleden");
    expect(html).toContain('href="tel:+31612345678"');
    expect(html).toContain('href="https://wa.me/31612345678"');
    expect(html).toContain('href="mailto:marieke@example.nl?subject=');
    // An emergency (a leak) runs at every hour: due within minutes of its arrival, so at 16:07 it is late.
    const due = replyDueAt(receivedAt, validRequest.service, replyClock);
    expect(due.getTime()).toBe(receivedAt.getTime() + replyClock.targets.emergencyMinutes * 60_000);
    expect(html).toContain(clock >= due ? "Over tijd" : "Nog niet beantwoord");
    for (let n = 0; n < 3; n += 1) expect(html).toContain(`<img src="${linkOf(record)}/${photoName(n)}" width="40" height="30"`);
    // Nothing from another host: no address but WhatsApp's link, and the one script the site's own.
    expect(html).not.toMatch(/https?:\/\/(?!wa\.me)[^"]*"/);
    expect(html.match(/<script[^>]*>/g)).toEqual([`<script src="${requestPagesPath}/meldingen.js" defer>`]);
  });

  it("serves its photos whole, with the same private headers, and only those it names", async () => {
    const record = await storeSent(2);
    const response = await get(`${linkOf(record)}/${photoName(1)}`);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(photo)).toBe(true);
    for (const [name, value] of Object.entries(requestPhotoHeaders)) expect(response.headers.get(name)).toBe(value);
    for (const other of [photoName(2), "foto-1.png", "..%2Fsent"]) expect((await get(`${linkOf(record)}/${other}`)).status).toBe(404);
  });

  it("notes when it was first opened, once, and not when a link checker only asks for its headers", async () => {
    const record = await storeSent(0);
    expect((await handler()(new Request(`${pages.origin}${linkOf(record)}`, { method: "HEAD" }))).status).toBe(200);
    expect(await handling(record)).toBeNull();
    await get(linkOf(record));
    expect(await handling(record)).toEqual({ firstViewedAt: clock.toISOString() });
    const first = clock.toISOString();
    clock = new Date(clock.getTime() + 3600_000);
    await get(linkOf(record));
    expect(await handling(record)).toEqual({ firstViewedAt: first });
  });

  it("takes a mark from a plain form post: the first sets answeredAt, a later one only changes the mark", async () => {
    const record = await storeSent(0);
    const answered = await mark(linkOf(record), "mark=answered");
    expect(answered.status).toBe(303);
    expect(answered.headers.get("location")).toBe(linkOf(record));
    const at = clock.toISOString();
    expect(await handling(record)).toEqual({ firstViewedAt: at, answeredAt: at, mark: "answered" });
    expect(await (await get(linkOf(record))).text()).toContain("Afgehandeld vrijdag 27 november om 17:07");

    clock = new Date(clock.getTime() + 60_000);
    expect((await mark(linkOf(record), "mark=no-job")).status).toBe(303);
    expect(await handling(record)).toEqual({ firstViewedAt: at, answeredAt: at, mark: "no-job" });
    expect(await (await get(linkOf(record))).text()).toMatch(/<button[^>]*value="no-job" aria-pressed="true">Geen opdracht<\/button>/);
  });

  it("refuses a mark it does not know, or a post that is not the page's form, and notes nothing", async () => {
    const record = await storeSent(0);
    for (const [body, type] of [["mark=gelezen", undefined], ["mark=answered", "application/json"], [`mark=answered&x=${"a".repeat(300)}`, undefined]] as const) {
      const response = await mark(linkOf(record), body, type);
      expect(response.status).toBe(400);
      expect(await response.text()).toBe("Kies Beantwoord, Geen opdracht of Spam.");
    }
    expect((await mark(`${linkOf(record)}/${photoName(0)}`, "mark=answered")).status).toBe(405);
    expect(await handling(record)).toBeNull();
  });

  it("keeps a mark and a first view that land at the same moment, both, on a store slowed 50 ms a call", async () => {
    const record = await storeSent(0);
    const slow = slowed(services.local.blobs, 50, virtualClock());
    const page = createRequestPageHandler({ store: () => slow, secret: pages.secret, clock: replyClock, alerts, siteName: "Dakdekker Test", now: () => clock });
    const url = `${pages.origin}${linkOf(record)}`;
    await Promise.all([
      page(new Request(url)),
      page(new Request(url, { method: "POST", body: "mark=answered", headers: { "Content-Type": "application/x-www-form-urlencoded" } })),
    ]);
    expect(await handling(record)).toMatchObject({ firstViewedAt: clock.toISOString(), answeredAt: clock.toISOString(), mark: "answered" });
  });

  it("shows what the visitor typed as text: markup in any field never runs", async () => {
    const hostile = { ...validRequest, name: '<script>alert(1)</script>', city: '"><img src=x onerror=alert(1)>', message: "</p><script>alert(2)</script>" };
    const record = await storeSent(1, hostile);
    const html = await (await get(linkOf(record))).text();
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&#60;script&#62;alert(1)&#60;/script&#62;");
  });
});

describe("posts from elsewhere, and a store that fails (issue 55, finding 7)", () => {
  const post = (path: string, headers: Record<string, string>, body = "mark=answered", type = "application/x-www-form-urlencoded", store?: () => Store) =>
    handler(store)(new Request(`${pages.origin}${path}`, { method: "POST", body, headers: { "Content-Type": type, ...headers } }));

  it("refuses a mark posted from another site, by Origin or Sec-Fetch-Site, with a Dutch 403, and notes nothing", async () => {
    const record = await storeSent(0);
    const fromElsewhere: Record<string, string>[] = [
      { Origin: "https://elders.example" },
      { Origin: "https://www.dakdekker.test.elders.example" },
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { "Sec-Fetch-Site": "same-origin", Origin: "https://elders.example" },
      { Origin: "null" },
    ];
    for (const headers of fromElsewhere) {
      const response = await post(linkOf(record), headers);
      expect([JSON.stringify(headers), response.status]).toEqual([JSON.stringify(headers), 403]);
      expect(await response.text()).toContain("niet vanaf een andere website");
      expect(response.headers.get("content-security-policy")).toBe(requestPageHeaders["Content-Security-Policy"]);
    }
    expect(await handling(record)).toBeNull();
  });

  it("takes a mark from the page itself: same-origin, with the Origin: null its no-referrer policy makes a browser send, or this site's origin", async () => {
    const record = await storeSent(0);
    const fromThePage: Record<string, string>[] = [{ "Sec-Fetch-Site": "same-origin", Origin: "null" }, { "Sec-Fetch-Site": "same-origin", Origin: pages.origin }, { Origin: pages.origin }, { "Sec-Fetch-Site": "none" }];
    for (const headers of fromThePage) {
      expect((await post(linkOf(record), headers)).status).toBe(303);
    }
    expect(await handling(record)).toMatchObject({ mark: "answered" });
  });

  it("refuses the device calls and the confirm and stop buttons from another site", async () => {
    const record = await storeSent(0);
    const refused = await post(`${linkOf(record)}/meldingen`, { "Sec-Fetch-Site": "cross-site" }, JSON.stringify({ action: "subscribe", subscription: { endpoint: "https://fcm.googleapis.com/fcm/send/x", keys: deviceKeys() } }), "application/json");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "Dit kan alleen vanaf de pagina zelf." });
    const devices = alerts.devices(services.local.blobs);
    const asked = await devices.request({ endpoint: "https://fcm.googleapis.com/fcm/send/y", keys: deviceKeys() }, "Chrome op Android", "ABC-123", clock);
    if (asked.state !== "new") throw new Error(asked.state);
    expect((await post(devices.confirmPath(asked.device), { Origin: "https://elders.example" }, "")).status).toBe(403);
    expect(await devices.confirmed()).toEqual([]);
    await devices.confirm(asked.device, clock);
    const [listed] = await devices.listed();
    expect((await post(listed?.stopPath ?? "", { "Sec-Fetch-Site": "cross-site" }, "")).status).toBe(403);
    expect(await devices.confirmed()).toHaveLength(1);
    expect(services.sink.mails).toEqual([]);
  });

  it("answers a Dutch 503 page when the store fails, for the page, a photo, a mark, the confirm and stop links, and 503 JSON to the script's calls", async () => {
    const record = await storeSent(1);
    const devices = alerts.devices(services.local.blobs);
    const asked = await devices.request({ endpoint: "https://fcm.googleapis.com/fcm/send/z", keys: deviceKeys() }, "Chrome op Android", "ABC-123", clock);
    if (asked.state !== "new") throw new Error(asked.state);
    const confirmPath = devices.confirmPath(asked.device);
    await devices.confirm(asked.device, clock);
    const [listed] = await devices.listed();
    // Every call of the store fails, as when Blobs does not answer.
    const failing = new Proxy(services.local.blobs, {
      get: (target, property) => (typeof Reflect.get(target, property) === "function" ? () => Promise.reject(new Error("Blobs is down")) : Reflect.get(target, property)),
    });
    const down = () => failing;
    const pagesAsked = [
      await handler(down)(new Request(`${pages.origin}${linkOf(record)}`)),
      await handler(down)(new Request(`${pages.origin}${linkOf(record)}/${photoName(0)}`)),
      await post(linkOf(record), {}, "mark=answered", undefined, down),
      await handler(down)(new Request(`${pages.origin}${confirmPath}`)),
      await post(confirmPath, {}, "", undefined, down),
      await post(listed?.stopPath ?? "", {}, "", undefined, down),
    ];
    for (const response of pagesAsked) {
      expect(response.status).toBe(503);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await response.text()).toContain("De opslag van de website antwoordt op dit moment niet");
    }
    for (const action of ["status", "subscribe", "test", "unsubscribe"]) {
      const response = await post(`${linkOf(record)}/meldingen`, {}, JSON.stringify({ action, subscription: { endpoint: "https://fcm.googleapis.com/fcm/send/z", keys: deviceKeys() } }), "application/json", down);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: expect.stringMatching(/^De website kon dit nu niet bewaren of lezen/) });
    }
    expect(logs.join("\n")).toMatch(/request-page: the store failed: Blobs is down/);
  });

  it("answers 503 and logs why where production has no usable secret, as the form does", async () => {
    const record = await storeSent(0);
    const refusing = createRequestPageHandler({ store: () => services.local.blobs, secret: null, pagesRefused: "REQUEST_LINK_SECRET is 3 bytes, under the 32 it needs", clock: replyClock, alerts: null, siteName: "Dakdekker Test", warn: (line) => logs.push(line) });
    const response = await refusing(new Request(`${pages.origin}${linkOf(record)}`));
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("niet goed ingesteld");
    expect(logs).toContain("request-page: no request pages in production: REQUEST_LINK_SECRET is 3 bytes, under the 32 it needs");
  });
});

describe("the deadline on the page", () => {
  it("says by when to answer, and once it has passed, that the answer is late", async () => {
    const record = await storeSent(0, { ...validRequest, service: "Dakisolatie" });
    const due = replyDueAt(receivedAt, "Dakisolatie", replyClock);
    clock = new Date(due.getTime() - 60_000);
    const before = await (await get(linkOf(record))).text();
    expect(before).toContain(`Nog niet beantwoord</span> Beantwoorden ${replyMoment(due, clock)}.`);
    clock = due;
    expect(await (await get(linkOf(record))).text()).toContain(`Over tijd</span> Het antwoord was beloofd ${replyMoment(due, clock)}.`);
    await mark(linkOf(record), "mark=answered");
    expect(await (await get(linkOf(record))).text()).not.toContain("Over tijd");
  });
});

describe("a link that grants nothing", () => {
  it("gets the one not-found page: altered, expired, for another id, or for a request the sweep deleted", async () => {
    const record = await storeSent(1);
    const link = linkOf(record);
    const notFound = await (await get("/aanvraag/onzin")).text();
    const other = newStoredRequest(validRequest, new Date("2026-11-27T15:56:00Z"));
    const expired = requestLinkPath(record.id, new Date(clock.getTime() - 1000), pages.secret);
    for (const path of [`${link.slice(0, -1)}${link.endsWith("A") ? "B" : "A"}`, expired, linkOf(other), `${link}/${photoName(0)}x`]) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(notFound);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
    await services.local.blobs.delete(`sent/${record.id}`);
    const swept = await get(link);
    expect(swept.status).toBe(404);
    expect(await swept.text()).toBe(notFound);
    expect(notFound).toContain("Aanvraag niet gevonden");
  });

  it("gets no 200 for 1,000 random signatures", async () => {
    const record = await storeSent(0);
    const [, , , id, expiry] = linkOf(record).split("/");
    const statuses = new Set<number>();
    for (let n = 0; n < 1000; n += 1) statuses.add((await get(`${requestPagesPath}/${id}/${expiry}/${randomBytes(32).toString("base64url")}`)).status);
    expect([...statuses]).toEqual([404]);
  });

  it("opens nothing where the deploy has no secret", async () => {
    const record = await storeSent(0);
    const response = await createRequestPageHandler({ store: () => services.local.blobs, secret: null, clock: replyClock, alerts, siteName: "Dakdekker Test" })(new Request(`${pages.origin}${linkOf(record)}`));
    expect(response.status).toBe(404);
  });
});

describe("the page's words", () => {
  it("head the page with what the request is about, whichever of service and town it names", () => {
    const titled = (service: string, city: string) => requestTitle({ ...validRequest, service, city });
    expect([titled("Daklekkage", "Zaandam"), titled("Dakisolatie", ""), titled("", "Diemen"), titled("", "")]).toEqual([
      "Daklekkage in Zaandam",
      "Dakisolatie",
      "Vraag uit Diemen",
      `Vraag van ${validRequest.name}`,
    ]);
  });

  it("say how long ago as a person does", () => {
    const now = new Date("2026-11-27T16:00:00Z");
    const ago = (ms: number) => timeAgo(new Date(now.getTime() - ms).toISOString(), now);
    expect([ago(20_000), ago(12 * 60_000), ago(3 * 3600_000), ago(30 * 3600_000), ago(3 * 86_400_000)]).toEqual(["zojuist", "12 minuten geleden", "3 uur geleden", "gisteren", "3 dagen geleden"]);
  });

  it("turn a phone number as visitors type it into one tel: and WhatsApp take", () => {
    expect(["06 12 34 56 78", "+31 6 12345678", "0031 (0)6-12345678".replace("(0)", ""), "020 - 123 45 67", "+32 470 12 34 56", "12345"].map(internationalDigits)).toEqual([
      "+31612345678",
      "+31612345678",
      "+31612345678",
      "+31201234567",
      "+32470123456",
      null,
    ]);
  });
});


describe("alerts on this device, from the page", () => {
  let pushService: PushService;
  beforeAll(async () => {
    pushService = await startPushService();
  });
  afterAll(() => pushService.stop());

  const postAlerts = (record: StoredContactRequest, body: unknown) =>
    handler()(new Request(`${pages.origin}${linkOf(record)}/meldingen`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }));
  const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

  it("offers them with the deploy's public key, its script and its Home Screen app, and tells an iPhone how", async () => {
    const record = await storeSent(0);
    const html = await (await get(linkOf(record))).text();
    expect(html).toContain(`data-key="${pushKeys.publicKey}"`);
    expect(html).toContain(`data-action="${linkOf(record)}/meldingen"`);
    expect(html).toContain(`<script src="${requestPagesPath}/meldingen.js" defer></script>`);
    expect(html).toContain(`<link rel="manifest" href="${linkOf(record)}/app.webmanifest">`);
    expect(html).toMatch(/iOS 16\.4/);
    expect(html).toMatch(/Zet op beginscherm/);

    const manifest = await get(`${linkOf(record)}/app.webmanifest`);
    expect(manifest.headers.get("cache-control")).toBe("private, no-store");
    expect(await manifest.json()).toMatchObject({ start_url: linkOf(record), scope: `${requestPagesPath}/`, display: "standalone" });
  });

  it("serves the script and the service worker at /aanvraag/, so the worker's scope is the request pages and no more", async () => {
    for (const script of ["meldingen.js", "sw.js"]) {
      const response = await get(`${requestPagesPath}/${script}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      // Compiled, not run: each is its function's own source, and parses as a script on its own.
      const source = await response.text();
      expect(() => new Function(source)).not.toThrow();
    }
  });

  it("has a service worker that shows the pushed alert and opens only a request page of this site on a tap", async () => {
    const source = await (await get(`${requestPagesPath}/sw.js`)).text();
    const listeners: Record<string, (event: unknown) => void> = {};
    const shown: { title: string; options: { body?: string; data?: { url: string | null } } }[] = [];
    const opened: string[] = [];
    const scope = {
      registration: { scope: `${pages.origin}${requestPagesPath}/`, showNotification: async (title: string, options: (typeof shown)[number]["options"]) => void shown.push({ title, options }) },
      clients: { matchAll: async () => [], openWindow: async (url: string) => void opened.push(url) },
      addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
    };
    vm.runInNewContext(source, { self: scope, URL });
    const waits: Promise<unknown>[] = [];
    const push = (alert: unknown) => listeners.push?.({ data: { json: () => alert }, waitUntil: (work: Promise<unknown>) => waits.push(work) });
    push({ title: "Nieuwe aanvraag: Daklekkage in Zaandam", body: "3 foto's", url: `${pages.origin}/aanvraag/x/1/y`, tag: "x" });
    push({ title: "Elders", body: "", url: "https://elders.example/aanvraag/x" });
    push({ title: "Buiten de aanvragen", body: "", url: `${pages.origin}/contact` });
    await Promise.all(waits);
    expect(shown.map(({ title, options }) => [title, options.body, options.data?.url])).toEqual([
      ["Nieuwe aanvraag: Daklekkage in Zaandam", "3 foto's", `${pages.origin}/aanvraag/x/1/y`],
      ["Elders", "", null],
      ["Buiten de aanvragen", "", null],
    ]);
    for (const { options } of shown) listeners.notificationclick?.({ notification: { data: options.data, close: () => undefined }, waitUntil: (work: Promise<unknown>) => waits.push(work) });
    await Promise.all(waits);
    expect(opened).toEqual([`${pages.origin}/aanvraag/x/1/y`]);
  });

  /** The link the confirmation mail carries, as a path. */
  const confirmLinkIn = (mail: SunkMail | undefined) => new URL(/^Bevestigen: (\S+)$/m.exec(mail?.text ?? "")?.[1] ?? "https://x/").pathname;
  const confirmedList = () => alerts.devices(services.local.blobs).confirmed();
  const pressButton = (path: string, headers: Record<string, string> = {}) => handler()(new Request(`${pages.origin}${path}`, { method: "POST", headers }));

  it("turns a device on only after the contractor confirms it from the mail to CONTACT_TO; until then it gets nothing, not even a test (issue 55, finding 1)", async () => {
    const record = await storeSent(2);
    const device = await pushService.subscribe(pushKeys.publicKey);
    const subscription = { endpoint: device.endpoint, keys: device.keys };
    const android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

    const asked = await handler()(new Request(`${pages.origin}${linkOf(record)}/meldingen`, { method: "POST", body: JSON.stringify({ action: "subscribe", subscription }), headers: { "Content-Type": "application/json", "User-Agent": android } }));
    expect(asked.status).toBe(202);
    expect(asked.headers.get("cache-control")).toBe("private, no-store");
    expect(await asked.json()).toEqual({ state: "unconfirmed", message: expect.stringMatching(/^Bijna klaar: er ging een mail naar het e-mailadres van het bedrijf/) });
    const [mail] = await services.sink.waitForMails(1);
    expect(mail).toMatchObject({ to: addresses.to, subject: "Nieuw toestel voor meldingen: Chrome op Android" });
    expect(mail?.text).toContain("Chrome op Android, aangezet 27 november 2026 om 17:07");
    const confirmPath = confirmLinkIn(mail);
    expect(confirmPath).toMatch(new RegExp(`^/aanvraag/toestel-bevestigen/${deviceIdOf(device.endpoint)}/\\d+/[\\w-]{43}$`));

    // Asked again (a reload, a second tap): it waits, and no second mail goes.
    expect(await (await postAlerts(record, { action: "subscribe", subscription })).json()).toMatchObject({ state: "unconfirmed" });
    expect(await (await postAlerts(record, { action: "status", subscription })).json()).toMatchObject({ state: "unconfirmed" });
    const test = await postAlerts(record, { action: "test", subscription });
    expect(test.status).toBe(409);
    expect(await alerts.toAll(services.local.blobs, { title: "x", body: "", url: "", tag: "x" })).toEqual({ sent: 0, gone: 0, failed: 0 });
    expect(await pushService.messages(device)).toEqual([]);

    // A mail scanner opens the link: the page shows the device and a button, and confirms nothing.
    const shown = await get(confirmPath);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain("Chrome op Android");
    expect(html).toContain(`<form method="post" action="${confirmPath}">`);
    expect(await confirmedList()).toEqual([]);

    const confirmed = await pressButton(confirmPath, { "Sec-Fetch-Site": "same-origin", Origin: "null" });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Toestel bevestigd");
    expect((await confirmedList()).map((each) => each.subscription)).toEqual([subscription]);
    expect(await (await postAlerts(record, { action: "status", subscription })).json()).toMatchObject({ state: "on", message: "Meldingen staan aan op dit toestel." });
    // Clicked twice, it stays one device.
    expect((await pressButton(confirmPath)).status).toBe(200);
    expect(await confirmedList()).toHaveLength(1);

    expect((await postAlerts(record, { action: "test", subscription })).status).toBe(200);
    const [message] = await pushService.messages(device);
    expect(JSON.parse(message ?? "{}")).toMatchObject({ title: "Testmelding", url: expect.stringContaining(`${pages.origin}/aanvraag/${record.id}/`) });
  });

  it("stops a device from the link a mail lists it with: the link shows a button, and its post stops the alerts", async () => {
    const record = await storeSent(0);
    const device = await pushService.subscribe(pushKeys.publicKey);
    const devices = alerts.devices(services.local.blobs);
    const asked = await devices.request({ endpoint: device.endpoint, keys: device.keys }, "Safari op iPhone", "ABC-123", clock);
    if (asked.state !== "new") throw new Error(asked.state);
    await devices.confirm(asked.device, clock);
    const [listed] = await devices.listed();
    const stopPath = listed?.stopPath ?? "";
    expect(stopPath).toMatch(/^\/aanvraag\/toestel-stoppen\//);

    expect(await (await get(stopPath)).text()).toContain("Meldingen op dit toestel stoppen");
    expect(await confirmedList()).toHaveLength(1);
    // A confirmation link is not a stop link, nor the other way round: each is signed for its purpose.
    expect((await get(stopPath.replace("toestel-stoppen", "toestel-bevestigen"))).status).toBe(404);
    expect((await get(stopPath.replace(/\/\d+\//, `/${record.id}/`))).status).toBe(404);
    const stopped = await pressButton(stopPath);
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain("Meldingen gestopt");
    expect(await confirmedList()).toEqual([]);
    expect((await get(stopPath)).status).toBe(404);
  });

  it("forgets a device its push service calls gone, and says so", async () => {
    const record = await storeSent(0);
    const device = await pushService.subscribe(pushKeys.publicKey);
    const subscription = { endpoint: device.endpoint, keys: device.keys };
    await postAlerts(record, { action: "subscribe", subscription });
    expect((await pressButton(confirmLinkIn((await services.sink.waitForMails(1))[0]))).status).toBe(200);
    await pushService.expire(device);
    const tested = await postAlerts(record, { action: "test", subscription });
    expect(tested.status).toBe(410);
    expect(await messageOf(tested)).toMatch(/niet meer aangemeld/);
    expect(await confirmedList()).toEqual([]);
  });

  it("turns a device off only for who holds the keys it was kept with (issue 55, finding 3)", async () => {
    const record = await storeSent(0);
    const device = await pushService.subscribe(pushKeys.publicKey);
    const subscription = { endpoint: device.endpoint, keys: device.keys };
    await postAlerts(record, { action: "subscribe", subscription });
    await pressButton(confirmLinkIn((await services.sink.waitForMails(1))[0]));
    for (const keys of [deviceKeys(), { ...deviceKeys(), auth: device.keys.auth }, { ...deviceKeys(), p256dh: device.keys.p256dh }]) {
      expect((await postAlerts(record, { action: "unsubscribe", subscription: { endpoint: device.endpoint, keys } })).status).toBe(200);
      expect((await postAlerts(record, { action: "status", subscription: { endpoint: device.endpoint, keys } })).status).toBe(200);
    }
    expect((await confirmedList()).map((each) => each.subscription)).toEqual([subscription]);
    expect((await postAlerts(record, { action: "unsubscribe", subscription })).status).toBe(200);
    expect(await confirmedList()).toEqual([]);
  });

  it("refuses what is not a device's subscription with a Dutch sentence, and keeps nothing", async () => {
    const record = await storeSent(0);
    const keys = deviceKeys();
    const refused = [
      { action: "subscribe" },
      { action: "subscribe", subscription: { endpoint: "file:///etc/passwd", keys } },
      { action: "subscribe", subscription: { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys: { p256dh: "<script>", auth: "x" } } },
      { action: "listen", subscription: { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys } },
      { action: "subscribe", subscription: { endpoint: `https://fcm.googleapis.com/fcm/send/${"a".repeat(5000)}`, keys } },
      { action: "subscribe", subscription: { endpoint: "https://localhost./x", keys } },
    ];
    for (const body of refused) {
      const response = await postAlerts(record, body);
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toMatch(/geen bruikbaar adres/);
    }
    expect(await services.local.blobs.list({ prefix: "devices/" })).toMatchObject({ blobs: [] });
    expect(services.sink.mails).toEqual([]);
  });

  it(`mails at most ${confirmationMailsPerDay} confirmations a day, however many devices one link turns on at once (issue 55, finding 3)`, async () => {
    const record = await storeSent(0);
    const slow = slowed(services.local.blobs, 50, virtualClock());
    const page = handler(() => slow);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, n) =>
        page(new Request(`${pages.origin}${linkOf(record)}/meldingen`, { method: "POST", body: JSON.stringify({ action: "subscribe", subscription: { endpoint: `https://fcm.googleapis.com/fcm/send/${n}`, keys: deviceKeys() } }), headers: { "Content-Type": "application/json" } })),
      ),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(confirmationMailsPerDay);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - confirmationMailsPerDay);
    expect(await messageOf(answers[statuses.indexOf(429)] ?? new Response("{}"))).toMatch(/^Vandaag zijn er al te veel toestellen aangemeld/);
    await services.sink.waitForMails(confirmationMailsPerDay);
    expect(services.sink.mails).toHaveLength(confirmationMailsPerDay);
    expect((await services.local.blobs.list({ prefix: "devices/unconfirmed/" })).blobs).toHaveLength(confirmationMailsPerDay);
    // The next day has its own.
    clock = new Date(clock.getTime() + 86_400_000);
    expect((await postAlerts(record, { action: "subscribe", subscription: { endpoint: "https://fcm.googleapis.com/fcm/send/next-day", keys: deviceKeys() } })).status).toBe(202);
  });

  it(`keeps at most ${maxDevices} confirmed devices when 60 confirmations land at once, on a store slowed 50 ms a call (issue 55, finding 3)`, async () => {
    const devices = alerts.devices(services.local.blobs);
    const waiting: KeptDevice[] = [];
    for (let day = 0; waiting.length < 60; day += 1) {
      const at = new Date(clock.getTime() + day * 86_400_000);
      for (let n = 0; n < confirmationMailsPerDay; n += 1) {
        const asked = await devices.request({ endpoint: `https://fcm.googleapis.com/fcm/send/${day}-${n}`, keys: deviceKeys() }, "Chrome op Android", "ABC-123", at);
        if (asked.state === "new") waiting.push(asked.device);
      }
    }
    const slow = alerts.devices(slowed(services.local.blobs, 50, virtualClock()));
    const outcomes = await Promise.all(waiting.map((device) => slow.confirm(device, clock)));
    expect(outcomes.filter(({ state }) => state === "confirmed")).toHaveLength(maxDevices);
    expect(outcomes.filter(({ state }) => state === "full")).toHaveLength(60 - maxDevices);
    expect(await confirmedList()).toHaveLength(maxDevices);
  }, 60_000);

  it("says plainly where a deploy has no keys, and takes no device", async () => {
    const record = await storeSent(0);
    const keyless = createRequestPageHandler({ store: () => services.local.blobs, secret: pages.secret, clock: replyClock, alerts: null, siteName: "Dakdekker Test", now: () => clock });
    const html = await (await keyless(new Request(`${pages.origin}${linkOf(record)}`))).text();
    expect(html).toMatch(/nog niet ingesteld/);
    expect(html).not.toContain("<script");
    const posted = await keyless(new Request(`${pages.origin}${linkOf(record)}/meldingen`, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } }));
    expect(posted.status).toBe(503);
    expect((await keyless(new Request(`${pages.origin}${linkOf(record)}/app.webmanifest`))).status).toBe(404);
  });
});
