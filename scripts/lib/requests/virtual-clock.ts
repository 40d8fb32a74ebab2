/**
 * What a test hands the mailing job, the form function and a slowed store in
 * place of the wall clock and setTimeout.
 */
export interface VirtualClock {
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  /** Real work the clock must not skip time over, such as a slowed store's call (slow-store.ts); resolves as the work does. */
  during: <T>(work: Promise<T>) => Promise<T>;
  /** The time it has skipped so far: the waits, without the real time a busy machine stretches, for a test to count them. */
  skippedMs: () => number;
}

/** Waits that end within this long of the earliest end with it, at the latest of their ends. */
const togetherMs = 10;

/**
 * Real time without the waiting: once no call it was told of (`during`) is
 * still out, the clock moves on to the end of the earliest wait and ends it,
 * with the waits due within `togetherMs` of it. So every wait ends at its time
 * or later, never before, and everything else counts as long as it takes: a
 * run timed by this clock is never quicker than with timers, which makes it a
 * fair clock for a time budget. Waits that began while others were waiting,
 * as store calls a few at a time do, overlap as timers do. Work it was not
 * told of (a mail being sent) seems to take whatever time moves on meanwhile;
 * work it was told of must not wait on it. It is for tests where only time
 * passes; a race against real I/O, such as a mail deadline, keeps a real timer.
 */
export function virtualClock(startAt?: number): VirtualClock {
  // Without a start, the wall clock's own time: a start read apart from the offset could leave it a millisecond behind, and a request stamped then seemed to come from the future.
  const offsetMs = startAt === undefined ? 0 : startAt - Date.now();
  let skippedMs = offsetMs;
  let out = 0;
  const time = () => Date.now() + skippedMs;
  const waiting: { until: number; end: () => void }[] = [];
  let turnTaken = false;

  function endEarliest() {
    turnTaken = false;
    waiting.sort((a, b) => a.until - b.until);
    const earliest = waiting[0];
    if (!earliest) return;
    // While a call is out, only the waits real time has reached end: a skip would seem to take the call that long. Its answer takes the next turn.
    const endsBy = out > 0 ? time() : earliest.until + togetherMs;
    const ending = waiting.splice(0, waiting.filter((wait) => wait.until <= endsBy).length);
    if (ending.length === 0) return;
    skippedMs += Math.max(0, (ending.at(-1)?.until ?? 0) - time());
    for (const wait of ending) wait.end();
    takeTurn();
  }
  // One turn of the event loop at a time, so the work a wait lets go of starts (and is counted as out) first.
  function takeTurn() {
    if (turnTaken || waiting.length === 0) return;
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
    during: async (work) => {
      out += 1;
      try {
        return await work;
      } finally {
        out -= 1;
        takeTurn();
      }
    },
    skippedMs: () => skippedMs - offsetMs,
  };
}

/**
 * A minute past the start of the hour it is now. A test that counts within one
 * hour (the address limit, the mail cap: docs/contact-requests.md) runs its
 * clock from there, so the hour cannot turn halfway through it, as it did for
 * a flood test run at 20:59.
 */
export function aMinutePastTheHour(at = Date.now()): number {
  const hourMs = 3_600_000;
  return Math.floor(at / hourMs) * hourMs + 60_000;
}

/** Real time, timers and all, running from `startAt` instead of now: for a test whose waits must be real. */
export function realTimeFrom(startAt: number): () => Date {
  const offsetMs = startAt - Date.now();
  return () => new Date(Date.now() + offsetMs);
}
