/**
 * @jest-environment node
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readVersioned } from "../../../../src/contact-request/functions/request-store";
import { openLocalRequests, type OpenedRequests } from "../request-stores";

let local: OpenedRequests;
beforeAll(async () => {
  local = await openLocalRequests(fs.mkdtempSync(path.join(os.tmpdir(), "blobs-")));
});
afterAll(() => local.close());

describe("the tests' local Blobs store", () => {
  it("lets exactly one of many conditional writes made from the same read win, as Netlify does", async () => {
    await local.blobs.setJSON("state/race", { writer: "none" });
    // The ETag as the functions read it: the local server's reads carry none, its listings do.
    const etag = (await readVersioned(local.blobs, "state/race"))?.etag;
    if (!etag) throw new Error("no ETag");
    const writers = Array.from({ length: 50 }, (_, n) => `writer ${n}`);
    const results = await Promise.all(writers.map((writer) => local.blobs.setJSON("state/race", { writer }, { onlyIfMatch: etag })));
    const winners = writers.filter((_, n) => results[n]?.modified);
    expect(winners).toHaveLength(1);
    expect(await local.blobs.get("state/race", { type: "json" })).toEqual({ writer: winners[0] });
  });

  it("lets exactly one of many writes of a new key win", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, n) => local.blobs.setJSON("state/new", { n }, { onlyIfNew: true })));
    expect(results.filter((result) => result.modified)).toHaveLength(1);
  });

  it("refuses a conditional write on a stale ETag, even right after the write that made it stale", async () => {
    // Back to back: the local server's ETag is the file's time to the millisecond, which two quick writes can share.
    for (let round = 0; round < 100; round += 1) {
      const key = `state/stale-${round}`;
      const first = await local.blobs.setJSON(key, { n: 1 });
      expect(await local.blobs.setJSON(key, { n: 2 }, { onlyIfMatch: first.etag ?? "" })).toMatchObject({ modified: true });
      expect(await local.blobs.setJSON(key, { n: 3 }, { onlyIfMatch: first.etag ?? "" })).toMatchObject({ modified: false });
      expect(await local.blobs.setJSON(key, { n: 4 }, { onlyIfNew: true })).toMatchObject({ modified: false });
      expect(await local.blobs.get(key, { type: "json" })).toEqual({ n: 2 });
    }
  });
});
