/**
 * @jest-environment node
 */
/*
 * Alerts on the contractor's devices (docs/contact-requests.md, "Alerts on the
 * phone"), sent with web-push to a real push service on this machine
 * (web-push-testing), which checks the VAPID signature and decrypts.
 */
import { generateRequestDetails } from "web-push";
import type { HandlerOptions } from "../handler";
import { smtpMailer } from "../mailer";
import { contactSetup } from "../contact-setup";
import { newStoredRequest, receivedAtOf } from "../contact-delivery";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { alertLinkDaysPastTarget, alertPageUrl, grantedLink, requestPageUrl } from "../request-link";
import { deviceLabel, endpointPolicy, localPushKeys, newRequestAlert, pushKeysFrom, reminderAlert, RequestAlerts, subscriptionFrom, type Alert, type PushSetup } from "../push";
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
import { contentClock } from "../../../../scripts/lib/requests/content-clock";
import { contentFormHandler } from "../../../../scripts/lib/requests/content-form-handler";

const logs: string[] = [];
const services = contactTestServices(logs);
const keys = localPushKeys("push test", "mailto:info@dakdekker.test");
const pages = { origin: "https://www.dakdekker.test", secret: "test-link-secret-of-at-least-32-bytes" };
const alerts = new RequestAlerts({ keys, endpointAllowed: endpointPolicy(true), secret: pages.secret });
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

/** A device kept as the request page keeps it, and confirmed as the contractor confirms it from the mail. */
async function confirmed(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const devices = alerts.devices(services.local.blobs);
  const asked = await devices.request({ endpoint: subscription.endpoint, keys: subscription.keys }, "Chrome op Android", "ABC-123", receivedAt);
  if (asked.state !== "new") throw new Error(`the device was not new: ${asked.state}`);
  await devices.confirm(asked.device, receivedAt);
}

/** A device subscribed with the site's key, turned on and confirmed. */
async function subscribedDevice() {
  const device = await pushService.subscribe(keys.publicKey);
  await confirmed(device);
  return device;
}

const decoded = async (device: Awaited<ReturnType<typeof subscribedDevice>>) => (await pushService.messages(device)).map((message) => JSON.parse(message) as Alert);

describe("which devices a deploy sends to", () => {
  const keysOf = deviceKeys();
  it("takes the browsers' push services in production and previews, by host name, after the URL parser has read it", () => {
    const production = endpointPolicy(false);
    const pushServices = [
      "https://fcm.googleapis.com/fcm/send/abc",
      "https://web.push.apple.com/QGf",
      "https://api.push.apple.com/x",
      "https://updates.push.services.mozilla.com/wpush/v2/x",
      "https://wns2-par02p.notify.windows.com/w/?token=x",
      "https://FCM.googleapis.com./fcm/send/abc",
      "https://fcm.googleapis.com:443/fcm/send/abc",
    ];
    for (const endpoint of pushServices) expect([endpoint, production(endpoint)]).toEqual([endpoint, true]);
  });

  it("refuses every other address, however it is written (issue 55, finding 2)", () => {
    const production = endpointPolicy(false);
    const elsewhere = [
      "https://localhost./x",
      "https://localhost%2e/x",
      "https://localhost/x",
      "https://127.0.0.1/x",
      "https://2130706433/x",
      "https://0x7f.1/x",
      "https://127.1/x",
      "https://017700000001/x",
      "https://[::1]/x",
      "https://[::ffff:127.0.0.1]/x",
      "https://10.0.0.8/x",
      "https://169.254.169.254/latest/meta-data",
      "https://push.example/x",
      "https://fcm.googleapis.com.evil.nl/x",
      "https://fcm.googleapis.com%2eevil.nl/x",
      "https://evilfcm.googleapis.com/x",
      "https://googleapis.com/x",
      "https://push.apple.com.evil.nl/x",
      "https://notify.windows.com.evil.nl/x",
      "https://user:pw@fcm.googleapis.com/x",
      "https://user@fcm.googleapis.com/x",
      "https://fcm.googleapis.com@127.0.0.1/x",
      "https://fcm.googleapis.com:8443/x",
      "https://fcm.googleapis.com:80/x",
      "http://fcm.googleapis.com/x",
      "file:///etc/passwd",
      "nonsense",
    ];
    for (const endpoint of elsewhere) expect([endpoint, production(endpoint)]).toEqual([endpoint, false]);
  });

  it("takes this machine's push service only under npm start", () => {
    expect(endpointPolicy(true)("http://localhost:8090/notify/abc")).toBe(true);
    expect(endpointPolicy(false)("http://localhost:8090/notify/abc")).toBe(false);
    expect(subscriptionFrom({ endpoint: "http://localhost:8090/notify/abc", keys: keysOf }, endpointPolicy(true))).toEqual({ endpoint: "http://localhost:8090/notify/abc", keys: keysOf });
    expect(subscriptionFrom({ endpoint: "http://localhost:8090/notify/abc", keys: keysOf }, endpointPolicy(false))).toBeNull();
  });

  it("keeps what a subscription holds and nothing else", () => {
    const given = { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys: { ...keysOf, extra: "x" }, expirationTime: null, more: "<script>" };
    expect(subscriptionFrom(given, endpointPolicy(false))).toEqual({ endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys: keysOf });
  });

  it("follows no redirect: a push service that answers 303 elsewhere gets the send counted as failed, and elsewhere is never called (issue 55, finding 2)", async () => {
    const inside: string[] = [];
    const internal = http.createServer((request, response) => {
      inside.push(request.url ?? "");
      response.end("internal");
    });
    await new Promise<void>((resolve) => internal.listen(0, "127.0.0.1", resolve));
    const redirecting = http.createServer((request, response) => {
      request.resume();
      response.writeHead(303, { Location: `http://127.0.0.1:${(internal.address() as AddressInfo).port}/admin` }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
    try {
      // The local policy lets the test's own server stand for a push service.
      const endpoint = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/notify/x`;
      expect(await alerts.toDevice({ endpoint, keys: deviceKeys() }, anAlert)).toBe("failed");
      expect(inside).toEqual([]);
    } finally {
      await Promise.all([internal, redirecting].map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });

  it("sends nothing to an address outside the policy, even when handed one directly", async () => {
    const strict = new RequestAlerts({ keys, endpointAllowed: endpointPolicy(false), secret: pages.secret });
    const device = await pushService.subscribe(keys.publicKey);
    expect(await strict.toDevice({ endpoint: device.endpoint, keys: device.keys }, anAlert)).toBe("failed");
    expect(await pushService.messages(device)).toEqual([]);
  });

  it("names a device as a person does, from its User-Agent", () => {
    expect(
      [
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0",
        "Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
        null,
      ].map(deviceLabel),
    ).toEqual(["Chrome op Android", "Safari op iPhone", "Edge op Windows", "Firefox op macOS", "Samsung Internet op Android", "Een onbekende browser op een onbekend systeem"]);
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
    const env = { SMTP_URL: "smtp://127.0.0.1:2525", CONTACT_TO: "leads@dakdekker.test", SITE_URL: pages.origin, REQUEST_LINK_SECRET: pages.secret };
    const pair = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
    expect(contactSetup("production", { ...env, ...pair }, company).push?.keys).toEqual({ ...keys, subject: pages.origin });
    expect(contactSetup("production", { ...env, ...pair, REQUEST_LINK_SECRET: "geheim" }, company).push).toBeUndefined();
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
    await confirmed(silent);
    expect(await alerts.toAll(services.local.blobs, anAlert)).toEqual({ sent: 1, gone: 1, failed: 1 });
    expect((await alerts.devices(services.local.blobs).confirmed()).map(({ subscription }) => subscription.endpoint).sort()).toEqual([kept.endpoint, silent.endpoint].sort());
  });

  it("reaches no device that waits for the contractor's confirmation (issue 55, finding 1)", async () => {
    const waiting = await pushService.subscribe(keys.publicKey);
    const asked = await alerts.devices(services.local.blobs).request({ endpoint: waiting.endpoint, keys: waiting.keys }, "Chrome op Android", "ABC-123", receivedAt);
    expect(asked.state).toBe("new");
    expect(await alerts.toAll(services.local.blobs, anAlert)).toEqual({ sent: 0, gone: 0, failed: 0 });
    expect(await pushService.messages(waiting)).toEqual([]);
  });

  it("ends every device's alerts with a new REQUEST_LINK_SECRET: under the new one nothing is sent, and the old devices are deleted (issue 55, finding 1)", async () => {
    const device = await subscribedDevice();
    const renewed: PushSetup = { keys, endpointAllowed: endpointPolicy(true), secret: "another-secret-of-at-least-32-bytes!" };
    const afterChange = new RequestAlerts(renewed);
    expect(await afterChange.toAll(services.local.blobs, anAlert)).toEqual({ sent: 0, gone: 0, failed: 0 });
    expect(await pushService.messages(device)).toEqual([]);
    expect(await afterChange.devices(services.local.blobs).confirmed()).toEqual([]);
    // Deleted, not only passed over: the old secret, were it set again, finds nothing either.
    expect(await alerts.devices(services.local.blobs).confirmed()).toEqual([]);
  });
});

describe("the form's alert", () => {
  const handlerWith = (options: Partial<HandlerOptions> = {}) =>
    contentFormHandler({ choices, mailer: smtpMailer(services.sink.url), store: () => services.local.blobs, addresses, alerts, log: (line) => logs.push(line), ...options });

  it("reaches the device with the service, the town, the photos and a link to the request that ends days past its target, and the mail lists the device with its stop link", async () => {
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
    const id = /\(aanvraag (\S+)\)/.exec(mail?.text ?? "")?.[1] ?? "";
    const record = { id, receivedAt: (receivedAtOf(id) ?? new Date(0)).toISOString() };
    const due = replyDueAt(new Date(record.receivedAt), "Daklekkage", contentClock);
    expect(alert?.url).toBe(alertPageUrl(record, pages, due));
    // The mail's link lasts the request's term; the alert's ends a few days past the reply target, and opens the same request.
    expect(mail?.text).toContain(requestPageUrl(record, pages));
    expect(alert?.url).not.toBe(requestPageUrl(record, pages));
    const granted = grantedLink(new URL(alert?.url ?? "").pathname, pages.secret, new Date(due.getTime() + (alertLinkDaysPastTarget * 24 - 1) * 3600_000));
    expect(granted?.id).toBe(id);
    expect(grantedLink(new URL(alert?.url ?? "").pathname, pages.secret, new Date(due.getTime() + alertLinkDaysPastTarget * 86_400_000))).toBeNull();
    expect(mail?.text).toMatch(/Meldingen van nieuwe aanvragen gaan naar deze toestellen:\n- Chrome op Android, bevestigd [^\n]+\. Stoppen: https:\/\/www\.dakdekker\.test\/aanvraag\/toestel-stoppen\//);
    expect(mail?.html).toContain("Meldingen stoppen</a>");
  });

  it("is not sent for a request kept as suspect, nor where the deploy has no request pages", async () => {
    const device = await subscribedDevice();
    expect((await handlerWith()(new Request("http://localhost:8888/api/send-contact-email", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...valid, website: "bot" }) }))).status).toBe(200);
    expect((await handlerWith({ addresses: { ...addresses, pages: undefined } })(new Request("http://localhost:8888/api/send-contact-email", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...valid, message: "Zonder paginalink." }) }))).status).toBe(200);
    await services.sink.waitForMails(1);
    expect(await decoded(device)).toEqual([]);
  });

  it("never costs the visitor their request when the push service is down", async () => {
    await confirmed({ endpoint: "http://localhost:9/notify/nobody", keys: deviceKeys() });
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

  it("reaches the devices halfway to the target, once, opening the oldest request the reminder names by a link that ends days past its target, for 300 waiting on a store slowed 50 ms a call; the reminder lists the devices", async () => {
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
        url: alertPageUrl(oldest, pages, replyDueAt(new Date(oldest.receivedAt), oldest.request.service, clock)),
        tag: `herinnering-${oldest.id}`,
      },
    ]);
    const [reminder] = await services.sink.waitForMails(1);
    expect(reminder?.text).toMatch(/Meldingen van nieuwe aanvragen gaan naar deze toestellen:\n- Chrome op Android, bevestigd [^\n]+\. Stoppen: https:\/\/www\.dakdekker\.test\/aanvraag\/toestel-stoppen\//);
  }, 60_000);
});
