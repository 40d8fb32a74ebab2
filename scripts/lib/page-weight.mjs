/**
 * What a built page costs a visitor on first load, read from public/:
 * used by the byte budget in `npm test` and by `npm run bench`.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export const gzipSize = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;

/**
 * Every built HTML page with its route. gatsby-adapter-netlify (trailingSlash
 * "never") writes public/over-ons.html for /over-ons; the home page stays
 * public/index.html. A plain Gatsby build writes public/over-ons/index.html.
 */
export function builtPages(publicDir) {
  const pages = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!["static", "page-data", "_gatsby", "~partytown"].includes(entry.name)) walk(full);
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
export function notFoundPage(publicDir) {
  return { route: "/404.html", file: path.join(publicDir, "404.html") };
}

/** The scripts a page's HTML makes the browser run on first load (modern browsers: nomodule is skipped). */
export function firstLoadScripts(html) {
  const scripts = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attributes, body] = match;
    if (/\bnomodule\b/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
    scripts.push(src ? { src } : { inline: body });
  }
  return scripts;
}

/**
 * The page's own component chunks: Gatsby does not list them in the HTML but
 * loads them right after app.js, before the page can hydrate.
 */
function componentScripts(publicDir, route) {
  const dataFile = path.join(publicDir, "page-data", route === "/" ? "index" : route.slice(1), "page-data.json");
  const { componentChunkName } = JSON.parse(fs.readFileSync(dataFile, "utf8"));
  const stats = JSON.parse(fs.readFileSync(path.join(publicDir, "webpack.stats.json"), "utf8"));
  const group = stats.namedChunkGroups[componentChunkName];
  return group.assets.map((asset) => asset.name).filter((name) => name.endsWith(".js")).map((name) => ({ src: `/${name}` }));
}

export function pageWeight(publicDir, htmlFile, route) {
  const html = fs.readFileSync(htmlFile);
  const listed = firstLoadScripts(html.toString("utf8"));
  const known = new Set(listed.map((script) => script.src));
  const component = componentScripts(publicDir, route).filter((script) => !known.has(script.src));
  const scripts = [...listed, ...component].map((script) => {
    if (script.inline !== undefined) return { name: "(inline)", gzip: gzipSize(Buffer.from(script.inline)) };
    const file = path.join(publicDir, decodeURIComponent(script.src.split("?")[0]));
    if (!fs.existsSync(file)) throw new Error(`${htmlFile} loads ${script.src}, which is not in ${publicDir}`);
    return { name: script.src, gzip: gzipSize(fs.readFileSync(file)) };
  });
  return {
    htmlGzip: gzipSize(html),
    jsGzip: scripts.reduce((sum, script) => sum + script.gzip, 0),
    scripts,
  };
}

/** Budgets every page is held to (DEVELOPERS.md, issues 2 and 9). */
export const budgets = { firstLoadJsGzip: 130 * 1024, htmlGzip: 60 * 1024 };
