import { createHmac, timingSafeEqual } from "node:crypto";
import { receivedAtOf, retentionEnd, type StoredContactRequest } from "./contact-delivery";

/**
 * The signed link to a request's page (docs/contact-requests.md, "The request
 * page"): `/aanvraag/{id}/{expiry}/{signature}`, the expiry in Unix seconds,
 * the signature an HMAC-SHA256 of id and expiry under the production secret
 * REQUEST_LINK_SECRET. The link is the key: whoever has it sees the request,
 * so it is only ever mailed to the contractor. Another secret revokes every
 * link at once, and every device's alerts with them (push.ts).
 *
 * The links that confirm or stop a device's alerts are signed with the same
 * secret for a purpose of their own: their message starts with the purpose's
 * name, a request link's with the request's id (a digit), so no signature of
 * one kind is ever a valid signature of another.
 */
export const requestPagesPath = "/aanvraag";

/** Where the mails' links point, and the key they are signed with. */
export interface RequestPages {
  /** The site's origin, such as https://www.example.nl. */
  origin: string;
  secret: string;
}

const signatureLength = 43; // 32 bytes of HMAC-SHA256 in base64url, unpadded
const segment = {
  expiry: /^[1-9]\d{0,11}$/,
  signature: /^[A-Za-z0-9_-]{43}$/,
};

/** Whether a signature given in a link is the one expected, compared in constant time. */
const sameSignature = (given: string, expected: string) => {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === signatureLength && b.length === signatureLength && timingSafeEqual(a, b);
};

const sign = (secret: string, id: string, expiry: string) => createHmac("sha256", secret).update(`${id}/${expiry}`).digest("base64url");

/** The path of a request's page, valid until `expiresAt`. */
export function requestLinkPath(id: string, expiresAt: Date, secret: string): string {
  const expiry = String(Math.floor(expiresAt.getTime() / 1000));
  return `${requestPagesPath}/${id}/${expiry}/${sign(secret, id, expiry)}`;
}

/** The full address of a request's page, valid until `expiresAt`. */
const pageUrl = (id: string, expiresAt: Date, { origin, secret }: RequestPages) => `${origin.replace(/\/+$/, "")}${requestLinkPath(id, expiresAt, secret)}`;

/** The full address of a request's page, valid for as long as the request is kept: every mail that names it gives the same link. */
export const requestPageUrl = (record: Pick<StoredContactRequest, "id" | "receivedAt">, pages: RequestPages) => pageUrl(record.id, retentionEnd(new Date(record.receivedAt)), pages);

/**
 * How long past its reply target an alert's link opens the request
 * (docs/contact-requests.md, "Alerts on the phone"): an alert sits on a lock
 * screen and in a phone's list of notifications, where more eyes see it than
 * a mailbox, and it is there to get the request answered in time. Three days
 * past the target cover a long weekend; after that the mail's link serves.
 */
export const alertLinkDaysPastTarget = 3;

/** The address an alert opens: the request's page, until a few days past its reply target (never past the request's term). */
export function alertPageUrl(record: Pick<StoredContactRequest, "id" | "receivedAt">, pages: RequestPages, due: Date): string {
  const end = Math.min(due.getTime() + alertLinkDaysPastTarget * 86_400_000, retentionEnd(new Date(record.receivedAt)).getTime());
  return pageUrl(record.id, new Date(end), pages);
}

/** What a link that passed its check grants: the request, the link's own path, and what under it was asked for. */
export interface GrantedLink {
  id: string;
  /** The page's path, the base of its photos and the target of its marks. */
  link: string;
  /** What follows the link: "" for the page, a photo's name for a photo. */
  rest: string;
}

/**
 * Checks a path under /aanvraag/: a request id of ours, an expiry still ahead,
 * and a signature made with the secret, compared in constant time. Anything
 * else, an altered, expired or foreign link, is null, and the caller answers
 * them all alike.
 */
export function grantedLink(pathname: string, secret: string, now: Date): GrantedLink | null {
  const parts = pathname.split("/");
  const [empty, base, id = "", expiry = "", signature = "", ...rest] = parts;
  if (empty !== "" || `/${base}` !== requestPagesPath || rest.length > 1) return null;
  if (!receivedAtOf(id) || !segment.expiry.test(expiry) || !segment.signature.test(signature)) return null;
  if (!sameSignature(signature, sign(secret, id, expiry))) return null;
  if (Number(expiry) * 1000 <= now.getTime()) return null;
  return { id, link: `${requestPagesPath}/${id}/${expiry}/${signature}`, rest: rest[0] ?? "" };
}

/** The two things a device link does, and the path segment each has under /aanvraag/. */
export const deviceLinkKinds = { confirm: "toestel-bevestigen", stop: "toestel-stoppen" } as const;
export type DeviceLinkKind = keyof typeof deviceLinkKinds;

/** A device link as read from a path, not yet checked. */
export interface DeviceLink {
  kind: DeviceLinkKind;
  /** The device (push.ts, deviceIdOf). */
  id: string;
  /** A confirmation link's expiry, a stop link's moment of confirmation, in Unix seconds. */
  stamp: string;
  signature: string;
}

/**
 * `/aanvraag/{kind}/{device}/{stamp}/{signature}`: the HMAC covers the
 * purpose, the device, the stamp and what the device was kept with (`bound`,
 * push.ts's fingerprint of its subscription and when it was turned on), so a
 * link confirms or stops that very device and nothing else.
 */
const signDevice = (secret: string, { kind, id, stamp }: Omit<DeviceLink, "signature">, bound: string) =>
  createHmac("sha256", secret).update(`device-${kind}/${id}/${stamp}/${bound}`).digest("base64url");

export function deviceLinkPath(link: Omit<DeviceLink, "signature">, bound: string, secret: string): string {
  return `${requestPagesPath}/${deviceLinkKinds[link.kind]}/${link.id}/${link.stamp}/${signDevice(secret, link, bound)}`;
}

/** A path that has the form of a device link, or null; whether it grants anything is deviceLinkValid's to say. */
export function deviceLinkFrom(pathname: string): DeviceLink | null {
  const [empty, base, purpose, id = "", stamp = "", signature = "", ...rest] = pathname.split("/");
  if (empty !== "" || `/${base}` !== requestPagesPath || rest.length > 0) return null;
  const kind = (Object.keys(deviceLinkKinds) as DeviceLinkKind[]).find((each) => deviceLinkKinds[each] === purpose);
  if (!kind || !/^[A-Za-z0-9_-]{43}$/.test(id) || !segment.expiry.test(stamp) || !segment.signature.test(signature)) return null;
  return { kind, id, stamp, signature };
}

/** Whether a device link was signed with the secret for what it names, compared in constant time. */
export function deviceLinkValid(link: DeviceLink, bound: string, secret: string): boolean {
  return sameSignature(link.signature, signDevice(secret, link, bound));
}
