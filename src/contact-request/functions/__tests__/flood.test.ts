/**
 * @jest-environment node
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { mailDeadlineMs, runDeliveryJob } from "../job";
import { contactSetup } from "../contact-setup";
import { startMailSink, type MailSink } from "../../../../scripts/lib/serve/mail-sink";
import { loopbackClients, postJsonFrom } from "../../../../scripts/lib/requests/post-from";
import { openLocalRequests, type OpenedRequests } from "../../../../scripts/lib/requests/request-stores";
import { aMinutePastTheHour, realTimeFrom } from "../../../../scripts/lib/requests/virtual-clock";
import { validRequest } from "../../shared/__tests__/contact-request-example";
import { contactLimits } from "../contact-delivery";
import { honeypotField, shownForField } from "../../shared/contact-fields";
import { contentFormHandler } from "../../../../scripts/lib/requests/content-form-handler";

/**
 * A flood, as production meets it (docs/contact-requests.md, "A flood"): the
 * form function with production's settings and limits behind a real HTTP
 * server, whose client address is the connection's own, as context.ip is on
 * Netlify; 50 clients on the loopback addresses 127.0.0.2 to 127.0.0.51, each
 * bound as the local address of its connections; the real local Blobs store
 * and a real SMTP server.
 */
const clients = loopbackClients(50);
// Real time from a minute past the hour: the address limit and the mail cap count within one hour, which must not turn halfway.
const now = realTimeFrom(aMinutePastTheHour());
const perClient = 20;
const company = { name: "Dakdekker", email: "website@dakdekker.test" };

let sink: MailSink;
let local: OpenedRequests;
let setup: ReturnType<typeof contactSetup>;
let server: http.Server;
let port: number;
/** What the function goes on with after it answered (context.waitUntil): the outcome of a mail that missed its deadline. */
const finishing: Promise<unknown>[] = [];

beforeAll(async () => {
  sink = await startMailSink();
  local = await openLocalRequests(fs.mkdtempSync(path.join(os.tmpdir(), "flood-")));
  setup = contactSetup("production", { SMTP_URL: sink.url, CONTACT_TO: "info@dakdekker.test", SITE_URL: "https://www.dakdekker.test", REQUEST_LINK_SECRET: "test-link-secret-of-at-least-32-bytes" }, company);
  const handler = contentFormHandler({ mailer: setup.mailer, store: () => local.blobs, addresses: setup.addresses, now });
  server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", async () => {
      const request = new Request(`http://127.0.0.1${incoming.url}`, {
        method: incoming.method,
        headers: incoming.headers as Record<string, string>,
        body: Buffer.concat(chunks),
      });
      const response = await handler(request, { clientAddress: incoming.socket.remoteAddress, finishLater: (work) => finishing.push(work) });
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await sink.stop();
  await local.close();
});

/** One post from a client address; resolves to the status. */
const post = (from: string, agent: http.Agent, body: Record<string, string>) => postJsonFrom(`http://127.0.0.1:${port}/api/send-contact-email`, from, agent, body);

/** What each client sends: honeypot hits, sends faster than typing, one message five times, and five messages of their own. */
function floodOf(client: number): Record<string, string>[] {
  const base = { ...validRequest, name: `Stroom ${client}`, email: `stroom${client}@example.nl` };
  const person = { [shownForField]: "20000" };
  return Array.from({ length: perClient }, (_, n) => {
    if (n < 5) return { ...base, ...person, message: `Honeypot ${client}-${n}`, [honeypotField]: "https://spam.example" };
    if (n < 10) return { ...base, message: `Te snel ${client}-${n}`, [shownForField]: "400" };
    if (n < 15) return { ...base, ...person, message: `Hetzelfde bericht van ${client}` };
    return { ...base, ...person, message: `Eigen bericht ${client}-${n}` };
  });
}

it("1,000 requests from 50 addresses with a genuine one among them: mails within the cap, the genuine one arrives, repeats are one, suspects are listed", async () => {
  const statuses: number[] = [];
  const genuine = { ...validRequest, name: "Echte Klant", email: "klant@example.nl", message: "Mijn dakgoot lekt bij de voordeur.", [shownForField]: "95000" };
  let genuineStatus = 0;
  await Promise.all([
    ...clients.map(async (address, client) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (const body of floodOf(client)) statuses.push(await post(address, agent, body));
      agent.destroy();
    }),
    new Promise((resolve) => setTimeout(resolve, 500)).then(async () => {
      genuineStatus = await post("127.0.0.1", new http.Agent(), genuine);
    }),
  ]);

  // Every address stayed within its hour's share; one more is refused.
  expect(statuses).toHaveLength(clients.length * perClient);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  expect(genuineStatus).toBe(200);
  expect(await post(clients[0] ?? "", new http.Agent(), { ...floodOf(0)[19], message: "Nog één" })).toBe(429);

  const singles = () => sink.mails.filter((mail) => mail.subject.startsWith("Offerteaanvraag"));
  expect(singles().length).toBeLessThanOrEqual(contactLimits.mailsPerHour);

  // The function lives until what it handed to waitUntil is done, as on Netlify.
  await Promise.all(finishing);
  // The mailing job sends the rest in one digest per run, and the day's list of suspects.
  const runs = [];
  while (runs.length < 10 && (await local.requests.pendingIds()).length > 0) {
    runs.push(
      await runDeliveryJob(local.blobs, {
        mailer: setup.mailer,
        addresses: setup.addresses,
        runId: `run ${runs.length}`,
        deadlineMs: mailDeadlineMs,
        log: () => {},
        now,
        finishLater: (work) => finishing.push(work),
      }),
    );
    await Promise.all(finishing);
  }
  expect(await local.requests.pendingIds()).toEqual([]);
  expect(singles().length).toBeLessThanOrEqual(contactLimits.mailsPerHour);
  const digests = sink.mails.filter((mail) => mail.subject.startsWith("Overzicht"));
  expect(digests.length).toBeLessThanOrEqual(runs.length);

  // Every stored request is in exactly one mail; the genuine one among them.
  const sent = await Promise.all((await local.requests.keys("sent/")).map((key) => local.requests.read(key)));
  const inMails = (id: string) => sink.mails.filter((mail) => mail.text.includes(`(aanvraag ${id})`)).length;
  expect(sent.filter((record) => record && inMails(record.id) !== 1)).toEqual([]);
  expect(sent.filter((record) => record?.request.name === "Echte Klant")).toHaveLength(1);

  // Five sends of one message from one address are one request.
  for (let client = 0; client < clients.length; client += 1) {
    expect(sent.filter((record) => record?.request.message === `Hetzelfde bericht van ${client}`)).toHaveLength(1);
  }
  expect(sent).toHaveLength(clients.length * 6 + 1);

  // Honeypot hits and sends faster than typing are kept, and listed in the day's list of suspects.
  const suspects = await local.requests.keys("suspect/");
  expect(suspects).toHaveLength(clients.length * 10);
  const list = sink.mails.filter((mail) => mail.subject.startsWith("Verdachte aanvragen"));
  expect(list.map((mail) => mail.subject)).toEqual([`Verdachte aanvragen: ${suspects.length} sinds het vorige overzicht`]);
}, 300_000);
