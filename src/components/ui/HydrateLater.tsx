import { Suspense, type ReactNode } from "react";

/**
 * Marks server-rendered content whose hydration may wait. React 18 hydrates a
 * Suspense boundary in its own low-priority, interruptible pass after the rest
 * of the page, instead of in one long task with everything else; the visitor
 * sees the HTML all along, and a click inside hydrates that part first.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
