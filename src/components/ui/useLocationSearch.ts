import { useSyncExternalStore } from "react";

/** Fired after replaceSearch, which the browser does not announce itself. */
const searchChanged = "searchchange";

function subscribe(onChange: () => void) {
  window.addEventListener("popstate", onChange);
  window.addEventListener(searchChanged, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(searchChanged, onChange);
  };
}

/**
 * The page URL's query string. The server (and hydration) sees none, so the
 * static HTML matches; the browser's own query applies right after.
 */
export function useLocationSearch(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => "",
  );
}

/** Replaces the query in the address bar without a new history entry or a scroll, and tells useLocationSearch. */
export function replaceSearch(search: string) {
  const { pathname, hash } = window.location;
  window.history.replaceState(window.history.state, "", `${pathname}${search}${hash}`);
  window.dispatchEvent(new Event(searchChanged));
}
