/**
 * @jest-environment node
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { promisify } from "node:util";
import type { Store } from "@netlify/blobs";
import { newStoredRequest, type StoredContactRequest } from "../../../../src/contact-request/functions/contact-delivery";
import { DuplicateCheck } from "../../../../src/contact-request/functions/flood-guards";
import { handledRequest, monthOf } from "../../../../src/contact-request/functions/handling-report";
import { dueKey, listKeys, readVersioned, reminderKey, RequestStore, requestStoreName, stateKeys } from "../../../../src/contact-request/functions/request-store";
import { withFirstView, withMark, type Handling } from "../../../../src/contact-request/functions/request-handling";
import { afterOpeningMinutes } from "../../../../src/contact-request/shared/reply-clock";
import { validRequest } from "../../../../src/contact-request/shared/__tests__/contact-request-example";
import { typescriptProcess } from "../../serve/typescript-process";
import { forgetEverywhere, openLocalRequests, type OpenedRequests } from "../request-stores";
import { slowed } from "../slow-store";
import { contentClock } from "../content-clock";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "blobs-"));
let local: OpenedRequests;
beforeAll(async () => {
  local = await openLocalRequests(root);
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

const previewName = `${requestStoreName}-deploy-preview`;
const minute = 60_000;

/** Stores a request with its photos as the form function does, and its repeat mark as DuplicateCheck writes it. */
async function store(requests: RequestStore, request: typeof validRequest, { photos = 0, at = Date.now(), as = "pending" }: { photos?: number; at?: number; as?: "pending" | "sent" | "suspect" } = {}) {
  const record: StoredContactRequest = {
    ...newStoredRequest(request, new Date(at)),
    ...(as === "suspect" && { suspect: ["honeypot" as const] }),
    ...(photos > 0 && { photos: Array.from({ length: photos }, (_, n) => ({ name: `foto-${n + 1}.jpg`, bytes: 4, width: 1, height: 1 })) }),
  };
  const files = Array.from({ length: photos }, (_, n) => ({ name: `foto-${n + 1}.jpg`, content: Buffer.from("jpeg") }));
  if (as === "suspect") await requests.addSuspect(record, files);
  else {
    const held = await requests.add(record, files);
    if (as === "sent") await requests.markSent(held, new Date(at));
  }
  await new DuplicateCheck(requests.store, request).noteSafe(record.id, new Date(at));
  return record;
}

const run = promisify(execFile);

/** Every key of a store, and the text of every blob whose content names one of the ids. */
async function tracesOf(blobs: Store, records: readonly StoredContactRequest[]) {
  const keys = await listKeys(blobs, "");
  const texts = await Promise.all(keys.map(async (key) => ({ key, text: (await blobs.get(key, { type: "text" })) ?? "" })));
  const naming = (text: string) => records.some((record) => text.includes(record.id));
  return { keys: keys.filter(naming), contents: texts.filter(({ text }) => naming(text)).map(({ key }) => key) };
}

/** A note of the page's first view, as the request-page function writes it after it found the record; false when there was none. */
async function view(requests: RequestStore, id: string): Promise<boolean> {
  if (!(await requests.find(id))) return false;
  await requests.changeHandling(id, (handling) => withFirstView(handling, new Date()));
  return true;
}

describe("npm run requests -- --forget", () => {
  it("deletes every request, suspect request, photo, note of its handling, reminder step, repeat mark and any other key naming them of one address from production's and a preview's store, takes them out of the job's state, and keeps the others'", async () => {
    const production = local.requests;
    const preview = new RequestStore(local.open(previewName));
    const marieke = { ...validRequest, email: "marieke@example.nl" };
    const pieter = { ...validRequest, name: "Pieter Bakker", email: "pieter@example.nl", message: "Mijn dakgoot lekt." };
    const earlier = await store(production, { ...pieter, message: "Eerder gevraagd." }, { as: "sent", at: Date.now() - 60 * minute });
    const forgotten = [
      await store(production, marieke, { photos: 2 }),
      await store(production, { ...marieke, email: "Marieke@Example.nl", message: "Nog een vraag." }, { photos: 1, as: "sent", at: Date.now() - 30 * minute }),
      await store(production, { ...marieke, message: "Verdacht snel." }, { photos: 1, as: "suspect" }),
      await store(preview, { ...marieke, message: "Test in de preview." }, { photos: 1, as: "sent" }),
    ];
    const [, sentHere, suspectHere, sentThere] = forgotten;
    if (!sentHere || !suspectHere || !sentThere) throw new Error("not stored");
    const kept = [earlier, await store(production, pieter, { photos: 2 }), await store(preview, pieter, { as: "suspect", photos: 1 })];
    // Each page opened once, so each has a note of its handling.
    const where = [production, production, production, preview, production, production, preview];
    await Promise.all([...forgotten, ...kept].map((record, n) => where[n]?.changeHandling(record.id, (handling) => withFirstView(handling, new Date()))));
    // The job's traces: reminder steps, a monthly report read halfway that stopped at her request, the suspect list last listing hers.
    await production.store.setJSON(reminderKey(sentHere.id, "halfway"), { at: new Date().toISOString(), run: "run-1" });
    await preview.store.setJSON(reminderKey(sentThere.id, "halfway"), { at: new Date().toISOString(), run: "run-1" });
    await production.store.setJSON(dueKey(new Date(Date.now() + 60 * minute), "target", sentHere.id), {});
    const reading = (...records: StoredContactRequest[]) => ({ month: monthOf(new Date()), after: records.at(-1)?.id, read: records.map((record) => handledRequest(record, {})) });
    await production.store.setJSON(stateKeys.monthlyReportReading, reading(earlier, sentHere));
    await preview.store.setJSON(stateKeys.monthlyReportReading, reading(sentThere));
    await production.store.setJSON(stateKeys.suspectDigest, { sentAt: new Date().toISOString(), through: suspectHere.id });
    // A key of a kind this code does not know, such as an index the job may keep.
    await production.store.setJSON(`some-index/${Date.now()}/${sentHere.id}`, {});
    await production.store.setJSON("state/mail-cap", { mails: [] });
    const before = { production: await listKeys(production.store, ""), preview: await listKeys(preview.store, "") };

    const [node, args] = typescriptProcess(path.join(__dirname, "../../../requests.ts"), ["--forget", " MARIEKE@example.NL "]);
    const { stdout } = await run(node, args, { cwd: root, env: { ...process.env, NETLIFY_SITE_ID: "", NETLIFY_AUTH_TOKEN: "" } });

    for (const record of forgotten) expect(stdout).toContain(`aanvraag ${record.id}`);
    // Notes of handling (3 and 1), reminder steps (1 and 1), the reminders' index entry, the unknown key.
    expect(stdout).toContain(`Verwijderd van MARIEKE@example.NL uit de lokale opslag (.netlify/blobs-serve): 4 aanvragen, 5 foto's, 4 herhaalmarkeringen en 8 andere sporen (opslagen: ${requestStoreName}, ${previewName}).`);
    const after = { production: await listKeys(production.store, ""), preview: await listKeys(preview.store, "") };
    for (const requests of [production, preview]) {
      expect(await tracesOf(requests.store, forgotten)).toEqual({ keys: [], contents: [] });
      const records = await Promise.all((await requests.keys()).map((key) => requests.read(key)));
      expect(records.map((record) => record?.request.email)).toEqual(requests === production ? [pieter.email, pieter.email] : [pieter.email]);
    }
    // What is left is exactly what was there of the others: their requests, photos and repeat marks, and the store's state.
    const others = (keys: string[]) => keys.filter((key) => !forgotten.some((record) => key.includes(record.id)) && !key.startsWith("duplicates/"));
    expect(after.production.filter((key) => !key.startsWith("duplicates/")).sort()).toEqual(others(before.production).sort());
    expect(after.preview.filter((key) => !key.startsWith("duplicates/")).sort()).toEqual(others(before.preview).sort());
    expect(after.production.filter((key) => key.startsWith("duplicates/"))).toHaveLength(2);
    expect(after.preview.filter((key) => key.startsWith("duplicates/"))).toHaveLength(1);
    for (const record of kept) expect([...after.production, ...after.preview].filter((key) => key.includes(record.id)).length).toBeGreaterThan(0);
    expect(await new DuplicateCheck(production.store, pieter).repeatOf(new Date())).not.toBeNull();
    expect(await new DuplicateCheck(production.store, marieke).repeatOf(new Date())).toBeNull();
    // The report goes on after the request read before hers, with what it read of the others; the suspect list starts where it would have.
    expect(await production.store.get(stateKeys.monthlyReportReading, { type: "json" })).toEqual(reading(earlier));
    expect(await preview.store.get(stateKeys.monthlyReportReading, { type: "json" })).toEqual({ ...reading(), after: "" });
    expect(await production.store.get(stateKeys.suspectDigest, { type: "json" })).toMatchObject({ through: "" });
  }, 180_000);

  it("leaves nothing naming the requests while their pages are opened, the job takes reminder steps and a mail of one is accepted during the run", async () => {
    const name = `${requestStoreName}-branch-race`;
    const opened = local.open(name);
    const anna = { ...validRequest, name: "Anna de Vries", email: "anna@example.nl" };
    const records = [
      await store(new RequestStore(opened), anna, { photos: 1 }),
      ...(await Promise.all(Array.from({ length: 5 }, (_, n) => store(new RequestStore(opened), { ...anna, message: `Vraag ${n}.` }, { as: "sent", at: Date.now() - (n + 1) * minute })))),
    ];
    const first = records[0];
    if (!first) throw new Error("not stored");
    // Pages and the job as on Netlify: each store call a round trip.
    const visitor = new RequestStore(slowed(local.open(name), 50));
    let forgetting = true;
    const views = records.map(async ({ id }) => {
      while (forgetting) {
        if (!(await view(visitor, id))) await delay(20);
        if (await visitor.isSent(id)) await visitor.store.setJSON(reminderKey(id, "halfway"), { at: new Date().toISOString(), run: "run-2" }, { onlyIfNew: true });
      }
    });
    // And one page that found the record just before forget deleted it and notes a mark just after, and the job's mail of it,
    // taken before, accepted just after: it writes the record again, as sent.
    let late: Promise<[Handling, void] | null> = Promise.resolve(null);
    const forgetsStore = (store: Store): Store =>
      new Proxy(store, {
        get(target, property, receiver) {
          const value: unknown = Reflect.get(target, property, receiver);
          if (property !== "delete" || typeof value !== "function") return typeof value === "function" ? value.bind(target) : value;
          return async (key: string) => {
            if (key === `pending/${first.id}`) {
              const held = await visitor.readPending(first.id);
              if (!held) throw new Error("not found before its deletion");
              late = delay(500).then(() => Promise.all([visitor.changeHandling(first.id, (handling) => withMark(handling, "answered", new Date())), visitor.markSent(held, new Date())]));
            }
            return (value as Store["delete"]).call(target, key);
          };
        },
      });

    const forgotten = await forgetEverywhere({ names: local.storeNames, open: (storeName) => forgetsStore(slowed(local.open(storeName), 50)) }, anna.email, { lateWritesMs: 3000 });
    forgetting = false;
    await Promise.all(views);
    // They wrote after the record was gone, before the last pass.
    expect(await late).toEqual([expect.objectContaining({ mark: "answered" }), undefined]);

    const here = forgotten.find(({ store: storeName }) => storeName === name);
    expect(here?.requests).toHaveLength(records.length);
    expect(here?.traces).toContain(`sent/${first.id}`);
    expect(await tracesOf(opened, records)).toEqual({ keys: [], contents: [] });
  }, 120_000);
});

describe("npm run requests -- --report", () => {
  const requests = (...options: string[]) => {
    const [node, args] = typescriptProcess(path.join(__dirname, "../../../requests.ts"), options);
    return run(node, args, { cwd: root, env: { ...process.env, NETLIFY_SITE_ID: "", NETLIFY_AUTH_TOKEN: "" } });
  };
  /** A row of the printed table, cell by cell. */
  const row = (stdout: string, month: string) => stdout.split("\n").find((line) => line.startsWith(month))?.split(/\s{2,}/);

  it("prints per month how fast the requests were viewed and answered, from the local store, pending and sent, without the suspect ones", async () => {
    const production = local.requests;
    const ordinary = { ...validRequest, service: "Dakisolatie" };
    expect(contentClock.urgentServices).not.toContain(ordinary.service);
    const opens = contentClock.openingHours.find((day) => day.dayOfWeek === "Monday")?.opens;
    const monday = Date.parse(`2026-10-05T${opens}:00+02:00`);
    const answered = await store(production, { ...ordinary, name: "Beantwoord" }, { at: monday + 30 * minute, as: "sent" });
    const receivedAt = new Date(answered.receivedAt);
    await production.changeHandling(answered.id, (handling) =>
      withMark(withFirstView(handling, afterOpeningMinutes(receivedAt, 10, contentClock.openingHours)), "answered", afterOpeningMinutes(receivedAt, 20, contentClock.openingHours)),
    );
    await store(production, { ...ordinary, name: "Vergeten" }, { at: monday + 45 * minute, as: "sent" });
    await store(production, { ...ordinary, name: "Nooit verstuurd" }, { at: monday + 60 * minute });
    await store(production, { ...ordinary, name: "Robot" }, { at: monday + 75 * minute, as: "suspect" });

    const { stdout } = await requests("--report", "--month=2026-10");
    expect(stdout).toContain(`Reactietijden per maand, uit de lokale opslag ${requestStoreName} (.netlify/blobs-serve):`);
    expect(row(stdout, "maand")).toEqual(["maand", "aanvragen", "spoed", "bekeken: mediaan", "90%", "beantwoord: mediaan", "90%", "over tijd", "niet bekeken", "niet beantwoord"]);
    // Three of October's, long past their target: one viewed after 10 minutes of opening hours and answered after 20, two never.
    expect(row(stdout, "oktober 2026")).toEqual(["oktober 2026", "3", "0", "0:10", "0:10", "0:20", "0:20", "2", "2", "2"]);
    expect(stdout).toContain("Verdachte aanvragen (verborgen veld ingevuld, te snel verstuurd) tellen niet mee.");
    expect(stdout.split("\n").filter((line) => /^\p{L}+ \d{4} /u.test(line))).toHaveLength(1);

    // Without a month, every month the store holds a request of.
    expect(row((await requests("--report")).stdout, "oktober 2026")).toEqual(row(stdout, "oktober 2026"));
  }, 60_000);

  it("refuses a month that is not one, and says how to give it", async () => {
    await expect(requests("--report", "--month=2026-13")).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("--month=2026-10") });
  }, 60_000);
});
