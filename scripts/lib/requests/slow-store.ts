import type { Store } from "@netlify/blobs";
import { setTimeout as delay } from "node:timers/promises";
import type { VirtualClock } from "./virtual-clock";

/** Real timers, and no call to hold time for. */
const realTime: Pick<VirtualClock, "sleep" | "during"> = {
  sleep: delay,
  during: (work) => work,
};

/** A Blobs call from a function on Netlify is a network round trip of about this long: the bench slows its stores by it (docs/testing.md, "The bench"). */
export const productionStoreCallMs = 50;

/**
 * The same Blobs store with every call made `ms` later, as a call from a
 * function on Netlify is a network round trip (tens of milliseconds) where the
 * local server answers in about one. Each page of a paginated listing is a
 * call of its own; finding that there is no further page is none. Nothing is
 * faked: every call still reaches the real store. The wait is a real timer
 * unless a test passes its virtual clock, which skips it, counts it in its
 * time, and holds its time while the call is out.
 */
export function slowed(store: Store, ms: number, { sleep, during }: Pick<VirtualClock, "sleep" | "during"> = realTime): Store {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "list") {
        return (options?: Parameters<Store["list"]>[0]) => {
          if (!options?.paginate) return sleep(ms).then(() => during(target.list(options)));
          const pages = target.list({ ...options, paginate: true })[Symbol.asyncIterator]();
          // The client asks for a page only while the last one named a next: the step that finds the listing done makes no call, and takes no round trip.
          const nextPage = async () => {
            const page = await during(pages.next());
            if (!page.done) await sleep(ms);
            return page;
          };
          return { [Symbol.asyncIterator]: () => ({ next: nextPage }) };
        };
      }
      return async (...args: unknown[]) => {
        await sleep(ms);
        return during(Promise.resolve((value as (...parameters: unknown[]) => unknown).apply(target, args)));
      };
    },
  });
}
