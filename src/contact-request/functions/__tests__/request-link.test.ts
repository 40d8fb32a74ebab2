/**
 * @jest-environment node
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { grantedLink, requestLinkPath, requestPageUrl, requestPagesPath } from "../request-link";
import { newStoredRequest, retentionEnd } from "../contact-delivery";
import { validRequest } from "../../shared/__tests__/contact-request-example";

const secret = "test-link-secret";
const now = new Date("2026-11-27T16:00:00Z");
const record = newStoredRequest(validRequest, new Date("2026-11-27T15:55:00Z"));
const link = requestLinkPath(record.id, retentionEnd(new Date(record.receivedAt)), secret);
const [, , id, expiry, signature] = link.split("/");

describe("a request's link", () => {
  it("is where the request-page function is routed", () => {
    // Netlify reads the route from the function's source without running it, so it is typed there as a literal.
    const entry = fs.readFileSync(path.join(__dirname, "../../../../netlify/functions/request-page/request-page.mts"), "utf8");
    expect(entry).toContain(`export const config: Config = { path: "${requestPagesPath}/*" };`);
  });

  it("grants its request, the page and what lies under it", () => {
    expect(grantedLink(link, secret, now)).toEqual({ id: record.id, link, rest: "" });
    expect(grantedLink(`${link}/foto-2.jpg`, secret, now)).toEqual({ id: record.id, link, rest: "foto-2.jpg" });
  });

  it("is the same in every mail, and lasts as long as the request is kept", () => {
    const pages = { origin: "https://www.dakdekker.test/", secret };
    expect(requestPageUrl(record, pages)).toBe(`https://www.dakdekker.test${link}`);
    expect(requestPageUrl(record, pages)).toBe(requestPageUrl({ ...record }, pages));
    const end = retentionEnd(new Date(record.receivedAt));
    expect(grantedLink(link, secret, new Date(end.getTime() - 1000))).not.toBeNull();
    expect(grantedLink(link, secret, end)).toBeNull();
  });

  it("grants nothing once altered anywhere: another id, a later expiry, a changed signature, another secret", () => {
    const otherId = newStoredRequest(validRequest, new Date("2026-11-27T15:56:00Z")).id;
    const flipped = `${signature?.slice(0, -1)}${signature?.endsWith("A") ? "B" : "A"}`;
    for (const altered of [
      `${requestPagesPath}/${otherId}/${expiry}/${signature}`,
      `${requestPagesPath}/${id}/${Number(expiry) + 1}/${signature}`,
      `${requestPagesPath}/${id}/${expiry}/${flipped}`,
      `${requestPagesPath}/${id}/${expiry}/${signature}=`,
      `${requestPagesPath}/${id}/${expiry}`,
      `${requestPagesPath}/${id}/${expiry}/${signature}/foto-1.jpg/meer`,
      `/aanvragen/${id}/${expiry}/${signature}`,
    ]) {
      expect(grantedLink(altered, secret, now)).toBeNull();
    }
    expect(grantedLink(link, "another-secret", now)).toBeNull();
  });

  it("grants nothing once expired", () => {
    const expired = requestLinkPath(record.id, new Date(now.getTime() - 1000), secret);
    expect(grantedLink(expired, secret, now)).toBeNull();
  });

  it("grants nothing to 1,000 random signatures", () => {
    for (let n = 0; n < 1000; n += 1) {
      expect(grantedLink(`${requestPagesPath}/${id}/${expiry}/${randomBytes(32).toString("base64url")}`, secret, now)).toBeNull();
    }
  });
});
