import type { Store } from "@netlify/blobs";
import { openLocalRequests } from "../../scripts/lib/requests/request-stores";
import { listKeys } from "../../src/contact-request/functions/request-store";
import { keptPhotos } from "../../scripts/lib/requests/photo-files";
import { threePhotos } from "../../scripts/lib/requests/test-photos";
import { grantedLink } from "../../src/contact-request/functions/request-link";
import { localRequestLinkSecret } from "../../src/contact-request/functions/contact-setup";
import { markLabels, requestPageHeaders } from "../../src/contact-request/functions/request-page";
import type { Handling } from "../../src/contact-request/functions/request-handling";
import { RequestStore } from "../../src/contact-request/functions/request-store";
import { expect, test, type Page } from "./fixtures";
import { every100ms, installClock, passFillTime, waitForApp, waitForHydration } from "./helpers";
import { mailsFrom, sunkMails } from "./test-services";
import { startPushService, type PushService, type TestSubscription } from "../../scripts/lib/push/push-service";
import { deviceIdOf, DeviceList, deviceTag, type Alert } from "../../src/contact-request/functions/push";

/**
 * The contractor's way from the mail to the request (docs/contact-requests.md,
 * "The request page"), against `npm start` and the SMTP sink: a request with
 * three photos, the link its mail carries, the page with its photos and
 * headers, and a mark set without JavaScript; and the alerts on the
 * contractor's phone, sent to a real push service on this machine, to a
 * device only once the contractor confirmed it from a mail.
 *
 * None of it reads the width: it runs once, at 1280 px (playwright.config.ts,
 * the `once` project). The form's page runs on Playwright's clock, moved past
 * the minimum fill time rather than waited out.
 */

async function sendWithPhotos(page: Page, name: string) {
  await installClock(page);
  await page.goto("/contact");
  await waitForHydration(page);
  const form = page.locator("#offerte-formulier");
  await form.getByLabel("Naam *", { exact: true }).fill(name);
  await form.getByLabel("E-mail *", { exact: true }).fill("marieke@example.nl");
  await form.getByLabel("Telefoon *", { exact: true }).fill("06 12345678");
  await form.getByLabel("Bericht", { exact: true }).fill(`Er lekt water langs de schoorsteen (${name}).`);
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), form.getByRole("button", { name: "Foto's toevoegen" }).click()]);
  await chooser.setFiles((await threePhotos(keptPhotos)).map(({ name: file, type, bytes }) => ({ name: file, mimeType: type, buffer: bytes })));
  await passFillTime(page);
  await form.getByRole("button", { name: "Gratis Offerte Aanvragen" }).click();
  await expect(form.getByText("Bedankt, uw aanvraag is verstuurd!")).toBeVisible();
}

/** The link the request's mail carries, in its text part and its HTML part alike. */
async function mailedLink(name: string) {
  await expect.poll(() => mailsFrom(name).length, every100ms).toBe(1);
  const [mail] = mailsFrom(name);
  const link = /^Open de aanvraag \(foto's, bellen, markeren als beantwoord\): (\S+)$/m.exec(mail.text)?.[1] ?? "";
  expect(link).not.toBe("");
  expect(mail.html).toContain(`href="${link}"`);
  expect(`${mail.text}${mail.html}`).not.toContain("npm run requests");
  return { link, mail };
}

async function handlingOf(id: string): Promise<Handling> {
  return withLocalStore((blobs) => new RequestStore(blobs).readHandling(id));
}

/** npm start's store, through the real Blobs API, while the site runs. */
async function withLocalStore<T>(work: (blobs: Store) => Promise<T>): Promise<T> {
  const { blobs, close } = await openLocalRequests();
  try {
    return await work(blobs);
  } finally {
    await close();
  }
}

test("a request with photos: its mail links its page, which shows the photos, and 'Beantwoord' without JavaScript sets answeredAt", async ({ page, browser, baseURL }, testInfo) => {
  const name = `Aanvraagpagina ${testInfo.project.name} ${Date.now()}`;
  await sendWithPhotos(page, name);
  const { link, mail } = await mailedLink(name);
  const url = new URL(link);
  expect(url.origin).toBe(new URL(baseURL ?? "").origin);
  const granted = grantedLink(url.pathname, localRequestLinkSecret, new Date());
  expect(granted).not.toBeNull();

  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers["cache-control"]).toBe("private, no-store");
  expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect(headers["content-security-policy"]).toBe(requestPageHeaders["Content-Security-Policy"]);
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByText("Nog niet beantwoord")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Bel 06 12345678$/ })).toHaveAttribute("href", "tel:+31612345678");

  // The photos at full size: each loaded, and the very bytes the mail attached.
  const photos = page.getByRole("img", { name: /^Foto \d van 3/ });
  await expect(photos).toHaveCount(3);
  for (let n = 0; n < 3; n += 1) {
    const photo = photos.nth(n);
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), every100ms).toBeGreaterThan(0);
    const bytes = await (await page.request.get(`${link}/foto-${n + 1}.jpg`)).body();
    expect(bytes.equals(mail.attachments[n]?.content ?? Buffer.alloc(0))).toBe(true);
  }
  const viewed = await handlingOf(granted?.id ?? "");
  expect(viewed.firstViewedAt).toBeDefined();
  expect(viewed.answeredAt).toBeUndefined();

  // The contractor marks it from a phone without JavaScript: a plain form post.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() ?? undefined });
  try {
    const plain = await noScript.newPage();
    await plain.goto(link);
    await plain.getByRole("button", { name: markLabels.answered.button, exact: true }).click();
    await expect(plain).toHaveURL(link);
    await expect(plain.locator(".status")).toHaveText(markLabels.answered.status);
    await expect(plain.getByText(/Afgehandeld \w+ \d+ \w+ om \d\d:\d\d\./)).toBeVisible();
    await expect(plain.getByRole("button", { name: markLabels.answered.button, exact: true })).toHaveAttribute("aria-pressed", "true");
  } finally {
    await noScript.close();
  }
  const answered = await handlingOf(granted?.id ?? "");
  expect(answered).toMatchObject({ firstViewedAt: viewed.firstViewedAt, mark: "answered" });
  expect(Date.parse(answered.answeredAt ?? "")).toBeGreaterThanOrEqual(Date.parse(viewed.firstViewedAt ?? ""));

  // An altered link gets the not-found page, with the same private headers.
  const altered = await page.goto(`${link.slice(0, -1)}${link.endsWith("A") ? "B" : "A"}`);
  expect(altered?.status()).toBe(404);
  expect(altered?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aanvraag niet gevonden");
});

/**
 * Chromium's own push service is Google's, out of reach offline: here the
 * page's PushManager subscribes at web-push-testing instead, through a
 * binding (which no CSP stops), and hands the page's script what a browser
 * would. Everything after that is real: the page's script, the function, the
 * VAPID signature, the encryption, the push service, and the service worker
 * that shows the message.
 */
async function subscribeAtPushService(page: Page, pushService: PushService) {
  await page.context().grantPermissions(["notifications"]);
  await page.exposeFunction("subscribeAtTestPushService", (key: string) => pushService.subscribe(key));
  await page.addInitScript(() => {
    type Made = { endpoint: string; keys: Record<string, string>; clientHash: string };
    const withTestService = window as unknown as { subscribeAtTestPushService(key: string): Promise<Made> };
    // Kept for the tab, as a browser keeps a subscription across pages.
    const savedKey = "test-push-subscription";
    const asSubscription = (made: Made): PushSubscription =>
      ({
        endpoint: made.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        clientHash: made.clientHash,
        toJSON: () => ({ endpoint: made.endpoint, expirationTime: null, keys: made.keys }),
        unsubscribe: async () => (sessionStorage.removeItem(savedKey), true),
        getKey: () => null,
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = btoa(String.fromCharCode(...new Uint8Array(options?.applicationServerKey as ArrayBuffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
      const made = await withTestService.subscribeAtTestPushService(key);
      sessionStorage.setItem(savedKey, JSON.stringify(made));
      return asSubscription(made);
    };
    PushManager.prototype.getSubscription = async () => {
      const saved = sessionStorage.getItem(savedKey);
      return saved ? asSubscription(JSON.parse(saved) as Made) : null;
    };
  });
}

test.describe("alerts on the contractor's phone", () => {
  let pushService: PushService;
  test.beforeAll(async () => {
    pushService = await startPushService();
  });
  test.afterAll(() => pushService.stop());

  /** The alerts a device's push service received, decrypted, oldest first. */
  const alertsOn = async (device: Pick<TestSubscription, "clientHash">) => (await pushService.messages(device as TestSubscription)).map((message) => JSON.parse(message) as Alert);
  /** A new request's alert names its sender last: "3 foto's · {name}". */
  const alertFor = (name: string) => (alert: Alert) => alert.body === `3 foto's · ${name}`;

  test("turned on from a request's page, a device gets nothing until the contractor confirms it from the mail; then a new request's alert arrives, opens its page, and a mail's link stops it", async ({ page, context, baseURL }, testInfo) => {
    const first = `Meldingen aan ${testInfo.project.name} ${Date.now()}`;
    await sendWithPhotos(page, first);
    const { link: firstLink } = await mailedLink(first);

    await withLocalStore(async (blobs) => {
      // The day's confirmation mails (push.ts, confirmationMailsPerDay) count earlier runs' too: this run starts from none.
      await Promise.all((await listKeys(blobs, "devices/confirmation-mails/")).map((key) => blobs.delete(key)));
      // Devices earlier runs confirmed, whose push service ended with their run; a run alongside this one confirmed its own just now.
      const devices = new DeviceList(blobs, localRequestLinkSecret);
      for (const device of await devices.confirmed()) if (Date.parse(device.confirmedAt ?? "") < Date.now() - 10 * 60_000) await devices.stop(device.id);
    });

    await subscribeAtPushService(page, pushService);
    await page.goto(firstLink);
    const alerts = page.getByRole("region", { name: "Meldingen op dit toestel" });
    await expect(alerts.getByRole("status")).toHaveText("Meldingen staan uit op dit toestel.");
    // Off, the page offers only turning them on.
    await expect(alerts.getByRole("button")).toHaveText(["Meldingen aanzetten"]);
    await alerts.getByRole("button", { name: "Meldingen aanzetten" }).click();
    await expect(alerts.getByRole("status")).toHaveText(/^Bijna klaar: er ging een mail naar het e-mailadres van het bedrijf/);
    // Waiting for confirmation, it can only be turned off again: a test would reach a device nobody confirmed.
    await expect(alerts.getByRole("button")).toHaveText(["Meldingen uitzetten"]);
    const made = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) as unknown as { endpoint: string; clientHash: string });
    const device = { clientHash: made.clientHash };
    const id = deviceIdOf(made.endpoint);

    // A witness, confirmed already, written with the site's own module: its alert shows a request's alerts have gone out.
    const siteKey = (await alerts.getAttribute("data-key")) ?? "";
    const witness = await pushService.subscribe(siteKey);
    const witnessId = deviceIdOf(witness.endpoint);
    await withLocalStore((blobs) =>
      new DeviceList(blobs, localRequestLinkSecret).confirm(
        { id: witnessId, subscription: { endpoint: witness.endpoint, keys: witness.keys }, label: "Firefox op Linux", from: "e2e", addedAt: new Date().toISOString(), tag: deviceTag(localRequestLinkSecret) },
        new Date(),
      ),
    );
    try {
      // Unconfirmed: the next request reaches the witness, and not this device.
      const second = `Meldingen onbevestigd ${testInfo.project.name} ${Date.now()}`;
      const visitor = await context.newPage();
      await sendWithPhotos(visitor, second);
      await mailedLink(second);
      await expect.poll(async () => (await alertsOn(witness)).some(alertFor(second)), { ...every100ms, timeout: 10_000 }).toBe(true);
      expect(await alertsOn(device)).toEqual([]);

      // The contractor confirms it from the mail to the company's address: the link shows the device and a button, the button confirms.
      const confirmation = () => sunkMails().find((mail) => mail.subject.startsWith("Nieuw toestel voor meldingen") && mail.text.includes(`/toestel-bevestigen/${id}/`));
      await expect.poll(() => confirmation() !== undefined, every100ms).toBe(true);
      const confirmLink = /^Bevestigen: (\S+)$/m.exec(confirmation()?.text ?? "")?.[1] ?? "";
      expect(confirmation()?.html).toContain(`href="${confirmLink}"`);
      await page.goto(confirmLink);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Toestel bevestigen");
      await page.getByRole("button", { name: "Ja, dit toestel mag meldingen krijgen" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Toestel bevestigd");

      await page.goto(firstLink);
      await expect(alerts.getByRole("status")).toHaveText("Meldingen staan aan op dit toestel.");
      await expect(alerts.getByRole("button")).toHaveText(["Testmelding sturen", "Meldingen uitzetten"]);
      // The service worker is the request pages' own: the public site has none.
      expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${new URL(baseURL ?? "").origin}/aanvraag/`);
      await alerts.getByRole("button", { name: "Testmelding sturen" }).click();
      await expect(alerts.getByRole("status")).toHaveText(/^Testmelding verstuurd/);
      await expect.poll(async () => (await alertsOn(device)).map((alert) => alert.title), every100ms).toEqual(["Testmelding"]);

      // Confirmed: a new request, from a visitor on another page, reaches the device.
      const third = `Meldingen nieuw ${testInfo.project.name} ${Date.now()}`;
      await sendWithPhotos(visitor, third);
      const { link, mail } = await mailedLink(third);
      await expect.poll(async () => (await alertsOn(device)).some(alertFor(third)), { ...every100ms, timeout: 10_000 }).toBe(true);
      const alert = (await alertsOn(device)).find(alertFor(third)) as Alert;
      expect(alert.title).toMatch(/^Nieuwe aanvraag: /);
      // The alert opens the same request as the mail, by a link that ends sooner (days past the reply target, not the request's term).
      const [mailed, alerted] = [link, alert.url].map((url) => grantedLink(new URL(url).pathname, localRequestLinkSecret, new Date()));
      expect(alerted?.id).toBe(mailed?.id);
      expect(Number(alerted?.link.split("/")[3])).toBeLessThan(Number(mailed?.link.split("/")[3]));

      // The device's service worker shows that very message.
      const cdp = await context.newCDPSession(page);
      // The message goes to the page's registration as the push service's would; delivered again until it shows, since a worker
      // that is still starting may miss one.
      const registrations = new Set<string>();
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        for (const each of updated) if (each.scopeURL.endsWith("/aanvraag/") && !each.isDeleted) registrations.add(each.registrationId);
      });
      await cdp.send("ServiceWorker.enable");
      await expect.poll(() => registrations.size, every100ms).toBeGreaterThan(0);
      const shown = () =>
        page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((each) => [each.title, each.body, (each.data as { url: string }).url]));
      const deliver = async () => {
        for (const registrationId of registrations) {
          await cdp.send("ServiceWorker.deliverPushMessage", { origin: new URL(baseURL ?? "").origin, registrationId, data: JSON.stringify(alert) });
        }
      };
      const expected = [alert.title, alert.body, alert.url];
      await expect
        .poll(
          async () => {
            const notifications = await shown();
            if (!notifications.some((each) => JSON.stringify(each) === JSON.stringify(expected))) await deliver();
            return notifications;
          },
          { intervals: [250], timeout: 30_000 },
        )
        .toContainEqual(expected);

      // A tap opens the request's page, with its photos.
      await page.goto(alert.url);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(alert.title.replace(/^Nieuwe aanvraag: /, ""));
      await expect(page.getByText(third).first()).toBeVisible();
      // Still on for this device on the next request's page.
      await expect(alerts.getByRole("status")).toHaveText("Meldingen staan aan op dit toestel.");
      await expect(page.getByRole("img", { name: /^Foto \d van 3/ })).toHaveCount(3);

      // The request's mail lists the devices that get alerts; its link for this one shows a button, and the button stops it.
      const stopLink = new RegExp(`^- .+\\. Stoppen: (\\S+/toestel-stoppen/${id}/\\S+)$`, "m").exec(mail.text)?.[1] ?? "";
      expect(stopLink).not.toBe("");
      expect(mail.text).toMatch(/^- Firefox op Linux, bevestigd .+\. Stoppen: /m);
      await page.goto(stopLink);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meldingen stoppen");
      await page.getByRole("button", { name: "Meldingen op dit toestel stoppen" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meldingen gestopt");

      // Stopped: the next request reaches the witness, and not this device.
      const fourth = `Meldingen gestopt ${testInfo.project.name} ${Date.now()}`;
      await sendWithPhotos(visitor, fourth);
      await mailedLink(fourth);
      await expect.poll(async () => (await alertsOn(witness)).some(alertFor(fourth)), { ...every100ms, timeout: 10_000 }).toBe(true);
      expect((await alertsOn(device)).some(alertFor(fourth))).toBe(false);
      // Its page says so, and offers turning them on again.
      await page.goto(firstLink);
      await expect(alerts.getByRole("status")).toHaveText("Meldingen staan uit op dit toestel.");
      await expect(alerts.getByRole("button")).toHaveText(["Meldingen aanzetten"]);
      await visitor.close();
    } finally {
      await withLocalStore((blobs) => new DeviceList(blobs, localRequestLinkSecret).stop(witnessId));
    }
  });

  test("the public site registers no service worker and loads no alert script", async ({ page }) => {
    for (const path of ["/", "/contact"]) {
      await page.goto(path);
      await waitForApp(page);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((registration) => registration.scope))).toEqual([]);
      expect(await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name).filter((name) => name.includes("/aanvraag/")))).toEqual([]);
    }
  });
});
