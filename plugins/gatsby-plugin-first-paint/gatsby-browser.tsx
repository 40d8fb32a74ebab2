/**
 * The browser's part of the first paint (README): the script's start in two
 * tasks, hydration in slices, the page's CSS left where the server put it,
 * and a reload's scroll position. Whatever this module imports runs in the
 * script's first task: no JSX, no Emotion (second-task.ts).
 */
import type { GatsbyBrowser } from "gatsby";
import { paintedAttribute } from "./after-first-paint";
import { hydrate, type HydrateFunction } from "./hydration";
import { inSecondTask, startSecondTask } from "./second-task";

export const onClientEntry: GatsbyBrowser["onClientEntry"] = startSecondTask;

const browserRoot = inSecondTask(() => import(/* webpackMode: "eager" */ "./browser-root"));

export const wrapRootElement: GatsbyBrowser["wrapRootElement"] = ({ element }) => browserRoot().wrapRootElement({ element });

// Not typed as GatsbyBrowser's: its type for this hook is React 17's render (hydration.ts, HydrateFunction).
export const replaceHydrateFunction = (): HydrateFunction => hydrate;

/**
 * A reload comes back to where the visitor was: the parts skipped for the
 * first paint are drawn at once first, or Gatsby's saved position would count
 * their stand-in heights (README, "The top of the page first"). Where the page
 * then scrolls is the site's to say (its gatsby-browser's shouldUpdateScroll,
 * which Gatsby asks after this one and follows).
 */
export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ routerProps, prevRouterProps, getSavedScrollPosition }) => {
  const [, savedTop] = getSavedScrollPosition(routerProps.location) as [number, number];
  if (!prevRouterProps && savedTop > 0) document.documentElement.setAttribute(paintedAttribute, "");
  return true;
};
