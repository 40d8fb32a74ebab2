/** Whether a navigation link is the page being shown (sections such as /diensten include their sub-pages). */
export function isCurrentPath(pathname: string, href: string): boolean {
  const normalise = (value: string) => (value.length > 1 ? value.replace(/\/+$/, "") : value);
  const current = normalise(pathname);
  const target = normalise(href);
  if (target === "/") return current === "/";
  return current === target || current.startsWith(`${target}/`);
}

const staticFile = /\.(xml|txt|json)$/i;

/**
 * A path such as /sitemap.xml is a file on the server, not a page of the app.
 * Reached by client-side navigation it needs a real browser navigation, except
 * when the browser already asked the server for it: then the server had no such
 * file, and navigating again would loop.
 */
export function needsFullNavigation(pathname: string, initialPathname: string): boolean {
  return staticFile.test(pathname) && pathname !== initialPathname;
}

/** The path of a town's landing page, from the slug in its content file: badhoevendorp gives /dakdekker-badhoevendorp. */
export const townPath = (slug: string) => `/dakdekker-${slug}`;

export const servicePath = (slug: string) => `/diensten/${slug}`;

/** An article's path, from its file name in content/blog/. */
export const blogPath = (slug: string) => `/blog/${slug}`;

/** A legal text's path, from its file name in content/legal/: privacy.md gives /privacy. */
export const legalPath = (slug: string) => `/${slug}`;

export function telHref(e164: string): string {
  return `tel:${e164}`;
}

/** The roof mark of static/favicon.svg as a square PNG, which the build writes for structured data (search engines ask for a raster logo of at least 112 px). */
export const companyLogo = { path: "/logo.png", size: 512 } as const;


/** Where the CMS lives (plugins/gatsby-plugin-cms): not a page of the site, with headers of its own. */
export const cmsPath = "/admin";
/** The content records the CMS checks entries and fills previews with, written by plugins/gatsby-plugin-content. */
export const cmsRecordsPath = `${cmsPath}/records.json`;
