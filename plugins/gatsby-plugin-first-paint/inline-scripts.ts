/**
 * The inline scripts a built page may run, which the site's CSP allows by
 * hash (plugins/gatsby-plugin-netlify-adapter/security-headers.ts) and the site's adapter (plugins/gatsby-plugin-netlify-adapter/adapter.ts) checks
 * every page against: this plugin's own, and Gatsby's runtime scripts, read
 * where Gatsby 5 writes them (an internal, README "Upgrade checklist").
 */
import fs from "node:fs";
import path from "node:path";
import { afterFirstPaintScript } from "./after-first-paint";
import { registerCoveredBottomScript } from "./covered-bottom";
import { pagePathScript } from "./page-path-script";

/**
 * The inline scripts this plugin writes into the pages, each the same text on
 * every page, which the site's CSP allows by hash (plugins/gatsby-plugin-netlify-adapter/security-headers.ts):
 * the covered-bottom property and the page path (gatsby-ssr), the script
 * loader (gatsby-node, onPostBuild).
 */
const firstPaintInlineScripts: readonly string[] = [registerCoveredBottomScript, pagePathScript, afterFirstPaintScript];

/** Script types the browser runs; JSON-LD and other data blocks are not scripts to CSP. */
const executableType = /^(|text\/javascript|application\/javascript|module)$/i;

/** The text of each inline script in a page that the browser would run. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? "";
    if (executableType.test(type)) scripts.push(body);
  }
  return scripts;
}

/**
 * Where Gatsby writes its runtime's inline scripts (the chunk map and the
 * compilation hash, from webpack's stats) before it stitches them into every
 * page: a Gatsby internal. If an upgrade moves it, reading it fails the build
 * (siteInlineScripts), and the e2e security test compares the served policy
 * with the list.
 */
export const gatsbyScriptsSlice = path.join("_gatsby", "slices", "_gatsby-scripts-1.html");

/**
 * The inline scripts the build itself writes, known by where they come from:
 * Gatsby's runtime scripts from its scripts slice, and this plugin's own
 * (firstPaintInlineScripts).
 * Nothing found in a built page is trusted for being there: a script that
 * came from content must never be allowed.
 */
export function siteInlineScripts(publicDir: string): string[] {
  const slice = path.join(publicDir, gatsbyScriptsSlice);
  if (!fs.existsSync(slice)) {
    throw new Error(`Gatsby's runtime scripts are not in ${slice}, where Gatsby 5 writes them: an upgrade moved them (plugins/gatsby-plugin-first-paint/inline-scripts.ts, gatsbyScriptsSlice)`);
  }
  return [...new Set([...inlineScripts(fs.readFileSync(slice, "utf8")), ...firstPaintInlineScripts])];
}

/**
 * Gatsby's two runtime scripts of an earlier build: an incremental build
 * leaves the pages it did not render again as they were, with that build's
 * compilation hash and chunk map. Every deploy builds cold (the site's README,
 * "Other commands"), so they only turn up in a local rebuild over the
 * previous public/ and .cache/ (`npm run build`, then `netlify serve`'s
 * build). Each only sets a variable to data, and is recognised
 * only in that exact form: a string of hex digits, or a map from chunk names
 * to script paths. Gatsby's slice stitching can leave white space around it,
 * which the hash covers but the check ignores.
 */
export function isGatsbyRuntimeScript(script: string): boolean {
  const code = script.trim();
  if (/^window\.___webpackCompilationHash="[0-9a-f]+";$/.test(code)) return true;
  const chunkMap = /^window\.___chunkMapping=("(?:[^"\\]|\\.)*");$/.exec(code);
  if (!chunkMap) return false;
  try {
    const map = JSON.parse(JSON.parse(chunkMap[1]) as string) as unknown;
    return (
      typeof map === "object" &&
      map !== null &&
      Object.values(map).every((paths) => Array.isArray(paths) && paths.every((file) => typeof file === "string" && /^\/[\w.~-]+\.js$/.test(file)))
    );
  } catch {
    return false;
  }
}

/**
 * The pages' executable inline scripts, sorted: the site's own, Gatsby's
 * runtime scripts left by an earlier build, and any other, with its page and
 * the start of its text (which must stop the build).
 */
export function pagesInlineScripts(htmlFiles: readonly string[], own: readonly string[]) {
  const allowed = new Set(own);
  const earlierRuntime = new Set<string>();
  const foreign: { file: string; script: string }[] = [];
  for (const file of htmlFiles) {
    for (const script of inlineScripts(fs.readFileSync(file, "utf8"))) {
      if (allowed.has(script)) continue;
      if (isGatsbyRuntimeScript(script)) earlierRuntime.add(script);
      else foreign.push({ file, script: script.trim().slice(0, 80) });
    }
  }
  return { earlierRuntime: [...earlierRuntime], foreign };
}
