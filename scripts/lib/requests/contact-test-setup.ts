import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { listKeys } from "../../../src/contact-request/functions/request-store";
import { startMailSink, type MailSink } from "../serve/mail-sink";
import { openLocalRequests, type OpenedRequests } from "./request-stores";

/**
 * What the contact path's Jest suites run against: a real SMTP sink and the
 * real Blobs API over a local Blobs server of a temporary folder. Registers
 * the suite's hooks: started once, and before each test the store emptied,
 * the sink up and without mails, and `logs` cleared. Read the services in a
 * later beforeAll or in the tests.
 */
export function contactTestServices(logs: string[]): { sink: MailSink; local: OpenedRequests } {
  const services = {} as { sink: MailSink; local: OpenedRequests };
  beforeAll(async () => {
    services.sink = await startMailSink();
    services.local = await openLocalRequests(fs.mkdtempSync(path.join(os.tmpdir(), "requests-")));
  }, 60_000);
  afterAll(async () => {
    await services.sink?.stop();
    await services.local?.close();
  });
  beforeEach(async () => {
    await services.sink.setMode("up");
    services.sink.mails.length = 0;
    logs.length = 0;
    // 50 at a time, and up to 60 s: one by one, the clearing passed Jest's 5 s on a busy machine.
    const keys = await listKeys(services.local.blobs, "");
    for (let start = 0; start < keys.length; start += 50) await Promise.all(keys.slice(start, start + 50).map((key) => services.local.blobs.delete(key)));
  }, 60_000);
  return services;
}
