import { startTransition, type ReactElement } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { startTurns } from "./turns";

/**
 * How Gatsby 5 calls the function replaceHydrateFunction returns:
 * `renderer(<App />, rootElement)`, ignoring what it returns (its
 * cache-dir/production-app.js; Gatsby's own type for the hook is React 17's
 * render). __tests__/gatsby-internals.test.ts checks Gatsby still calls it so.
 */
export type HydrateFunction = (app: ReactElement, container: Element) => void;

/**
 * Hydration as a transition: React then works in slices of about 5 ms and
 * lets the browser in between, where Gatsby's default hydrates the whole page
 * in one task (plugin README, "Hydration in slices"). A click or key press
 * before it is done makes React finish at once, so no event is lost. The parts
 * in HydrateLater wait for their turns. A page with no server HTML (none in a
 * build; `gatsby develop` renders none) is rendered, as Gatsby does.
 */
export const hydrate: HydrateFunction = (app, container) => {
  const serverRendered = document.getElementById("gatsby-focus-wrapper")?.hasChildNodes() ?? false;
  if (serverRendered) startTurns();
  startTransition(() => {
    if (serverRendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
};
