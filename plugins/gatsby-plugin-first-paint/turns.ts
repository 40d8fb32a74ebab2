/**
 * The turns in which the parts in HydrateLater hydrate, one per task (plugin
 * README, "Hydration in slices"). No JSX here: the hydrate function imports
 * this in the script's first task (second-task.ts).
 */
let waitingForTurns = false;
const released = new Set<string>();
const pending = new Map<string, Promise<void>>();
const queue: (() => void)[] = [];

/**
 * More turns than any page has parts. Only a part React draws in the browser
 * while useHydrating says it hydrates asks for more: each retry of it gets a
 * new id, so a new turn, and the page would stay empty while a timer runs
 * every 4 ms. It fails with an error instead.
 */
export const maxTurns = 500;

function releaseAll() {
  waitingForTurns = false;
  while (queue.length > 0) queue.shift()?.();
}

function releaseOneEachTask() {
  queue.shift()?.();
  if (queue.length > 0) setTimeout(releaseOneEachTask, 0);
  else waitingForTurns = false;
}

/**
 * Called by the hydrate function as React starts to hydrate the server's
 * HTML; the server, and a page React renders itself, never wait. The first
 * pointer, key or focus event ends the waiting for every part before React
 * sees the event, so React hydrates the part the visitor touches at once and
 * handles the event as usual.
 */
export function startTurns() {
  waitingForTurns = true;
  for (const type of ["pointerdown", "keydown", "focusin", "touchstart"]) {
    document.addEventListener(type, releaseAll, { capture: true, once: true, passive: true });
  }
}

/** The promise a part with this id throws while it waits, or null once it may hydrate. */
export function turnToWaitFor(id: string): Promise<void> | null {
  if (!waitingForTurns || released.has(id)) return null;
  let turn = pending.get(id);
  if (!turn) {
    if (pending.size >= maxTurns) {
      throw new Error(`HydrateLater: over ${maxTurns} turns, so useHydrating says hydrating where React renders (plugins/gatsby-plugin-first-paint/README.md)`);
    }
    turn = new Promise<void>((resolve) => {
      queue.push(() => {
        released.add(id);
        resolve();
      });
    });
    // The first part to wait starts the turns, in the task after the render that queues them all.
    if (queue.length === 1) setTimeout(releaseOneEachTask, 0);
    pending.set(id, turn);
  }
  return turn;
}
