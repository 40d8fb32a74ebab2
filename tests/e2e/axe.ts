import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The WCAG levels every page meets, up to 2.2 AA. */
const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe's violations in the page as it is now, or in the part `include` selects,
 * each as its rule and the elements it found. By WCAG's rules; `allRules`
 * adds axe's best practices.
 *
 * In legacy mode axe runs in each of the page's frames itself, where the
 * default also opens a blank page to merge the frames' results: 4.3 to 5.2 s
 * a check here, against 0.6 to 0.7 s. What legacy mode leaves out is the
 * inside of frames from another host; no check here has one, since the map
 * and other third parties load only on the visitor's action or consent.
 */
export async function axeViolations(page: Page, { include, allRules = false }: { include?: string; allRules?: boolean } = {}) {
  // Only violations are read: axe then builds no selectors for the elements that pass, which took about half of a run here.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  if (include) builder = builder.include(include);
  if (!allRules) builder = builder.withTags(wcagTags);
  const results = await builder.analyze();
  return results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target).join(", ")}`);
}
