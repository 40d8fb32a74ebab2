import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startMailSink, type MailSink } from "../serve/mail-sink";
import { openLocalRequests, type LocalRequests } from "./request-stores";

/**
 * What the contact path's Jest suites run against: a real SMTP sink and the
 * real Blobs API over a local Blobs server of a temporary folder. Registers
 * the suite's hooks: started once, and before each test the store emptied,
 * the sink up and without mails, and `logs` cleared. Read the services in a
 * later beforeAll or in the tests.
 */
export function contactTestServices(logs: string[]): { sink: MailSink; local: LocalRequests } {
  const services = {} as { sink: MailSink; local: LocalRequests };
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
    await services.local.clear();
  }, 60_000);
  return services;
}
