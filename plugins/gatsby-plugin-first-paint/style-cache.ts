import createCache from "@emotion/cache";
import type { SerializedStyles } from "@emotion/react";

/**
 * Emotion's cache for the site's CSS, without Emotion's default vendor
 * prefixer: every browser of `browserslist` knows the unprefixed properties,
 * and the prefixes made over a third of each page's inline CSS (plugin
 * README, "Modern browsers only for script and CSS"). The server makes one per
 * page (createServerStyleCache), the browser one (createBrowserStyleCache).
 */
const createStyleCache = () => createCache({ key: "css", stylisPlugins: [] });

/**
 * The server's cache: in compat mode Emotion keeps the compiled CSS in the
 * cache (`inserted`, by id), for gatsby-ssr to write into the page's head,
 * instead of writing <style> elements between the page's elements. An Emotion
 * internal: __tests__/gatsby-ssr.test.tsx.
 */
export function createServerStyleCache() {
  const cache = createStyleCache();
  cache.compat = true;
  return cache;
}

/**
 * Styles compiled once, outside any page: in compat mode, inserting without
 * caching (Emotion's four-argument insert) returns the compiled rules. An
 * Emotion internal: __tests__/gatsby-ssr.test.tsx.
 */
export function compiledStyles(styles: SerializedStyles): string {
  const cache = createServerStyleCache();
  const rules = cache.insert("", styles, cache.sheet, false);
  // Without the rules every page would lose its page-wide CSS without a word.
  if (!rules) {
    throw new Error(`compiledStyles: Emotion's compat-mode insert returned no rules (plugins/gatsby-plugin-first-paint/README.md, "Upgrade checklist")`);
  }
  return rules;
}

/** On the <style> with a page's server-rendered CSS: the ids of its rules, space-separated. */
export const serverRuleIdsAttribute = "data-rule-ids";

/**
 * The browser's cache, which counts the rules of the page's server CSS as
 * inserted, so hydration compiles and inserts none of them again. Emotion's
 * own adoption would re-insert that <style> element, and the browser then
 * restyles every element of the page (plugin README, "The page's CSS stays
 * where the server put it"). An Emotion internal:
 * __tests__/style-cache.test.tsx.
 */
export function createBrowserStyleCache() {
  const cache = createStyleCache();
  for (const style of document.querySelectorAll(`style[${serverRuleIdsAttribute}]`)) {
    for (const id of style.getAttribute(serverRuleIdsAttribute)?.split(" ") ?? []) cache.inserted[id] = true;
  }
  return cache;
}
