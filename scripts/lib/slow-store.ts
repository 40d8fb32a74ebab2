import type { Store } from "@netlify/blobs";
import type { Clock } from "./virtual-clock";

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The same Blobs store with every call made `ms` later, as a call from a
 * function on Netlify is a network round trip (tens of milliseconds) where the
 * local server answers in about one. Each page of a paginated listing is a
 * call of its own. Nothing is faked: every call still reaches the real store.
 * The wait is a real timer unless a test passes its clock's `sleep`
 * (virtual-clock.ts), which skips it and counts it in that clock's time.
 */
export function slowed(store: Store, ms: number, sleep: Clock["sleep"] = realSleep): Store {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "list") {
        return (options?: Parameters<Store["list"]>[0]) => {
          if (!options?.paginate) return sleep(ms).then(() => target.list(options));
          const pages = target.list({ ...options, paginate: true })[Symbol.asyncIterator]();
          return {
            [Symbol.asyncIterator]: () => ({ next: () => sleep(ms).then(() => pages.next()) }),
          };
        };
      }
      return async (...args: unknown[]) => {
        await sleep(ms);
        return (value as (...parameters: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
