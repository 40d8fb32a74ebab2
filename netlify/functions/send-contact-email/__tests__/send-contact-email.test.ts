/**
 * @jest-environment node
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createHandler, type HandlerOptions } from "../handler";
import { composeMail } from "../mail";
import { mailerFromEnv, outboxMailer, smtpMailer, type Mailer } from "../mailer";
import { startMailSink } from "../../../../scripts/lib/mail-sink.cjs";
import { validRequest as valid } from "../../../../src/lib/__tests__/contact-request-example";

type Sink = Awaited<ReturnType<typeof startMailSink>>;

const choices = {
  cities: ["Amsterdam", "Amstelveen", "Diemen", "Zaandam"],
  services: ["Daklekkage", "Dakrenovatie", "Bitumen dak"],
};
const addresses = { to: "info@dakdekker.test", from: '"Dakdekker website" <website@dakdekker.test>' };
const endpoint = "http://localhost:8888/api/send-contact-email";


function post(body: unknown, headers: Record<string, string> = {}) {
  return new Request(endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const logs: string[] = [];
const handlerFor = (mailer: Mailer, options: Partial<HandlerOptions> = {}) =>
  createHandler({ choices, mailer, addresses, allowedOrigins: ["https://www.dakdekker.test"], log: (line) => logs.push(line), ...options });

/** A port nothing listens on: the mail server is down. */
async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let sink: Sink;
let handler: ReturnType<typeof createHandler>;

beforeAll(async () => {
  sink = await startMailSink();
  handler = handlerFor(smtpMailer(sink.url));
});
afterAll(() => sink.stop());
beforeEach(() => {
  sink.mails.length = 0;
  logs.length = 0;
});

describe("send-contact-email delivers a valid request", () => {
  it("answers 200 and sends exactly one mail carrying every field", async () => {
    const response = await handler(post(valid));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });

    const [mail] = await sink.waitForMails(1);
    expect(sink.mails).toHaveLength(1);
    expect(mail.to).toBe("info@dakdekker.test");
    expect(mail.from).toBe('"Dakdekker website" <website@dakdekker.test>');
    expect(mail.replyTo).toBe('"Marieke de Vries" <marieke@example.nl>');
    expect(mail.subject).toBe("Offerteaanvraag: Daklekkage in Amsterdam van Marieke de Vries");
    for (const value of Object.values(valid)) {
      expect(mail.text).toContain(value);
    }
    expect(mail.html).toContain("Prinsengracht 12");
    expect(mail.html).toContain("1015 DV");
  });

  it("names a general question and an unknown town in the subject when they are left empty", async () => {
    await handler(post({ name: "Jan", email: "jan@example.nl", phone: "0201234567" }));
    const [mail] = await sink.waitForMails(1);
    expect(mail.subject).toBe("Offerteaanvraag: Algemene vraag in plaats onbekend van Jan");
  });

  it("escapes the visitor's HTML in the HTML part", async () => {
    await handler(post({ ...valid, message: '<script>alert("x")</script> & <b>vet</b>', address: "<img src=x onerror=alert(1)>" }));
    const [mail] = await sink.waitForMails(1);
    expect(mail.html).not.toMatch(/<script|<img|<b>/);
    expect(mail.html).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#60;b&#62;vet&#60;/b&#62;");
    expect(mail.text).toContain('<script>alert("x")</script>');
  });
});

describe("no visitor text becomes a header", () => {
  const injected = {
    ...valid,
    name: "Jan\r\nBcc: victim@example.com",
    email: "jan@example.nl\r\nX-Injected: yes",
    service: "Daklekkage\r\nX-Evil: yes",
  };

  it.each(["name", "email", "service"] as const)("refuses CR/LF in %s with 400 and sends nothing", async (field) => {
    const response = await handler(post({ ...valid, [field]: injected[field] }));
    expect(response.status).toBe(400);
    expect((await response.json()).fields[field]).toEqual(expect.any(String));
    expect(sink.mails).toHaveLength(0);
  });

  it("adds no header even when such values reach the mail (defence behind the validation)", async () => {
    const mailer = smtpMailer(sink.url);
    if (mailer.kind === "unconfigured") throw new Error("expected an SMTP mailer");
    await mailer.send(composeMail(valid, addresses));
    await mailer.send(composeMail(injected, addresses));
    const [clean, attacked] = await sink.waitForMails(2);
    expect(attacked.headerNames).toEqual(clean.headerNames);
    expect(attacked.headerNames).not.toEqual(expect.arrayContaining(["bcc"]));
    expect(attacked.headerNames.filter((name: string) => name.startsWith("x-"))).toEqual([]);
    expect(attacked.subject).not.toMatch(/[\r\n]/);
  });
});

describe("send-contact-email refuses what it cannot take", () => {
  it("answers 400 naming each invalid field in Dutch", async () => {
    const response = await handler(post({ ...valid, email: "geen-adres", phone: "12", city: "Utrecht" }));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ ok: false, code: "invalid_request", error: "Controleer de gemarkeerde velden." });
    expect(body.fields).toEqual({
      email: expect.stringMatching(/geldig e-mailadres/),
      phone: expect.stringMatching(/8 tot 15 cijfers/),
      city: "Kies een plaats uit de lijst.",
    });
    expect(sink.mails).toHaveLength(0);
  });

  it("answers 405 with Allow: POST to other methods", async () => {
    for (const method of ["GET", "PUT", "DELETE", "OPTIONS"]) {
      const response = await handler(new Request(endpoint, { method }));
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    }
  });

  it("answers 415 to a body that is not JSON", async () => {
    const form = await handler(post("name=Jan", { "Content-Type": "application/x-www-form-urlencoded" }));
    expect(form.status).toBe(415);
    const broken = await handler(post("{name: Jan", { "Content-Type": "application/json" }));
    expect(broken.status).toBe(415);
    expect((await broken.json()).error).toMatch(/JSON/);
  });

  it("answers 413 over 16 KB, whether or not Content-Length says so", async () => {
    const big = { ...valid, message: "a".repeat(17 * 1024) };
    const declared = await handler(post(big, { "Content-Length": String(JSON.stringify(big).length) }));
    expect(declared.status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify(big)));
        controller.close();
      },
    });
    const undeclared = await handler(
      new Request(endpoint, { method: "POST", headers: { "Content-Type": "application/json" }, body: stream, duplex: "half" } as RequestInit),
    );
    expect(undeclared.status).toBe(413);
    expect(sink.mails).toHaveLength(0);
  });

  it("answers 403 when the Origin is another site, and accepts its own and configured origins", async () => {
    expect((await handler(post(valid, { Origin: "https://evil.example" }))).status).toBe(403);
    expect((await handler(post(valid, { Origin: "http://localhost:8888" }))).status).toBe(200);
    expect((await handler(post(valid, { Origin: "https://www.dakdekker.test" }))).status).toBe(200);
    expect(sink.mails).toHaveLength(2);
  });

  it("answers 200 to a filled honeypot and sends nothing", async () => {
    const response = await handler(post({ ...valid, website: "https://spam.example" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.mails).toHaveLength(0);
  });
});

describe("send-contact-email when mail cannot go out", () => {
  it("answers 502 when the SMTP server is unreachable", async () => {
    const response = await handlerFor(smtpMailer(`smtp://127.0.0.1:${await closedPort()}`))(post(valid));
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ ok: false, code: "email_failed", error: expect.stringMatching(/kon niet worden verstuurd/) });
    expect(logs.join("\n")).toMatch(/sending failed/);
  });

  it("answers 502 when the SMTP server refuses the mail", async () => {
    const refusing = await startMailSink({ refuse: true });
    try {
      const response = await handlerFor(smtpMailer(refusing.url))(post(valid));
      expect(response.status).toBe(502);
    } finally {
      await refusing.stop();
    }
  });

  it("answers 502 by its deadline when the mail server never answers", async () => {
    const silent: Mailer = { kind: "smtp", send: () => new Promise(() => {}) };
    const started = Date.now();
    const response = await handlerFor(silent, { sendDeadlineMs: 300 })(post(valid));
    expect(response.status).toBe(502);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("answers 503 'not configured' in production without SMTP_URL", async () => {
    for (const env of [{ CONTEXT: "production" }, { NODE_ENV: "production" }]) {
      const response = await handlerFor(mailerFromEnv(env))(post(valid));
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ code: "email_not_configured", error: expect.stringMatching(/niet geconfigureerd/) });
    }
  });

  it("checks the fields before saying the e-mail service is missing", async () => {
    const response = await handlerFor(mailerFromEnv({ CONTEXT: "production" }))(post({ ...valid, phone: "" }));
    expect(response.status).toBe(400);
  });
});

describe("mailer chosen from the environment", () => {
  it("uses SMTP whenever SMTP_URL is set", () => {
    expect(mailerFromEnv({ SMTP_URL: "smtp://127.0.0.1:2525", CONTEXT: "production" }).kind).toBe("smtp");
  });

  it("writes to the outbox locally, also under netlify serve's production context", () => {
    expect(mailerFromEnv({}).kind).toBe("outbox");
    expect(mailerFromEnv({ CONTEXT: "production", NETLIFY_LOCAL: "true" }).kind).toBe("outbox");
    expect(mailerFromEnv({ CONTEXT: "deploy-preview" }).kind).toBe("outbox");
  });

  it("writes each outbox mail as an .eml file and logs where", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    const lines: string[] = [];
    const response = await handlerFor(outboxMailer(directory, (line) => lines.push(line)))(post(valid));
    expect(response.status).toBe(200);
    const files = fs.readdirSync(directory);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(directory, files[0]), "utf8");
    expect(eml).toContain("Subject: Offerteaanvraag: Daklekkage in Amsterdam van Marieke de Vries");
    expect(lines.join("\n")).toContain(path.join(directory, files[0]));
    fs.rmSync(directory, { recursive: true });
  });
});
