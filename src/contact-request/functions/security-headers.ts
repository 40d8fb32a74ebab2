import { crossOriginResourcePolicy, oneYearSeconds } from "../../../plugins/gatsby-plugin-netlify-adapter/security-headers";

/** The function's JSON answers: nothing in them may run, load or be framed. */
export const apiSecurityHeaders: Record<string, string> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "Strict-Transport-Security": `max-age=${oneYearSeconds}; includeSubDomains`,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  [crossOriginResourcePolicy.key]: crossOriginResourcePolicy.value,
};

/** A function's JSON answer, never cached: Netlify's _headers rules do not reach function answers, so it sets its own. */
export const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...apiSecurityHeaders, ...headers },
  });
