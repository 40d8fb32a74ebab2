/**
 * What the site's components use of the first-paint machinery (README, "What
 * the site uses"); the plugin's gatsby-node, gatsby-ssr and gatsby-browser do
 * the rest. The site's gatsby-browser imports second-task.ts itself: this
 * module's components would start Emotion in the script's first task.
 */
export { drawnLater, drawnLaterAttribute, paintedAttribute } from "./after-first-paint";
export { BrowserOnlyStyles } from "./BrowserOnlyStyles";
export { coveredBottomProperty } from "./covered-bottom";
export { HydrateLater } from "./HydrateLater";
export { Icon } from "./Icon";
export { useHydrating } from "./useHydrating";
