import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * Whether React is hydrating this component from the server's HTML. React
 * reads the server snapshot only then: on the first load, not after a
 * client-side navigation, and not where it draws a part again in the browser
 * because the server's HTML did not match.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(subscribeToNothing, () => false, () => true);
}
