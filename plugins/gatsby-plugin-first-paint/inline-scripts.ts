import { afterFirstPaintScript } from "./after-first-paint";
import { registerCoveredBottomScript } from "./covered-bottom";
import { pagePathScript } from "./page-path-script";

/**
 * The inline scripts this plugin writes into the pages, each the same text on
 * every page, which the site's CSP allows by hash (src/lib/security-headers.ts):
 * the covered-bottom property and the page path (gatsby-ssr), the script
 * loader (gatsby-node, onPostBuild).
 */
export const firstPaintInlineScripts: readonly string[] = [registerCoveredBottomScript, pagePathScript, afterFirstPaintScript];
