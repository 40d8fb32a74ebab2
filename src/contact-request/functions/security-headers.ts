import { crossOriginResourcePolicy, oneYearSeconds } from "../../../plugins/gatsby-plugin-netlify-adapter/security-headers";

/** The function's JSON answers: nothing in them may run, load or be framed. */
export const apiSecurityHeaders: Record<string, string> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "Strict-Transport-Security": `max-age=${oneYearSeconds}; includeSubDomains`,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  [crossOriginResourcePolicy.key]: crossOriginResourcePolicy.value,
};

/**
 * Whether a post comes from another site (docs/contact-requests.md, "The
 * request page"; docs/cms.md, "When a change goes live"): the browser says so in Sec-Fetch-Site, or its Origin is not
 * this site's. The pages send no Referer (Referrer-Policy: no-referrer), so a
 * browser sends their own posts with `Origin: null`; that passes only where
 * Sec-Fetch-Site vouches for it. A post with neither header is no browser's
 * cross-site post: what it carries must prove it (the request page's link, an
 * editor's token).
 */
export function crossSite(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  if (origin === "null") return site === null;
  return origin !== new URL(request.url).origin;
}

/** A function's JSON answer, never cached: Netlify's _headers rules do not reach function answers, so it sets its own. */
export const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...apiSecurityHeaders, ...headers },
  });
