/**
 * Gatsby writes each page's path into an inline script of its own
 * (`window.pagePath="/over-ons"`), so every page would need its own CSP hash.
 * The same script reading the path from a data attribute is one text, one
 * hash, for every page.
 */
export const pagePathScript = "window.pagePath=document.currentScript.dataset.pagePath;";

/**
 * The id and text of Gatsby's page-path script, as Gatsby 5's static-entry
 * writes it into a built page's post-body components: a Gatsby internal
 * (plugin README, "Upgrade checklist"). A page without it fails the build.
 */
export const gatsbyPagePathScriptId = "gatsby-script-loader";
const gatsbyPagePathScript = /^\/\*<!\[CDATA\[\*\/window\.pagePath=("(?:[^"\\]|\\.)*");\/\*\]\]>\*\/$/;

/** The page path Gatsby's script sets, or null when the script says anything else. */
export function pagePathOf(scriptText: string): string | null {
  const match = gatsbyPagePathScript.exec(scriptText);
  return match ? (JSON.parse(match[1]) as string) : null;
}
