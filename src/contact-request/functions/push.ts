import { createECDH, createHash, ECDH } from "node:crypto";
import type { Store } from "@netlify/blobs";
// The default export: web-push is CommonJS, and the function's ES module finds no named exports in it.
import webPush from "web-push";
import type { StoredContactRequest } from "./contact-delivery";
import { listKeys } from "./request-store";
import { photoCount, requestTitle } from "./mail";

/**
 * Alerts on the contractor's own devices by Web Push (docs/contact-requests.md,
 * "Alerts on the phone"). A device subscribes on a request's page; its
 * subscription is kept under `push/{hash of its endpoint}` in the deploy's
 * store, and deleted when the push service answers it is gone (404, 410).
 * web-push encrypts the message and signs the VAPID header; the request
 * itself goes by fetch, which speaks http to a push service on localhost
 * (the tests' web-push-testing) as well as https.
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
  /** Push services this deploy sends to: https only in production and previews, so a subscription cannot aim the function at a private address. */
  endpointAllowed: (endpoint: string) => boolean;
}

/** A subscription as the browser's PushSubscription.toJSON() gives it, checked. */
export interface DeviceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface KeptSubscription {
  subscription: DeviceSubscription;
  addedAt: string;
}

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

const pushPrefix = "push/";
const keyOf = (endpoint: string) => `${pushPrefix}${createHash("sha256").update(endpoint).digest("base64url")}`;

/** Devices one site sends alerts to: a few phones and a computer, not a mailing list. */
export const maxDevices = 20;
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

/** https anywhere but a host written as an address or localhost; locally also http on this machine (web-push-testing). */
export function endpointPolicy(local: boolean): (endpoint: string) => boolean {
  return (endpoint) => {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    const thisMachine = url.hostname === "localhost" || url.hostname === "127.0.0.1";
    if (local && thisMachine) return url.protocol === "http:" || url.protocol === "https:";
    const literal = /^[\d.]+$/.test(url.hostname) || url.hostname.startsWith("[");
    return url.protocol === "https:" && !thisMachine && !literal && url.username === "" && url.password === "";
  };
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

/** The devices that asked for alerts, kept in a deploy's store. */
export class PushSubscriptions {
  constructor(private readonly store: Store) {}

  /** Keeps a device's subscription; false when the site has its maximum of devices. */
  async add(subscription: DeviceSubscription, at: Date): Promise<boolean> {
    const key = keyOf(subscription.endpoint);
    const keys = await listKeys(this.store, pushPrefix);
    if (!keys.includes(key) && keys.length >= maxDevices) return false;
    const kept: KeptSubscription = { subscription, addedAt: at.toISOString() };
    await this.store.setJSON(key, kept);
    return true;
  }

  async remove(endpoint: string): Promise<void> {
    await this.store.delete(keyOf(endpoint));
  }

  async all(): Promise<DeviceSubscription[]> {
    const keys = await listKeys(this.store, pushPrefix);
    const kept = await Promise.all(keys.map((key) => this.store.get(key, { type: "json" }) as Promise<KeptSubscription | null>));
    return kept.flatMap((entry) => (entry ? [entry.subscription] : []));
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
      const details = webPush.generateRequestDetails(subscription, JSON.stringify(alert), {
        vapidDetails: this.setup.keys,
        TTL: alertTtlSeconds,
        urgency: "high",
      });
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: new Uint8Array(details.body),
        signal: AbortSignal.timeout(pushTimeoutMs),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) return "gone";
      return response.ok ? "sent" : "failed";
    } catch {
      return "failed";
    }
  }

  /** Every subscribed device at once; a gone one is deleted, so the next alert does not try it. */
  async toAll(store: Store, alert: Alert): Promise<PushOutcome> {
    const devices = new PushSubscriptions(store);
    const subscriptions = await devices.all();
    const results = await Promise.all(
      subscriptions.map(async (subscription) => {
        const result = await this.toDevice(subscription, alert);
        if (result === "gone") await devices.remove(subscription.endpoint);
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
