/**
 * Google Analytics 4, only when the build sets GATSBY_ANALYTICS_ID and only
 * after the visitor allowed analytics. Nothing here runs on its own.
 */

type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void } & Record<string, unknown>;

/** Inlined by webpack at build time; empty when the build did not set it. */
export const analyticsId = process.env.GATSBY_ANALYTICS_ID ?? "";

export const analyticsScriptUrl = (id: string) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;

export function startAnalytics(id: string, win: GtagWindow = window as unknown as GtagWindow): void {
  win[`ga-disable-${id}`] = false;
  const doc = win.document;
  if (doc.querySelector(`script[data-analytics="${id}"]`)) return;
  const dataLayer = (win.dataLayer ??= []);
  // gtag.js reads the Arguments objects themselves from the data layer, not copies of them.
  win.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  win.gtag("js", new Date());
  win.gtag("config", id);
  const script = doc.createElement("script");
  script.async = true;
  script.src = analyticsScriptUrl(id);
  script.dataset.analytics = id;
  doc.head.append(script);
}

/** After withdrawal: gtag.js stops sending, and its cookies go. */
export function stopAnalytics(id: string, win: GtagWindow = window as unknown as GtagWindow): void {
  win[`ga-disable-${id}`] = true;
  const doc = win.document;
  const names = doc.cookie
    .split(";")
    .map((cookie) => cookie.split("=")[0].trim())
    .filter((name) => name === "_ga" || name.startsWith("_ga_"));
  const host = win.location.hostname;
  const domains = ["", host, `.${host.split(".").slice(-2).join(".")}`];
  for (const name of names) {
    for (const domain of domains) {
      doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain ? `; domain=${domain}` : ""}`;
    }
  }
}
