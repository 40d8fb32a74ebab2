import createCache from "@emotion/cache";

/**
 * Emotion's cache for the site's CSS, without Emotion's default vendor
 * prefixer: every browser of `browserslist` knows the unprefixed properties,
 * and the prefixes made over a third of each page's inline CSS
 * (docs/performance.md, "Modern browsers only for script and CSS"). The
 * server makes one per page, the browser one.
 */
export const createStyleCache = () => createCache({ key: "css", stylisPlugins: [] });
