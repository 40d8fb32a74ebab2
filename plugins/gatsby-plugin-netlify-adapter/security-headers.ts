/**
 * The security headers of the pages and of /admin, which the adapter writes
 * to public/_headers (adapter.ts), built from what the site really loads: its
 * own files, Google Maps in a frame after "Kaart laden", and Google Analytics
 * only when the build sets an id and the visitor allows it. The function's
 * own are in src/contact-request/functions/security-headers.ts.
 */
import { createHash } from "node:crypto";
import { inlineScripts } from "../gatsby-plugin-first-paint/inline-scripts";
import { analyticsScriptUrl } from "../../src/lib/analytics";
import { mapEmbedUrl } from "../../src/lib/maps";

export interface Header {
  key: string;
  value: string;
}

export interface PolicyOptions {
  /** CSP sources ('sha256-…') of the site's own inline scripts (siteInlineScripts, plugins/gatsby-plugin-first-paint/inline-scripts.ts). */
  scriptHashes: string[];
  /** GATSBY_ANALYTICS_ID of the build; empty when the site has no analytics. */
  analyticsId: string;
}

const mapsOrigin = new URL(mapEmbedUrl("Amsterdam")).origin;
const tagManagerOrigin = new URL(analyticsScriptUrl("G-X")).origin;
/** Where gtag.js sends its hits, in every region (Google's CSP guide for GA4). */
const analyticsHitOrigins = ["https://*.google-analytics.com", "https://*.analytics.google.com", tagManagerOrigin];

export function contentSecurityPolicy({ scriptHashes, analyticsId }: PolicyOptions): string {
  const analytics = analyticsId !== "";
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...[...new Set(scriptHashes)].sort(), ...(analytics ? [tagManagerOrigin] : [])],
    // Emotion writes <style> blocks and the components set CSS variables in style attributes; scripts stay strict.
    "style-src": ["'self'", "'unsafe-inline'"],
    // data: carries the blurred placeholders behind each image (src/lib/picture.ts); blob: the contact form's photo thumbnails (PhotoField.tsx).
    "img-src": ["'self'", "data:", "blob:", ...(analytics ? analyticsHitOrigins : [])],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(analytics ? analyticsHitOrigins : [])],
    "frame-src": [mapsOrigin],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/**
 * Browser features the site never uses, switched off for it and for the map's
 * frame. Only names Chromium knows: an unknown one ("bluetooth") costs every
 * page a console warning and switches nothing off.
 */
export const disabledFeatures = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "encrypted-media",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
  "browsing-topics",
];

export const oneYearSeconds = 31_536_000;

/**
 * No other site embeds our files. Not Cross-Origin-Embedder-Policy: it would
 * refuse the maps frame, which sends no CORP header of its own. Not
 * Cross-Origin-Opener-Policy on the pages and the function: there is no login,
 * secret or state on them that another window could reach, and it costs a
 * visitor's phone a new process for every page opened from another site
 * (plugins/gatsby-plugin-first-paint/README.md, "Cross-Origin-Opener-Policy only on /admin"). /admin,
 * where the editor's token lives, has it (cmsSecurityHeaders).
 */
export const crossOriginResourcePolicy: Header = { key: "cross-origin-resource-policy", value: "same-origin" };

export function securityHeaders(options: PolicyOptions): Header[] {
  return [
    { key: "content-security-policy", value: contentSecurityPolicy(options) },
    { key: "strict-transport-security", value: `max-age=${oneYearSeconds}; includeSubDomains` },
    { key: "x-content-type-options", value: "nosniff" },
    { key: "referrer-policy", value: "strict-origin-when-cross-origin" },
    { key: "permissions-policy", value: disabledFeatures.map((feature) => `${feature}=()`).join(", ") },
    // For browsers that predate frame-ancestors.
    { key: "x-frame-options", value: "DENY" },
    crossOriginResourcePolicy,
  ];
}

/** The CSP hash source of a script's text. */
export const scriptHashSource = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The CSP hash source of each inline script in a page that the browser would run. */
export const inlineScriptHashes = (html: string): string[] => inlineScripts(html).map(scriptHashSource);

/**
 * Gatsby's header routes with ours: the catch-all route (which also answers
 * unknown paths with the 404 page) carries the security headers in place of
 * Gatsby's defaults; its cache rules stay as Gatsby made them.
 */
export function withSecurityHeaders<Route extends { path: string; headers: Header[] }>(routes: Route[], headers: Header[]): Route[] {
  const replaced = new Set(headers.map((header) => header.key));
  replaced.add("x-xss-protection"); // Obsolete: modern browsers ignore it, and CSP does its job.
  let found = false;
  const result = routes.map((route) => {
    if (route.path !== "/*") return route;
    found = true;
    return { ...route, headers: [...route.headers.filter((header) => !replaced.has(header.key)), ...headers] };
  });
  if (!found) throw new Error('Gatsby gave the adapter no "/*" header route to add the security headers to');
  return result;
}

/** decap-server, which `npm run cms` starts beside the site (scripts/cms.ts). */
export const localBackendOrigin = "http://localhost:8081";

/** Where the CMS talks to: GitHub's API on the live site; decap-server on a laptop, only in a build for `npm run cms`. */
export const cmsConnectSources = (localBackend: boolean) => ["https://api.github.com", ...(localBackend ? [localBackendOrigin] : [])];

/**
 * The CMS at /admin (plugins/gatsby-plugin-cms) runs Decap's prebuilt bundle,
 * which the pages' policy would refuse: it compiles its validation schemas at
 * run time, talks to GitHub's API or decap-server, and holds uploads as blob:
 * URLs, which it shows and reads back to save them. So /admin gets a policy of its own, which allows that there and
 * nowhere else; it is noindex, and it may keep a handle on the login popup
 * (Netlify's OAuth window reports back to it).
 */
export function cmsSecurityHeaders({ localBackend }: { localBackend: boolean }): Header[] {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-eval'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https://avatars.githubusercontent.com"],
    "font-src": ["'self'", "data:"],
    // blob: for the upload a save reads back before it sends it.
    "connect-src": ["'self'", "blob:", ...cmsConnectSources(localBackend)],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return [
    { key: "content-security-policy", value: Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ") },
    { key: "cross-origin-opener-policy", value: "same-origin-allow-popups" },
    { key: "x-robots-tag", value: "noindex, nofollow" },
  ];
}

/**
 * The header routes of /admin, after the catch-all one: for a header both set,
 * Netlify serves the later rule's value (and `netlify serve` does the same),
 * so /admin's policy replaces the pages' there and only there.
 */
export function withCmsHeaders<Route extends { path: string; headers: Header[] }>(routes: Route[], cmsPath: string, headers: Header[]): Route[] {
  const template = routes.find((route) => route.path === "/*");
  if (!template) throw new Error('Gatsby gave the adapter no "/*" header route to put the CMS routes after');
  return [...routes, { ...template, path: cmsPath, headers }, { ...template, path: `${cmsPath}/*`, headers }];
}
