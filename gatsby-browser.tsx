import type { GatsbyBrowser } from "gatsby";
import { startTransition, type ReactElement } from "react";
import type { Renderer } from "react-dom";
import { createRoot, hydrateRoot } from "react-dom/client";
import { paintedAttribute } from "./src/lib/after-first-paint";
import "./src/lib/initial-path";

let wrappers: typeof import("./src/components/layout/browserWrappers");

/**
 * The script's start in two tasks: Gatsby's own modules run in the first, the
 * layout's (header, footer, Emotion) in the next, instead of one task long
 * enough to block a phone (docs/performance.md). `eager` keeps them in the
 * app file: no extra request. Gatsby renders only once this has resolved.
 */
export const onClientEntry: GatsbyBrowser["onClientEntry"] = async () => {
  await new Promise((resolve) => setTimeout(resolve));
  wrappers = await import(/* webpackMode: "eager" */ "./src/components/layout/browserWrappers");
};

export const wrapRootElement: GatsbyBrowser["wrapRootElement"] = ({ element }) => wrappers.wrapRootElement({ element });

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element, props }) => wrappers.wrapPageElement({ element, props });

/**
 * Hydration as a transition: React then works in slices of about 5 ms and
 * lets the browser in between, where Gatsby's default hydrates the whole page
 * in one task (docs/performance.md). A click or key press before it is done
 * makes React finish at once, so no event is lost. A page with no server HTML
 * (none in a build; `gatsby develop` renders none) is rendered, as Gatsby does.
 */
function hydrateAsTransition(element: ReactElement, container: Element) {
  const serverRendered = document.getElementById("gatsby-focus-wrapper")?.hasChildNodes() ?? false;
  startTransition(() => {
    if (serverRendered) hydrateRoot(container, element);
    else createRoot(container).render(element);
  });
}

// Gatsby's type for this hook is React 17's render(); Gatsby calls it as (element, container) and ignores what it returns.
export const replaceHydrateFunction: GatsbyBrowser["replaceHydrateFunction"] = () => hydrateAsTransition as unknown as Renderer;

/**
 * docs/requirements.md, 'Pages': every path change starts at the top of the
 * page; a link with a hash lands on its anchor. A reload comes back to where
 * the visitor was: the parts skipped for the first paint are drawn at once
 * first, or Gatsby's saved position would count their stand-in heights
 * (docs/performance.md, "The top of the page first").
 */
export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ routerProps, prevRouterProps, getSavedScrollPosition }) => {
  const { location } = routerProps;
  if (location.hash) return true;
  if (prevRouterProps && prevRouterProps.location.pathname !== location.pathname) {
    window.scrollTo(0, 0);
    return false;
  }
  const [, savedTop] = getSavedScrollPosition(location) as [number, number];
  if (!prevRouterProps && savedTop > 0) document.documentElement.setAttribute(paintedAttribute, "");
  return true;
};
