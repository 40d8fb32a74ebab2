import { Suspense, useId, type ReactNode } from "react";
import { useHydrating } from "./useHydrating";

/**
 * Server-rendered content whose hydration may wait.
 *
 * React 18 hydrates the shell (header, contact bar) first and then every
 * Suspense boundary of the first page together, in one blocking render:
 * measured at 4x CPU throttling, one task of 100-250 ms on a service page,
 * most of it Total Blocking Time. So during that render each boundary
 * suspends (React keeps its server HTML) and waits for its turn; the turns
 * come one per task, and each boundary then hydrates in a short task.
 *
 * The first pointer, key or focus event ends the waiting for every boundary
 * before React sees the event, so React hydrates the boundary the visitor
 * touches at once and handles the event as usual. Pages reached by
 * client-side navigation never wait.
 */
const isBrowser = typeof window !== "undefined";
let waitingForTurns = isBrowser;
const released = new Set<string>();
const pending = new Map<string, Promise<void>>();
const turns: (() => void)[] = [];

function releaseAll() {
  waitingForTurns = false;
  while (turns.length > 0) turns.shift()?.();
}

function releaseOneEachTask() {
  turns.shift()?.();
  if (turns.length > 0) setTimeout(releaseOneEachTask, 0);
  else waitingForTurns = false;
}

if (isBrowser) {
  for (const type of ["pointerdown", "keydown", "focusin", "touchstart"]) {
    document.addEventListener(type, releaseAll, { capture: true, once: true, passive: true });
  }
}

function turnOf(id: string): Promise<void> {
  let turn = pending.get(id);
  if (!turn) {
    turn = new Promise<void>((resolve) => {
      turns.push(() => {
        released.add(id);
        resolve();
      });
    });
    // The first boundary to wait starts the turns, in the task after the render that queues them all.
    if (turns.length === 1) setTimeout(releaseOneEachTask, 0);
    pending.set(id, turn);
  }
  return turn;
}

function Turn({ children }: { children: ReactNode }) {
  const id = useId();
  // A component that suspends during hydration keeps its server HTML; React retries when the promise resolves.
  // Where React draws a boundary in the browser instead, there is no HTML to keep, and each retry would get a new
  // id, so a new turn: the queue would never empty and the content never show.
  const hydrating = useHydrating();
  if (hydrating && waitingForTurns && !released.has(id)) throw turnOf(id);
  return <>{children}</>;
}

export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Turn>{children}</Turn>
    </Suspense>
  );
}
