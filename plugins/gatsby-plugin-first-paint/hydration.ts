import { startTransition, type ReactElement } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { startTurns } from "./turns";

/**
 * Hydration as a transition: React then works in slices of about 5 ms and
 * lets the browser in between, where Gatsby's default hydrates the whole page
 * in one task (plugin README, "Hydration in slices"). A click or key press
 * before it is done makes React finish at once, so no event is lost. The parts
 * in HydrateLater wait for their turns. A page with no server HTML (none in a
 * build; `gatsby develop` renders none) is rendered, as Gatsby does.
 */
export function hydrate(element: ReactElement, container: Element) {
  const serverRendered = document.getElementById("gatsby-focus-wrapper")?.hasChildNodes() ?? false;
  if (serverRendered) startTurns();
  startTransition(() => {
    if (serverRendered) hydrateRoot(container, element);
    else createRoot(container).render(element);
  });
}
