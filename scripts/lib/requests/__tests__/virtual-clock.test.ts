/**
 * @jest-environment node
 */
import { virtualClock } from "../virtual-clock";

const elapsed = (since: number, clock: ReturnType<typeof virtualClock>) => clock.now().getTime() - since;

describe("the virtual clock", () => {
  it("without a start, never reads earlier than the wall clock", () => {
    // A test stamps a request with the wall clock after making its clock, and the job reads its age on the clock.
    for (let n = 0; n < 2000; n += 1) {
      const clock = virtualClock();
      const stamped = Date.now();
      expect(clock.now().getTime()).toBeGreaterThanOrEqual(stamped);
    }
  });

  it("ends a wait without waiting, and has moved on by it", async () => {
    const clock = virtualClock();
    const start = clock.now().getTime();
    const realStart = Date.now();
    await clock.sleep(60_000);
    expect(Date.now() - realStart).toBeLessThan(5000);
    expect(elapsed(start, clock)).toBeGreaterThanOrEqual(60_000);
  });

  it("overlaps waits begun together, as timers do, and adds up waits one after the other", async () => {
    const clock = virtualClock();
    const start = clock.now().getTime();
    await Promise.all(Array.from({ length: 8 }, () => clock.sleep(50)));
    const together = elapsed(start, clock);
    expect(together).toBeGreaterThanOrEqual(50);
    // Skipped, not elapsed: the real time a busy machine adds is not the clock's doing.
    expect(clock.skippedMs()).toBeLessThan(100);
    for (let n = 0; n < 3; n += 1) await clock.sleep(50);
    expect(elapsed(start, clock)).toBeGreaterThanOrEqual(together + 150);
  });

  it("moves on only once the calls it was told of have answered, so waits begun a few ms apart after them still overlap", async () => {
    const clock = virtualClock();
    const start = clock.now().getTime();
    // Sixteen callers, as a store slowed on the clock makes its calls a few at a time: a wait, a call answering after a few real ms, a wait.
    await Promise.all(
      Array.from({ length: 16 }, async (_, n) => {
        await clock.sleep(50);
        await clock.during(new Promise((resolve) => setTimeout(resolve, 2 + n)));
        await clock.sleep(50);
      }),
    );
    // Each second wait one after the other, had time moved on while calls were out, would take 50 + 16 × 50 ms.
    expect(elapsed(start, clock)).toBeGreaterThanOrEqual(100);
    // Skipped, not elapsed: CI's busy machine stretched the real part of it past 300 ms.
    expect(clock.skippedMs()).toBeLessThan(300);
  });

  it("ends the earliest wait first, whatever the order they began in", async () => {
    const clock = virtualClock();
    const ended: number[] = [];
    await Promise.all([500, 50, 200].map((ms) => clock.sleep(ms).then(() => ended.push(ms))));
    expect(ended).toEqual([50, 200, 500]);
  });

  it("counts real time as it passes, and skips only what real time left of a wait", async () => {
    const clock = virtualClock();
    const start = clock.now().getTime();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(elapsed(start, clock)).toBeGreaterThanOrEqual(25);

    const skipped = () => clock.now().getTime() - Date.now();
    const before = skipped();
    const wait = clock.sleep(20);
    const busyUntil = Date.now() + 30;
    while (Date.now() < busyUntil) {
      // Real work for longer than the wait: nothing of it is left to skip.
    }
    await wait;
    expect(skipped() - before).toBeLessThanOrEqual(1);
  });
});
