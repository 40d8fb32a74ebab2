import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * Whether React is hydrating this component from the server's HTML: React's
 * documentation of useSyncExternalStore says it reads the server snapshot only
 * "during server rendering and during hydration", so not after a client-side
 * navigation, and not where it draws a part again in the browser because the
 * server's HTML did not match. The server has no hydrating to wait for;
 * HydrateLater waits only once the hydrate function started its turns.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(subscribeToNothing, () => false, () => true);
}
