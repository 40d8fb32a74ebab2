/**
 * The built pages in public/ and what their HTML costs a visitor, with the
 * byte budgets: used by the budgets in `npm test` and by `npm run bench`.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export const gzipSize = (buffer: Buffer): number => zlib.gzipSync(buffer, { level: 9 }).length;

export interface BuiltPage {
  route: string;
  file: string;
}

/**
 * Every built HTML page with its route. gatsby-adapter-netlify (trailingSlash
 * "never") writes public/over-ons.html for /over-ons; the home page stays
 * public/index.html. A plain Gatsby build writes public/over-ons/index.html.
 */
export function builtPages(publicDir: string): BuiltPage[] {
  const pages: BuiltPage[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        // admin/ is the CMS (plugins/gatsby-plugin-cms), not a page of the site.
        if (!["static", "page-data", "_gatsby", "~partytown", "admin"].includes(entry.name)) walk(full);
      } else if (entry.name.endsWith(".html")) {
        const relative = path.relative(publicDir, full).split(path.sep).join("/");
        const route = "/" + relative.replace(/(^|\/)index\.html$/, "").replace(/\.html$/, "");
        pages.push({ route, file: full });
      }
    }
  };
  walk(publicDir);
  return pages
    .filter((page) => !["/404", "/404.html"].includes(page.route) && !page.route.startsWith("/404/"))
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** The not-found page, which the server sends for every unknown path. */
export function notFoundPage(publicDir: string): BuiltPage {
  return { route: "/404.html", file: path.join(publicDir, "404.html") };
}

/** A page's HTML, gzip: its inline scripts and styles are inside it and count here, once. */
export const htmlGzip = (htmlFile: string): number => gzipSize(fs.readFileSync(htmlFile));

/**
 * Budgets every page is held to (issues 2, 9 and 18). Script is what the
 * browser fetches on a cold load until the network is idle (script-transfer.ts),
 * not what webpack says a page needs: Gatsby fetches more than its first-load chunks.
 */
export const budgets = { scriptTransferGzip: 100 * 1024, htmlGzip: 60 * 1024 };
