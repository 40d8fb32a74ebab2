import { createHmac, timingSafeEqual } from "node:crypto";
import { receivedAtOf, retentionEnd, type StoredContactRequest } from "./contact-delivery";

/**
 * The signed link to a request's page (docs/contact-requests.md, "The request
 * page"): `/aanvraag/{id}/{expiry}/{signature}`, the expiry in Unix seconds,
 * the signature an HMAC-SHA256 of id and expiry under the production secret
 * REQUEST_LINK_SECRET. The link is the key: whoever has it sees the request,
 * so it is only ever mailed to the contractor. Another secret revokes every
 * link at once.
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

const sign = (secret: string, id: string, expiry: string) => createHmac("sha256", secret).update(`${id}/${expiry}`).digest("base64url");

/** The path of a request's page, valid until `expiresAt`. */
export function requestLinkPath(id: string, expiresAt: Date, secret: string): string {
  const expiry = String(Math.floor(expiresAt.getTime() / 1000));
  return `${requestPagesPath}/${id}/${expiry}/${sign(secret, id, expiry)}`;
}

/** The full address of a request's page, valid for as long as the request is kept: every mail that names it gives the same link. */
export const requestPageUrl = (record: Pick<StoredContactRequest, "id" | "receivedAt">, { origin, secret }: RequestPages) =>
  `${origin.replace(/\/+$/, "")}${requestLinkPath(record.id, retentionEnd(new Date(record.receivedAt)), secret)}`;

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
  const expected = Buffer.from(sign(secret, id, expiry));
  const given = Buffer.from(signature);
  if (given.length !== signatureLength || !timingSafeEqual(given, expected)) return null;
  if (Number(expiry) * 1000 <= now.getTime()) return null;
  return { id, link: `${requestPagesPath}/${id}/${expiry}/${signature}`, rest: rest[0] ?? "" };
}
