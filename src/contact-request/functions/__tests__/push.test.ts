/**
 * @jest-environment node
 */
/*
 * Alerts on the contractor's devices (docs/contact-requests.md, "Alerts on the
 * phone"), sent with web-push to a real push service on this machine
 * (web-push-testing), which checks the VAPID signature and decrypts.
 */
import { generateRequestDetails } from "web-push";
import { createHandler, type HandlerOptions } from "../handler";
import { smtpMailer } from "../mailer";
import { contactSetup } from "../contact-setup";
import { newStoredRequest } from "../contact-delivery";
import { requestPageUrl } from "../request-link";
import { endpointPolicy, localPushKeys, newRequestAlert, pushKeysFrom, PushSubscriptions, reminderAlert, RequestAlerts, subscriptionFrom, type Alert } from "../push";
import { validRequest as valid } from "../../shared/__tests__/contact-request-example";
import { contactTestServices } from "../../../../scripts/lib/requests/contact-test-setup";
import { photoForm } from "../../../../scripts/lib/requests/test-photos";
import { slowed } from "../../../../scripts/lib/requests/slow-store";
import { deviceKeys, startPushService, type PushService } from "../../../../scripts/lib/push/push-service";
import { virtualClock } from "../../../../scripts/lib/requests/virtual-clock";
import { storeWaiting } from "../../../../scripts/lib/requests/backlog";
import { remindersPerMail } from "../reminders";
import sharp from "sharp";
import { mailDeadlineMs, runDeliveryJob } from "../job";
import { reminderDueAt, replyDueAt, replyMoment } from "../../shared/reply-clock";
import { contentClock, contentEmergencyPhone, contentOpeningHours } from "../../../../scripts/lib/requests/content-clock";

const logs: string[] = [];
const services = contactTestServices(logs);
const keys = localPushKeys("push test", "mailto:info@dakdekker.test");
const alerts = new RequestAlerts({ keys, endpointAllowed: endpointPolicy(true) });
const pages = { origin: "https://www.dakdekker.test", secret: "test-link-secret" };
const addresses = { to: "info@dakdekker.test", from: '"Dakdekker website" <website@dakdekker.test>', pages };
const choices = { towns: ["Amsterdam", "Zaandam"], services: ["Daklekkage", "Dakrenovatie"] };
const company = { name: "Dakdekker", email: "website@dakdekker.test" };
const receivedAt = new Date("2026-11-27T15:55:00Z");
const anAlert: Alert = { title: "Nieuwe aanvraag: Daklekkage in Zaandam", body: "2 foto's · Marieke de Vries", url: `${pages.origin}/aanvraag/x/1/y`, tag: "x" };

let pushService: PushService;
beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(() => pushService.stop());

/** A device subscribed with the site's key, and kept in the store as the request page keeps it. */
async function subscribedDevice() {
  const device = await pushService.subscribe(keys.publicKey);
  await new PushSubscriptions(services.local.blobs).add({ endpoint: device.endpoint, keys: device.keys }, receivedAt);
  return device;
}

const decoded = async (device: Awaited<ReturnType<typeof subscribedDevice>>) => (await pushService.messages(device)).map((message) => JSON.parse(message) as Alert);

describe("which devices a deploy sends to", () => {
  const keysOf = deviceKeys();
  it("takes only https push services in production and previews, never an address or this machine", () => {
    const production = endpointPolicy(false);
    expect(["https://fcm.googleapis.com/fcm/send/abc", "https://web.push.apple.com/QGf", "https://updates.push.services.mozilla.com/wpush/v2/x"].every(production)).toBe(true);
    expect(["http://fcm.googleapis.com/x", "https://127.0.0.1/x", "https://10.0.0.8/x", "https://[::1]/x", "https://localhost/x", "https://user:pw@push.example/x", "file:///etc/passwd", "nonsense"].some(production)).toBe(false);
  });

  it("takes this machine's push service only under npm start", () => {
    expect(endpointPolicy(true)("http://localhost:8090/notify/abc")).toBe(true);
    expect(endpointPolicy(false)("http://localhost:8090/notify/abc")).toBe(false);
    expect(subscriptionFrom({ endpoint: "http://localhost:8090/notify/abc", keys: keysOf }, endpointPolicy(true))).toEqual({ endpoint: "http://localhost:8090/notify/abc", keys: keysOf });
    expect(subscriptionFrom({ endpoint: "http://localhost:8090/notify/abc", keys: keysOf }, endpointPolicy(false))).toBeNull();
  });

  it("keeps what a subscription holds and nothing else", () => {
    const given = { endpoint: "https://push.example/abc", keys: { ...keysOf, extra: "x" }, expirationTime: null, more: "<script>" };
    expect(subscriptionFrom(given, endpointPolicy(false))).toEqual({ endpoint: "https://push.example/abc", keys: keysOf });
  });
});

describe("the keys", () => {
  it("are npm start's own, the same on every run, and a valid VAPID pair", () => {
    expect(localPushKeys("push test", "mailto:a@b.nl")).toEqual(localPushKeys("push test", "mailto:a@b.nl"));
    expect(localPushKeys("other", "mailto:a@b.nl").publicKey).not.toBe(keys.publicKey);
    const details = generateRequestDetails({ endpoint: "https://push.example/x", keys: { p256dh: "", auth: "" } }, null, { vapidDetails: keys });
    expect(String(details.headers.Authorization)).toMatch(/^vapid t=.+, k=/);
  });

  it("come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY in production, which sends none without both, nor without request pages", () => {
    const env = { SMTP_URL: "smtp://127.0.0.1:2525", CONTACT_TO: "leads@dakdekker.test", SITE_URL: pages.origin, REQUEST_LINK_SECRET: "geheim" };
    const pair = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
    expect(contactSetup("production", { ...env, ...pair }, company).push?.keys).toEqual({ ...keys, subject: pages.origin });
    expect(contactSetup("production", { ...env, VAPID_PUBLIC_KEY: keys.publicKey }, company).push).toBeUndefined();
    expect(contactSetup("production", { ...pair, SITE_URL: pages.origin }, company).push).toBeUndefined();
    expect(pushKeysFrom({ VAPID_PRIVATE_KEY: keys.privateKey }, "mailto:x@y.nl")).toBeNull();
    expect(contactSetup("dev", {}, company).push?.keys.subject).toBe(`mailto:${company.email}`);
    expect(contactSetup("deploy-preview", { ...pair }, company).push).toBeUndefined();
  });
});

describe("what an alert says", () => {
  const record = { ...newStoredRequest({ ...valid, service: "Daklekkage", city: "Zaandam" }, receivedAt), photos: [1, 2, 3].map((n) => ({ name: `foto-${n}.jpg`, bytes: 1, width: 1, height: 1 })) };
  it("names the service, the town and the number of photos, and opens the request's page", () => {
    const url = requestPageUrl(record, pages);
    expect(newRequestAlert(record, url)).toEqual({ title: "Nieuwe aanvraag: Daklekkage in Zaandam", body: `3 foto's · ${valid.name}`, url, tag: record.id });
    expect(newRequestAlert({ ...record, photos: undefined }, url).body).toBe(`geen foto's · ${valid.name}`);
  });

  it("reminds of the oldest waiting request, by when, and how many more wait", () => {
    const later = newStoredRequest({ ...valid, service: "Dakrenovatie", city: "Amsterdam" }, new Date(receivedAt.getTime() + 60_000));
    const waiting = [later, record].map((each) => ({ record: each, url: requestPageUrl(each, pages), answerBy: "vandaag vóór 17:55" }));
    expect(reminderAlert(waiting)).toEqual({
      title: "Nog niet beantwoord: Daklekkage in Zaandam",
      body: "Beantwoorden vandaag vóór 17:55. En nog 1 aanvraag wacht.",
      url: requestPageUrl(record, pages),
      tag: `herinnering-${record.id}`,
    });
  });
});

describe("sending", () => {
  it("reaches every subscribed device, signed and encrypted, on a store slowed 50 ms a call", async () => {
    const devices = [await subscribedDevice(), await subscribedDevice()];
    const outcome = await alerts.toAll(slowed(services.local.blobs, 50, virtualClock()), anAlert);
    expect(outcome).toEqual({ sent: 2, gone: 0, failed: 0 });
    for (const device of devices) expect(await decoded(device)).toEqual([anAlert]);
  });

  it("deletes a device its push service calls gone, and counts one that does not answer as failed, keeping it", async () => {
    const [kept, gone] = [await subscribedDevice(), await subscribedDevice()];
    await pushService.expire(gone);
    const silent = { endpoint: "http://localhost:9/notify/nobody", keys: kept.keys };
    await new PushSubscriptions(services.local.blobs).add(silent, receivedAt);
    expect(await alerts.toAll(services.local.blobs, anAlert)).toEqual({ sent: 1, gone: 1, failed: 1 });
    expect((await new PushSubscriptions(services.local.blobs).all()).map(({ endpoint }) => endpoint).sort()).toEqual([kept.endpoint, silent.endpoint].sort());
  });
});

describe("the form's alert", () => {
  const handlerWith = (options: Partial<HandlerOptions> = {}) =>
    createHandler({
    clock: contentClock,
    emergencyPhone: contentEmergencyPhone,
    openingHours: contentOpeningHours, choices, mailer: smtpMailer(services.sink.url), store: () => services.local.blobs, addresses, phone: { display: "020 123 45 67", e164: "+31201234567" }, allowedOrigins: [], alerts, log: (line) => logs.push(line), ...options });

  it("reaches the device with the service, the town, the photos and the request's link, while the mail goes", async () => {
    const device = await subscribedDevice();
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#a0522d" } }).jpeg().toBuffer();
    const encoded = new Response(photoForm({ ...valid, service: "Daklekkage", city: "Zaandam" }, [1, 2].map((n) => ({ name: `dak-${n}.jpg`, bytes: photo, type: "image/jpeg" }))));
    const response = await handlerWith()(
      new Request("http://localhost:8888/api/send-contact-email", { method: "POST", headers: { Accept: "application/json", "Content-Type": encoded.headers.get("content-type") ?? "" }, body: await encoded.arrayBuffer() }),
    );
    expect(response.status).toBe(200);
    const [mail] = await services.sink.waitForMails(1);
    const [alert] = await decoded(device);
    expect(alert).toMatchObject({ title: "Nieuwe aanvraag: Daklekkage in Zaandam", body: `2 foto's · ${valid.name}` });
    expect(mail?.text).toContain(alert?.url);
    expect(alert?.url.startsWith(`${pages.origin}/aanvraag/`)).toBe(true);
  });

  it("is not sent for a request kept as suspect, nor where the deploy has no request pages", async () => {
    const device = await subscribedDevice();
    expect((await handlerWith()(new Request("http://localhost:8888/api/send-contact-email", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...valid, website: "bot" }) }))).status).toBe(200);
    expect((await handlerWith({ addresses: { ...addresses, pages: undefined } })(new Request("http://localhost:8888/api/send-contact-email", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...valid, message: "Zonder paginalink." }) }))).status).toBe(200);
    await services.sink.waitForMails(1);
    expect(await decoded(device)).toEqual([]);
  });

  it("never costs the visitor their request when the push service is down", async () => {
    await new PushSubscriptions(services.local.blobs).add({ endpoint: "http://localhost:9/notify/nobody", keys: deviceKeys() }, receivedAt);
    const response = await handlerWith()(new Request("http://localhost:8888/api/send-contact-email", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(valid) }));
    expect(response.status).toBe(200);
    expect(await services.sink.waitForMails(1)).toHaveLength(1);
    expect(logs.join("\n")).toMatch(/alerted 0 device\(s\), 0 gone, 1 failed/);
  });
});

describe("the job's reminder", () => {
  const clock = contentClock;
  let seconds = 0;
  const runAt = async (at: Date, blobs = services.local.blobs) => {
    const time = virtualClock(at.getTime());
    const report = await runDeliveryJob(slowed(blobs, 50, time), {
      mailer: smtpMailer(services.sink.url),
      addresses,
      deadlineMs: mailDeadlineMs,
      runId: `run at ${at.toISOString()}`,
      log: (line) => logs.push(line),
      settleMs: 50,
      now: time.now,
      sleep: time.sleep,
      clock,
      alerts,
    });
    seconds = (time.now().getTime() - at.getTime()) / 1000;
    return report;
  };

  it("reaches the devices halfway to the target, once, opening the oldest request the reminder names, for 300 waiting on a store slowed 50 ms a call", async () => {
    const device = await subscribedDevice();
    const receivedAt = new Date("2026-11-30T10:00:00+01:00");
    const records = Array.from({ length: 300 }, (_, n) => newStoredRequest({ ...valid, service: "Dakisolatie", city: "Diemen", name: `Wachtend ${n}` }, new Date(receivedAt.getTime() + n)));
    await storeWaiting(services.local.blobs, records, clock);
    const halfway = reminderDueAt(new Date(receivedAt.getTime() + 300), "Dakisolatie", clock);

    // A reminder names the latest due (docs/contact-requests.md, "The reply clock"); the next runs the others.
    expect(await runAt(halfway)).toMatchObject({ reminded: remindersPerMail });
    // The run's budget for starting work (job.ts); Netlify gives a scheduled function 30 s.
    expect(seconds).toBeLessThan(15);
    const alertsReceived = await decoded(device);
    const oldest = records.at(-remindersPerMail);
    if (!oldest) throw new Error("no requests");
    expect(alertsReceived).toEqual([
      {
        title: "Nog niet beantwoord: Dakisolatie in Diemen",
        body: `Beantwoorden ${replyMoment(replyDueAt(new Date(oldest.receivedAt), oldest.request.service, clock), halfway)}. En nog ${remindersPerMail - 1} aanvragen wachten.`,
        url: requestPageUrl(oldest, pages),
        tag: `herinnering-${oldest.id}`,
      },
    ]);
  }, 60_000);
});
