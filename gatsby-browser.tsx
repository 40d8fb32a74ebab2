import type { GatsbyBrowser } from "gatsby";
import { inSecondTask } from "./plugins/gatsby-plugin-first-paint/second-task";
// The path the browser loaded, captured as the app starts (src/lib/initial-path.ts).
import "./src/lib/initial-path";

/**
 * Every page in the site's layout, whose modules (header, footer, Emotion)
 * start in the script's second task, not in Gatsby's first
 * (plugins/gatsby-plugin-first-paint/README.md, "The script's start in two tasks").
 */
const layout = inSecondTask(() => import(/* webpackMode: "eager" */ "./src/components/layout/wrapPageElement"));

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element, props }) => layout().wrapPageElement({ element, props });

/**
 * docs/requirements.md, 'Pages': every path change starts at the top of the
 * page; a link with a hash lands on its anchor; a reload comes back to where
 * the visitor was.
 */
export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ routerProps, prevRouterProps }) => {
  const { location } = routerProps;
  if (location.hash) return true;
  if (prevRouterProps && prevRouterProps.location.pathname !== location.pathname) {
    window.scrollTo(0, 0);
    return false;
  }
  return true;
};
