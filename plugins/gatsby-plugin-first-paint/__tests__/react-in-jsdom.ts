/**
 * React in jsdom as in a browser, for the tests that hydrate or render and
 * then let React and the turns run on real timers. Import it first.
 */
import { TextEncoder } from "node:util";

// jsdom has none, and react-dom/server's browser build needs one as it loads.
globalThis.TextEncoder ??= TextEncoder as typeof globalThis.TextEncoder;

// React's warnings about updates outside act() are for tests that drive React through act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

export const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Waits, a task at a time, until the condition holds. */
export async function until(condition: () => boolean) {
  for (let tasks = 0; !condition(); tasks += 1) {
    if (tasks > 2000) throw new Error("timed out");
    await nextTask();
  }
}
