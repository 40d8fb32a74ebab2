/** Production address when SITE_URL is not set; Netlify sets URL on its builds. */
const defaultSiteUrl = "https://www.grachtenstad-dakwerken.nl";

/** The site's canonical origin, without a trailing slash. */
export function siteUrl(env: Record<string, string | undefined>): string {
  const raw = env.SITE_URL || env.URL || defaultSiteUrl;
  return raw.replace(/\/+$/, "");
}
