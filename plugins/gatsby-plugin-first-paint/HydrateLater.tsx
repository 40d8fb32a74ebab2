import { Suspense, useId, type ReactNode } from "react";
import { turnToWaitFor } from "./turns";
import { useHydrating } from "./useHydrating";

function Turn({ children }: { children: ReactNode }) {
  const id = useId();
  // A component that suspends during hydration keeps its server HTML; React retries when the promise resolves.
  // Where React draws a part in the browser instead, there is no HTML to keep, and each retry would get a new
  // id, so a new turn: the queue would never empty (turns.ts, maxTurns).
  const turn = useHydrating() ? turnToWaitFor(id) : null;
  if (turn) throw turn;
  return <>{children}</>;
}

/**
 * Server-rendered content whose hydration may wait (plugin README, "Hydration
 * in slices").
 *
 * React 18 hydrates the shell (header, contact bar) first and then every
 * Suspense boundary of the first page together, in one blocking render:
 * measured at 4x CPU throttling, one task of 100-250 ms on a service page,
 * most of it Total Blocking Time. So during that render each part suspends
 * (React keeps its server HTML) and waits for its turn; the turns come one
 * per task (turns.ts), and each part then hydrates in a short task. Pages
 * reached by client-side navigation never wait.
 *
 * Rule for its neighbours: an update above a part still waiting reaches it,
 * and React then drops its server HTML and draws it anew; keep such state
 * inside the part that shows it.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Turn>{children}</Turn>
    </Suspense>
  );
}
