/** Pure arithmetic for the Lighthouse gate's CPU calibration (lighthouse.ts, calibrateCpuSlowdown). */

/**
 * The CPU slowdown at which a page whose long tasks after first paint took
 * `tasksMs` at `slowdown` would block for `targetTbtMs`: TBT is the sum of
 * each such task's time over 50 ms, and a task's time grows with the slowdown.
 */
export function slowdownForTbt(tasksMs: number[], slowdown: number, targetTbtMs: number): number {
  const tbtAt = (multiplier: number) => tasksMs.reduce((sum, ms) => sum + Math.max(0, (ms / slowdown) * multiplier - 50), 0);
  if (tbtAt(slowdown) <= targetTbtMs) return slowdown;
  let [low, high] = [0, slowdown];
  for (let step = 0; step < 40; step += 1) {
    const middle = (low + high) / 2;
    if (tbtAt(middle) > targetTbtMs) high = middle;
    else low = middle;
  }
  return Math.round(low * 100) / 100;
}
