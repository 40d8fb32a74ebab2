/** What a test hands the mailing job and a slowed store in place of the wall clock and setTimeout. */
export interface Clock {
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
}

/**
 * Real time without the waiting: every wait on this clock ends at once, and
 * the clock moves on by what was left of it. Everything else still counts as
 * it takes, so a run timed by it is never quicker than with real timers,
 * which makes it a fair clock for a time budget. Waits end one at a time,
 * the earliest first, each on its own turn of the event loop: waits begun
 * together overlap as timers do, and work a wait lets go of starts before
 * the next one ends. It is for tests where only time passes; a race against
 * real I/O, such as a mail deadline, keeps a real timer.
 */
export function virtualClock(): Clock {
  let skippedMs = 0;
  const time = () => Date.now() + skippedMs;
  const waiting: { until: number; end: () => void }[] = [];
  let turnTaken = false;

  function endEarliest() {
    turnTaken = false;
    waiting.sort((a, b) => a.until - b.until);
    const earliest = waiting.shift();
    if (!earliest) return;
    skippedMs += Math.max(0, earliest.until - time());
    earliest.end();
    if (waiting.length > 0) takeTurn();
  }
  function takeTurn() {
    if (turnTaken) return;
    turnTaken = true;
    setImmediate(endEarliest);
  }

  return {
    now: () => new Date(time()),
    sleep: (ms) =>
      new Promise<void>((end) => {
        waiting.push({ until: time() + ms, end });
        takeTurn();
      }),
  };
}
