import { createECDH, createHash, createHmac, ECDH, timingSafeEqual } from "node:crypto";
import type { StoredContactRequest } from "./contact-delivery";
import {
  confirmationMailKey,
  confirmationMailsPrefix,
  confirmedDevicesKey,
  dayOfConfirmationMailKey,
  deleteKey,
  listKeys,
  readJson,
  readVersioned,
  takeFreeSlot,
  unconfirmedDeviceKey,
  unconfirmedDevicesPrefix,
  writeJson,
  type Blobs,
} from "./request-store";
import { photoCount, requestTitle } from "./mail";
import { deviceLinkPath, deviceLinkValid, type DeviceLink } from "./request-link";

/**
 * Alerts on the contractor's own devices by Web Push (docs/contact-requests.md,
 * "Alerts on the phone"). A device is turned on from a request's page, but a
 * request's link is worth that request only: the device waits, unconfirmed,
 * under `devices/unconfirmed/{device}`, and the contractor confirms it from a
 * mail to CONTACT_TO. Confirmed devices are one list, `devices/confirmed`,
 * changed only by conditional writes, so its cap holds under any load; each
 * carries a tag of the REQUEST_LINK_SECRET it was confirmed under, and a new
 * secret ends its alerts. web-push encrypts the message and signs the VAPID
 * header; the request itself goes by fetch, to a push service's host only
 * (endpointPolicy) and following no redirect.
 */

/** The VAPID key pair, base64url as web-push and the browser's applicationServerKey take them, and who sends. */
export interface PushKeys {
  publicKey: string;
  privateKey: string;
  /** An https: or mailto: address the push service can reach the sender at. */
  subject: string;
}

export interface PushSetup {
  keys: PushKeys;
  /** Push services this deploy sends to: the browsers' own in production and previews, so a subscription cannot aim the function anywhere else. */
  endpointAllowed: (endpoint: string) => boolean;
  /** REQUEST_LINK_SECRET as this deploy uses it: devices confirmed under another get nothing (deviceTag). */
  secret: string;
}

/** A subscription as the browser's PushSubscription.toJSON() gives it, checked. */
export interface DeviceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A device as kept, unconfirmed or confirmed. */
export interface KeptDevice {
  /** deviceIdOf its endpoint. */
  id: string;
  subscription: DeviceSubscription;
  /** What the mails call it: "Chrome op Android" (deviceLabel). */
  label: string;
  /** The reference of the request whose page turned it on. */
  from: string;
  addedAt: string;
  confirmedAt?: string;
  /** deviceTag of the secret it was kept under. */
  tag: string;
}

/** A confirmed device as the contractor's mails list it, each with a link that stops its alerts (mail.ts). */
export type ListedDevice = Pick<KeptDevice, "id" | "label" | "confirmedAt"> & { stopPath: string };

/** What a notification says, and where a tap leads. */
export interface Alert {
  title: string;
  body: string;
  /** The request's page. */
  url: string;
  /** A later alert with the same tag replaces the earlier one on the device. */
  tag: string;
}

export interface PushOutcome {
  sent: number;
  /** Subscriptions the push service called gone, now deleted. */
  gone: number;
  failed: number;
}


/** A device's name in keys and links: the hash of its endpoint, which its push service gives it alone. */
export const deviceIdOf = (endpoint: string) => createHash("sha256").update(endpoint).digest("base64url");

/** Devices one site sends alerts to: a few phones and a computer, not a mailing list. */
export const maxDevices = 20;
/** Confirmation mails a day, whatever the number of links used: a link holder cannot flood the contractor's mailbox. */
export const confirmationMailsPerDay = 3;
/** How long a confirmation mail's link works; an unconfirmed device is forgotten after it. */
export const confirmationDays = 7;
/** How long a push service may take to accept a message before the send counts as failed. */
const pushTimeoutMs = 5000;
/** A new request's alert is worth showing for a day; after that the reminders speak. */
const alertTtlSeconds = 24 * 3600;

const base64url = /^[A-Za-z0-9_-]{1,200}={0,2}$/;

/** A device's subscription from a request body, or null when it is not one this deploy sends to. */
export function subscriptionFrom(input: unknown, endpointAllowed: (endpoint: string) => boolean): DeviceSubscription | null {
  if (typeof input !== "object" || input === null) return null;
  const { endpoint, keys } = input as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  if (typeof endpoint !== "string" || endpoint.length > 1024 || !endpointAllowed(endpoint)) return null;
  const { p256dh, auth } = keys ?? {};
  if (typeof p256dh !== "string" || typeof auth !== "string" || !base64url.test(p256dh) || !base64url.test(auth)) return null;
  // The device's key is a point on P-256, its auth secret 16 bytes: anything else could never be encrypted to.
  if (Buffer.from(auth, "base64url").length !== 16 || !isCurvePoint(p256dh)) return null;
  return { endpoint, keys: { p256dh, auth } };
}

function isCurvePoint(key: string): boolean {
  const bytes = Buffer.from(key, "base64url");
  if (bytes.length !== 65) return false;
  try {
    ECDH.convertKey(bytes, "prime256v1");
    return true;
  } catch {
    return false;
  }
}

/**
 * The push services browsers subscribe at, by host name: Google's FCM (Chrome,
 * Edge, Android), Mozilla's autopush, Apple's and Microsoft's (older Edge).
 * A host is one of them or under one (`*.push.apple.com`).
 */
export const pushServiceHosts = ["fcm.googleapis.com", "push.services.mozilla.com", "push.apple.com", "notify.windows.com"] as const;

/**
 * Whether an endpoint is at a push service: https, the default port, no user,
 * and a host name under pushServiceHosts as the URL parser reads it, which
 * undoes percent-encoding and turns every way of writing an address into one
 * (2130706433, 0x7f.1 and 127.1 all become 127.0.0.1, which is under no
 * name); a trailing dot names the same host. Under `npm start` (local) also
 * http on this machine, where web-push-testing runs.
 */
export function endpointPolicy(local: boolean): (endpoint: string) => boolean {
  return (endpoint) => {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (url.username !== "" || url.password !== "") return false;
    if (local && (url.hostname === "localhost" || url.hostname === "127.0.0.1")) return url.protocol === "http:" || url.protocol === "https:";
    const host = url.hostname.replace(/\.$/, "");
    return url.protocol === "https:" && url.port === "" && pushServiceHosts.some((service) => host === service || host.endsWith(`.${service}`));
  };
}

/** The tag a device is kept with: another REQUEST_LINK_SECRET, another tag, and the device gets nothing. */
export const deviceTag = (secret: string) => createHmac("sha256", secret).update("device-tag").digest("base64url");

/** What a device link is bound to: that subscription, turned on at that moment (request-link.ts, deviceLinkPath). */
export const deviceFingerprint = ({ subscription, addedAt }: Pick<KeptDevice, "subscription" | "addedAt">) =>
  createHash("sha256").update(JSON.stringify([subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth, addedAt])).digest("base64url");

/**
 * A device as a person names it, from its User-Agent: "Chrome op Android",
 * "Safari op iPhone". Only a name for the mails: the contractor recognises
 * their own phone, or sees one that is not.
 */
export function deviceLabel(userAgent: string | null): string {
  const agent = userAgent ?? "";
  const browsers: [RegExp, string][] = [
    [/Edg(A|iOS)?\//, "Edge"],
    [/OPR\/|Opera/, "Opera"],
    [/SamsungBrowser\//, "Samsung Internet"],
    [/Firefox\/|FxiOS\//, "Firefox"],
    [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
    [/Safari\//, "Safari"],
  ];
  const systems: [RegExp, string][] = [
    [/iPhone/, "iPhone"],
    [/iPad/, "iPad"],
    [/Android/, "Android"],
    [/Windows/, "Windows"],
    [/CrOS/, "ChromeOS"],
    [/Macintosh|Mac OS X/, "macOS"],
    [/Linux/, "Linux"],
  ];
  const browser = browsers.find(([pattern]) => pattern.test(agent))?.[1] ?? "Een onbekende browser";
  const system = systems.find(([pattern]) => pattern.test(agent))?.[1] ?? "een onbekend systeem";
  return `${browser} op ${system}`;
}

/** Whether two subscriptions are the same device with the same keys; the keys compared in constant time. */
function sameKeys(a: DeviceSubscription, b: DeviceSubscription): boolean {
  const bytes = (subscription: DeviceSubscription) => createHash("sha256").update(`${subscription.keys.p256dh}\n${subscription.keys.auth}`).digest();
  return a.endpoint === b.endpoint && timingSafeEqual(bytes(a), bytes(b));
}

/** Keys for `npm start`, the same on every run so a device subscribed once stays subscribed: they guard nothing beyond this machine. */
export function localPushKeys(seed: string, subject: string): PushKeys {
  const curve = createECDH("prime256v1");
  curve.setPrivateKey(createHash("sha256").update(`vapid ${seed}`).digest());
  return { publicKey: curve.getPublicKey().toString("base64url"), privateKey: curve.getPrivateKey().toString("base64url"), subject };
}

/** The keys from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or null while either is unset. */
export function pushKeysFrom(env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string }, subject: string): PushKeys | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  return publicKey && privateKey ? { publicKey, privateKey, subject } : null;
}

/** A new request: "Nieuwe aanvraag: Daklekkage in Zaandam", "3 foto's · Marieke de Vries". */
export function newRequestAlert(record: StoredContactRequest, url: string): Alert {
  return {
    title: `Nieuwe aanvraag: ${requestTitle(record.request)}`,
    body: `${photoCount(record.photos?.length ?? 0)} · ${record.request.name}`,
    url,
    tag: record.id,
  };
}

/** Requests halfway to their target, in one alert that opens the oldest: "Nog niet beantwoord: Daklekkage in Zaandam". */
export function reminderAlert(waiting: readonly { record: StoredContactRequest; url: string; answerBy: string }[]): Alert {
  const [oldest, ...others] = [...waiting].sort((a, b) => a.record.receivedAt.localeCompare(b.record.receivedAt));
  if (!oldest) throw new Error("a reminder names at least one request");
  const more = others.length === 0 ? "" : others.length === 1 ? " En nog 1 aanvraag wacht." : ` En nog ${others.length} aanvragen wachten.`;
  return {
    title: `Nog niet beantwoord: ${requestTitle(oldest.record.request)}`,
    body: `Beantwoorden ${oldest.answerBy}.${more}`,
    url: oldest.url,
    tag: `herinnering-${oldest.record.id}`,
  };
}

/** Where a device stands: it gets alerts, it waits for the contractor's confirmation, or the site does not know it. */
export type DeviceState = "on" | "unconfirmed" | "off";

/** What asking for alerts came to: on or waiting already, a new device to mail about, or the day's confirmation mails used. */
export type DeviceRequest = { state: "on" | "unconfirmed" } | { state: "new"; device: KeptDevice } | { state: "day-full" };

/** What a confirmation came to. */
export type Confirmation = { state: "confirmed"; device: KeptDevice } | { state: "full" };

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const expired = (device: KeptDevice, at: Date) => Date.parse(device.addedAt) + confirmationDays * 86_400_000 <= at.getTime();

/** The devices that get alerts, and those waiting for confirmation, in a deploy's store, under one REQUEST_LINK_SECRET. */
export class DeviceList {
  private readonly tag: string;

  constructor(
    private readonly store: Blobs,
    private readonly secret: string,
  ) {
    this.tag = deviceTag(secret);
  }

  /** The path of the link in the confirmation mail: it confirms this device, as it was turned on, for confirmationDays. */
  confirmPath(device: KeptDevice): string {
    const expiry = String(Math.floor(Date.parse(device.addedAt) / 1000) + confirmationDays * 86_400);
    return deviceLinkPath({ kind: "confirm", id: device.id, stamp: expiry }, deviceFingerprint(device), this.secret);
  }

  /** The path of the link in every mail that stops this device's alerts: it works as long as this confirmation stands. */
  stopPath(device: KeptDevice): string {
    return deviceLinkPath({ kind: "stop", id: device.id, stamp: String(Math.floor(Date.parse(device.confirmedAt ?? "") / 1000)) }, deviceFingerprint(device), this.secret);
  }

  /** The confirmed devices of this secret; any of another secret is deleted on the way. */
  async confirmed(): Promise<KeptDevice[]> {
    const devices = (await readJson<{ devices: KeptDevice[] }>(this.store, confirmedDevicesKey))?.devices ?? [];
    const current = devices.filter((device) => device.tag === this.tag);
    // A secret changed since: the next change of the list drops the rest; this one makes sure there is one.
    if (current.length < devices.length) await this.change((list) => list);
    return current;
  }

  /** The confirmed devices as the contractor's mails list them (mail.ts, MailAddresses.devices), each with the path that stops its alerts. */
  async listed(): Promise<ListedDevice[]> {
    return (await this.confirmed()).map((device) => this.listing(device));
  }

  /** One confirmed device as a mail lists it. */
  listing(device: KeptDevice): ListedDevice {
    return { id: device.id, label: device.label, confirmedAt: device.confirmedAt, stopPath: this.stopPath(device) };
  }

  async state(subscription: DeviceSubscription, at: Date): Promise<DeviceState> {
    const [confirmed, waiting] = await Promise.all([this.confirmed(), this.unconfirmed(deviceIdOf(subscription.endpoint), at)]);
    if (confirmed.some((device) => sameKeys(device.subscription, subscription))) return "on";
    return waiting && sameKeys(waiting.subscription, subscription) ? "unconfirmed" : "off";
  }

  /**
   * The device a confirmation or stop link names, if the link was made for it
   * as it is kept: a confirmation link while it has not expired, for the
   * device waiting or (clicked twice) confirmed; a stop link for the device's
   * confirmation as it stands. Null for any other link.
   */
  async byLink(link: DeviceLink, at: Date): Promise<{ device: KeptDevice; confirmed: boolean } | null> {
    const [waiting, confirmed] = await Promise.all([link.kind === "confirm" ? this.unconfirmed(link.id, at) : null, this.confirmed()]);
    const listed = confirmed.find((device) => device.id === link.id) ?? null;
    const madeFor = (device: KeptDevice | null): device is KeptDevice => device !== null && deviceLinkValid(link, deviceFingerprint(device), this.secret);
    if (link.kind === "stop") return madeFor(listed) && this.stopPath(listed).endsWith(`/${link.stamp}/${link.signature}`) ? { device: listed, confirmed: true } : null;
    if (Number(link.stamp) * 1000 <= at.getTime()) return null;
    if (madeFor(waiting)) return { device: waiting, confirmed: false };
    return madeFor(listed) ? { device: listed, confirmed: true } : null;
  }

  /** A device waiting for confirmation, while its link works. */
  async unconfirmed(id: string, at: Date): Promise<KeptDevice | null> {
    const device = await readJson<KeptDevice>(this.store, unconfirmedDeviceKey(id));
    return device && device.tag === this.tag && !expired(device, at) ? device : null;
  }

  /**
   * A device asks for alerts. One the site knows is on or waits; a new one is
   * kept unconfirmed if the day has a confirmation mail left: the day's mails
   * are slots written only if new, so the count holds however many ask at once.
   */
  async request(subscription: DeviceSubscription, label: string, from: string, at: Date): Promise<DeviceRequest> {
    const state = await this.state(subscription, at);
    if (state !== "off") return { state };
    const id = deviceIdOf(subscription.endpoint);
    const day = dayOf(at);
    const slots = Array.from({ length: confirmationMailsPerDay }, (_, n) => confirmationMailKey(day, n));
    if (!(await takeFreeSlot(this.store, slots, { device: id, at: at.toISOString() }))) return { state: "day-full" };
    await this.forgetStale(at);
    const device: KeptDevice = { id, subscription, label, from, addedAt: at.toISOString(), tag: this.tag };
    // One unconfirmed record per endpoint: a stale one (other keys, expired, another secret) makes way.
    await deleteKey(this.store, unconfirmedDeviceKey(id));
    const { written } = await writeJson(this.store, unconfirmedDeviceKey(id), device, { onlyIfNew: true });
    return written ? { state: "new", device } : { state: "unconfirmed" };
  }

  /** Forgets an unconfirmed device, as when its confirmation mail could not be sent. */
  async withdraw(device: KeptDevice): Promise<void> {
    await deleteKey(this.store, unconfirmedDeviceKey(device.id));
  }

  /** Moves a waiting device to the confirmed list, unless the list is full; confirming one twice keeps it once. */
  async confirm(device: KeptDevice, at: Date): Promise<Confirmation> {
    const confirmed: KeptDevice = { ...device, confirmedAt: at.toISOString() };
    let full = false;
    await this.change((devices) => {
      const others = devices.filter((each) => each.id !== device.id);
      full = others.length >= maxDevices;
      return full ? devices : [...others, confirmed];
    });
    if (full) return { state: "full" };
    await deleteKey(this.store, unconfirmedDeviceKey(device.id));
    return { state: "confirmed", device: confirmed };
  }

  /** Stops a confirmed device's alerts. */
  async stop(id: string): Promise<void> {
    await this.change((devices) => devices.filter((device) => device.id !== id));
  }

  /** A device turns its alerts off from a page: only with the keys it was kept with, so knowing an endpoint is not enough. */
  async unsubscribe(subscription: DeviceSubscription, at: Date): Promise<void> {
    const id = deviceIdOf(subscription.endpoint);
    const waiting = await this.unconfirmed(id, at);
    if (waiting && sameKeys(waiting.subscription, subscription)) await this.withdraw(waiting);
    await this.change((devices) => devices.filter((device) => !(device.id === id && sameKeys(device.subscription, subscription))));
  }

  /**
   * Changes the confirmed list with a conditional write on what was read, and
   * again on a conflict; each conflict is another writer's success, so a
   * writer needs at most one try per device that can be added, and a few more.
   */
  private async change(change: (devices: KeptDevice[]) => KeptDevice[]): Promise<KeptDevice[]> {
    for (let attempt = 1; attempt <= maxDevices + 5; attempt += 1) {
      const read = await readVersioned<{ devices: KeptDevice[] }>(this.store, confirmedDevicesKey);
      const devices = read?.value.devices ?? [];
      const changed = change(devices.filter((device) => device.tag === this.tag));
      if (changed.length === devices.length && changed.every((device, index) => device === devices[index])) return changed;
      const { written } = await writeJson(this.store, confirmedDevicesKey, { devices: changed }, read ? { onlyIfMatch: read.etag } : { onlyIfNew: true });
      if (written) return changed;
    }
    throw new Error("the device list kept changing under every write");
  }

  /** Deletes the day counts before yesterday and the unconfirmed devices whose link has expired: a few keys, looked at only when a new device asks. */
  private async forgetStale(at: Date): Promise<void> {
    const yesterday = dayOf(new Date(at.getTime() - 86_400_000));
    const counts = (await listKeys(this.store, confirmationMailsPrefix)).filter((key) => dayOfConfirmationMailKey(key) < yesterday);
    const waiting = await Promise.all(
      (await listKeys(this.store, unconfirmedDevicesPrefix)).map(async (key) => ({ key, device: await readJson<KeptDevice>(this.store, key) })),
    );
    const stale = waiting.filter(({ device }) => !device || device.tag !== this.tag || expired(device, at)).map(({ key }) => key);
    await Promise.all([...counts, ...stale].map((key) => deleteKey(this.store, key)));
  }
}

/** Sends alerts with this deploy's keys. */
export class RequestAlerts {
  constructor(readonly setup: PushSetup) {}

  get publicKey(): string {
    return this.setup.keys.publicKey;
  }

  /** One device: "sent", "gone" (the push service no longer knows it) or "failed". */
  async toDevice(subscription: DeviceSubscription, alert: Alert): Promise<"sent" | "gone" | "failed"> {
    try {
      // Loaded with the first alert an instance sends: its key and cipher code is the largest part of a cold start
      // (docs/contact-requests.md, "Cold starts"). The default export: web-push is CommonJS, and the function's ES
      // module finds no named exports in it.
      const { default: webPush } = await import("web-push");
      const details = webPush.generateRequestDetails(subscription, JSON.stringify(alert), {
        vapidDetails: this.setup.keys,
        TTL: alertTtlSeconds,
        urgency: "high",
      });
      // Checked again here, whoever passed the subscription: the function calls push services and nothing else.
      if (!this.setup.endpointAllowed(details.endpoint)) return "failed";
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: new Uint8Array(details.body),
        signal: AbortSignal.timeout(pushTimeoutMs),
        // A push service answers where it was asked; a redirect would send the function elsewhere.
        redirect: "error",
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) return "gone";
      return response.ok ? "sent" : "failed";
    } catch {
      return "failed";
    }
  }

  /** The devices of this deploy's secret in a store. */
  devices(store: Blobs): DeviceList {
    return new DeviceList(store, this.setup.secret);
  }

  /** Every confirmed device at once, and none other; a gone one is deleted, so the next alert does not try it. */
  async toAll(store: Blobs, alert: Alert): Promise<PushOutcome> {
    return this.toConfirmed(store, await this.devices(store).confirmed(), alert);
  }

  /** The confirmed devices as read already (DeviceList.confirmed), so a caller that lists them in a mail reads them once. */
  async toConfirmed(store: Blobs, confirmed: readonly KeptDevice[], alert: Alert): Promise<PushOutcome> {
    const devices = this.devices(store);
    const results = await Promise.all(
      confirmed.map(async (device) => {
        const result = await this.toDevice(device.subscription, alert);
        if (result === "gone") await devices.stop(device.id);
        return result;
      }),
    );
    return {
      sent: results.filter((result) => result === "sent").length,
      gone: results.filter((result) => result === "gone").length,
      failed: results.filter((result) => result === "failed").length,
    };
  }
}
