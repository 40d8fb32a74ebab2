/**
 * @jest-environment node
 */
import type { Store } from "@netlify/blobs";
import { slowed } from "../slow-store";
import { virtualClock } from "../virtual-clock";

/** A store that answers at once and notes what it was asked: three pages when listed page by page. */
function answeringStore(asked: string[]) {
  const pages = ["a", "b", "c"].map((key) => ({ blobs: [{ key, etag: key }], directories: [] }));
  return {
    get: async (key: string) => (asked.push(`get ${key}`), `value of ${key}`),
    list: (options?: { paginate?: boolean }) => {
      asked.push(options?.paginate ? "list by page" : "list");
      if (!options?.paginate) return Promise.resolve(pages[0]);
      return (async function* () {
        yield* pages;
      })();
    },
  } as unknown as Store;
}

describe("the slowed store", () => {
  it("makes every call, and every page of a listing, its delay later on the clock it is given, and still reaches the store", async () => {
    const clock = virtualClock();
    const asked: string[] = [];
    const store = slowed(answeringStore(asked), 50, clock);
    const since = (start: number) => clock.now().getTime() - start;

    let start = clock.now().getTime();
    expect(await store.get("x")).toBe("value of x");
    expect(since(start)).toBeGreaterThanOrEqual(50);

    start = clock.now().getTime();
    expect((await store.list()).blobs.map((blob) => blob.key)).toEqual(["a"]);
    expect(since(start)).toBeGreaterThanOrEqual(50);

    start = clock.now().getTime();
    const skippedBefore = clock.skippedMs();
    const keys: string[] = [];
    for await (const page of store.list({ paginate: true })) keys.push(...page.blobs.map((blob) => blob.key));
    expect(keys).toEqual(["a", "b", "c"]);
    // Three pages; the client knows from the third that there is no fourth, and asks for none.
    expect(since(start)).toBeGreaterThanOrEqual(3 * 50);
    // Each wait skips at most its length, and a fourth would skip nearly as much again; what is skipped leaves out a busy machine's slowness.
    expect(clock.skippedMs() - skippedBefore).toBeLessThan(3.5 * 50);
    expect(asked).toEqual(["get x", "list", "list by page"]);
  });

  it("waits on a real timer unless given a clock", async () => {
    const store = slowed(answeringStore([]), 50);
    const start = Date.now();
    await store.get("x");
    expect(Date.now() - start).toBeGreaterThanOrEqual(45);
  });
});
