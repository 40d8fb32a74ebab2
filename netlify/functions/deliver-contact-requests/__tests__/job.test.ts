/**
 * @jest-environment node
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runDeliveryJob, type JobOptions } from "../job";
import { smtpMailer } from "../../../lib/mailer";
import type { RequestStore } from "../../../lib/request-store";
import { startMailSink, type MailSink } from "../../../../scripts/lib/mail-sink.cjs";
import { openLocalRequests, type OpenedRequests } from "../../../../scripts/lib/request-stores";
import { validRequest } from "../../../../src/lib/__tests__/contact-request-example";
import { leaseMs, newStoredRequest, withFailedAttempt, withLease } from "../../../../src/lib/contact-delivery";

const addresses = { to: "info@dakdekker.test", from: '"Dakdekker website" <website@dakdekker.test>' };
const logs: string[] = [];
let sink: MailSink;
let local: OpenedRequests;
let requests: RequestStore;
let runs = 0;

const run = (options: Partial<JobOptions> = {}) =>
  runDeliveryJob(requests, {
    mailer: smtpMailer(sink.url),
    addresses,
    deadlineMs: 3000,
    runId: `run ${(runs += 1)}`,
    log: (line) => logs.push(line),
    settleMs: 50,
    ...options,
  });

/** Stores a request as the form function leaves it when its own attempt failed. */
async function storeFailed(name: string, receivedAt = new Date(), failures = 1) {
  let record = newStoredRequest({ ...validRequest, name }, receivedAt);
  for (let n = 0; n < failures; n += 1) record = withFailedAttempt(record, receivedAt, "connect ECONNREFUSED");
  await requests.add(record);
  return record;
}

const mailsNamed = (name: string) => sink.mails.filter((mail) => mail.subject.endsWith(`van ${name}`));

beforeAll(async () => {
  sink = await startMailSink();
  local = await openLocalRequests(fs.mkdtempSync(path.join(os.tmpdir(), "requests-")));
  requests = local.requests;
});
afterAll(async () => {
  await sink.stop();
  await local.close();
});
beforeEach(async () => {
  await sink.setMode("up");
  sink.mails.length = 0;
  logs.length = 0;
  for (const key of await requests.keys()) await requests.delete(key);
});

describe("the mailing job", () => {
  it("mails a request whose first attempt failed on its very next run, once, and marks it sent", async () => {
    const record = await storeFailed("Eerste");
    expect(await run()).toEqual({ sent: 1, failed: 0, left: 0, deleted: 0 });
    expect(mailsNamed("Eerste")).toHaveLength(1);
    expect(mailsNamed("Eerste")[0]?.messageId).toBe(`<${record.id}@dakdekker.test>`);
    expect(await requests.keys()).toEqual([`sent/${record.id}`]);
    const sent = await requests.read(`sent/${record.id}`);
    expect(sent?.delivery).toMatchObject({ state: "sent", sentAt: expect.any(String), attempts: [{ error: "connect ECONNREFUSED" }] });

    expect(await run()).toEqual({ sent: 0, failed: 0, left: 0, deleted: 0 });
    expect(mailsNamed("Eerste")).toHaveLength(1);
  });

  it("mails each request once when two runs start at the same moment", async () => {
    const names = Array.from({ length: 8 }, (_, n) => `Tegelijk ${n}`);
    for (const name of names) await storeFailed(name);
    const reports = await Promise.all([run(), run()]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(names.length);
    for (const name of names) expect(mailsNamed(name)).toHaveLength(1);
    await Promise.all([run(), run()]);
    expect(sink.mails).toHaveLength(names.length);
  });

  it("mails nothing it took if another run's lease replaced its own meanwhile (a store whose conditional writes raced)", async () => {
    const record = await storeFailed("Ingehaald");
    const running = run({ settleMs: 400 });
    // While the run pauses, another run's claim lands over it, as both writes can on the local Blobs server.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const held = await requests.readPending(record.id);
    if (!held) throw new Error("not stored");
    expect(held.record.delivery.lease?.owner).toMatch(/^run /);
    expect(await requests.claim(held, "another run", new Date())).not.toBeNull();
    expect(await running).toMatchObject({ sent: 0, left: 1 });
    expect(sink.mails).toHaveLength(0);
  });

  it("notes a failure and waits 15 minutes before the third attempt", async () => {
    await sink.setMode("down");
    const record = await storeFailed("Storing");
    expect(await run()).toMatchObject({ sent: 0, failed: 1 });
    const pending = await requests.readPending(record.id);
    expect(pending?.record.delivery.attempts).toHaveLength(2);
    expect(pending?.record.delivery.lease).toBeUndefined();

    await sink.setMode("up");
    const failedAt = Date.parse(pending?.record.delivery.attempts[1]?.at ?? "");
    expect(await run({ now: () => new Date(failedAt + 15 * 60_000 - 1000) })).toMatchObject({ sent: 0, left: 1 });
    expect(await run({ now: () => new Date(failedAt + 15 * 60_000) })).toMatchObject({ sent: 1, left: 0 });
    expect(mailsNamed("Storing")).toHaveLength(1);
  });

  it("leaves a request another sender holds until its lease runs out", async () => {
    const held = withLease(newStoredRequest({ ...validRequest, name: "Bezet" }, new Date()), "send-contact-email", new Date());
    await requests.add(held);
    expect(await run()).toMatchObject({ sent: 0, left: 1 });
    expect(await run({ now: () => new Date(Date.now() + leaseMs + 1000) })).toMatchObject({ sent: 1 });
  });

  it("removes the pending copy of a request that was mailed by a run that stopped halfway, without mailing it again", async () => {
    const record = await storeFailed("Halverwege");
    const held = await requests.readPending(record.id);
    if (!held) throw new Error("not stored");
    await requests.markSent(held, new Date());
    await requests.add(record);
    expect(await run()).toMatchObject({ sent: 0 });
    expect(await requests.keys()).toEqual([`sent/${record.id}`]);
    expect(sink.mails).toHaveLength(0);
  });

  it("waits without attempts while no mail server is configured", async () => {
    await storeFailed("Wachten");
    expect(await run({ mailer: { kind: "unconfigured", reason: "SMTP_URL is not set" } })).toEqual({ sent: 0, failed: 0, left: 1, deleted: 0 });
    expect(logs.join("\n")).toMatch(/1 requests wait, e-mail not configured/);
    expect(await run()).toMatchObject({ sent: 1 });
  });

  it("deletes requests received over 12 months ago, pending or sent, and keeps last week's", async () => {
    const day = 24 * 3600_000;
    const old = await storeFailed("Oud", new Date(Date.now() - 396 * day));
    const oldSent = await storeFailed("Oud verstuurd", new Date(Date.now() - 400 * day));
    const oldHeld = await requests.readPending(oldSent.id);
    if (oldHeld) await requests.markSent(oldHeld, new Date(Date.now() - 400 * day));
    const recent = await storeFailed("Vorige week", new Date(Date.now() - 7 * day));

    expect(await run()).toMatchObject({ sent: 1, deleted: 2 });
    expect(await requests.keys()).toEqual([`sent/${recent.id}`]);
    expect(mailsNamed("Oud")).toHaveLength(0);
    expect(old.id < recent.id).toBe(true);
  });

  it("starts no attempt once its time is up, and leaves the rest for the next run", async () => {
    for (const name of ["Eén", "Twee"]) await storeFailed(name);
    let clock = Date.now();
    const report = await run({ budgetMs: 1000, now: () => new Date((clock += 600)) });
    expect(report.sent + report.left).toBe(2);
    expect(report.left).toBeGreaterThan(0);
  });
});
