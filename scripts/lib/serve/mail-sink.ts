/**
 * A local SMTP server that accepts every mail and keeps it, parsed, for tests
 * and the benchmark: the function's tests, `npm test` (which points `npm start`
 * at it) and `npm run bench`.
 *
 *   npx jiti scripts/lib/serve/mail-sink.ts [--port 2525] [--dir .reports/mail-sink]
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface SunkAttachment {
  filename: string;
  contentType: string;
  /** In the JSON files a sink writes to its folder, base64 (tests/e2e/test-services.ts reads them back). */
  content: Buffer;
}

export interface SunkMail {
  messageId: string;
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  /** Lower-case names of every header, in order. */
  headerNames: string[];
  attachments: SunkAttachment[];
}

/**
 * How the sink takes connections, to show what the site does when mail fails:
 * "up" takes every one; "down" listens on nothing, so connecting is refused as
 * with a server that is off; "flaky" drops every third connection at once.
 */
export type SinkMode = "up" | "down" | "flaky";
export const modes: SinkMode[] = ["up", "down", "flaky"];
/** Whether a word (a control request's, say) names a mode. */
export const isSinkMode = (value: string | undefined): value is SinkMode => (modes as (string | undefined)[]).includes(value);

export interface MailSink {
  port: number;
  url: string;
  mails: SunkMail[];
  /** Resolves once `count` mails have arrived, or rejects after `timeoutMs`. */
  waitForMails(count: number, timeoutMs?: number): Promise<SunkMail[]>;
  /** "down" refuses every connection, "flaky" drops every third, "up" takes all. */
  setMode(mode: SinkMode): Promise<void>;
  readonly mode: SinkMode;
  stop(): Promise<void>;
}

/**
 * port 0 picks a free one; dir also writes each mail as JSON there (for other
 * processes); refuse answers every mail with a permanent error.
 */
export async function startMailSink({ port = 0, dir, refuse = false }: { port?: number; dir?: string; refuse?: boolean } = {}): Promise<MailSink> {
  const mails: SunkMail[] = [];
  const waiters = new Set<() => void>();
  if (dir) fs.mkdirSync(dir, { recursive: true });

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      if (refuse) {
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const mail: SunkMail = {
            messageId: parsed.messageId ?? "",
            from: parsed.from?.text ?? "",
            to: parsed.to ? [parsed.to].flat().map((address) => address.text).join(", ") : "",
            replyTo: parsed.replyTo?.text ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            headerNames: parsed.headerLines.map((header) => header.key),
            attachments: parsed.attachments.map((attachment) => ({ filename: attachment.filename ?? "", contentType: attachment.contentType, content: attachment.content })),
          };
          mails.push(mail);
          // Other processes (the end-to-end tests) read the attachments too: in the file their bytes are base64.
          const written = { ...mail, attachments: mail.attachments.map((attachment) => ({ ...attachment, content: attachment.content.toString("base64") })) };
          if (dir) fs.writeFileSync(path.join(dir, `${Date.now()}-${mails.length}.json`), JSON.stringify(written, null, 2));
          for (const waiter of waiters) waiter();
          callback();
        })
        .catch(callback);
    },
  });

  // The SMTP server listens on a port of its own; the sink's port is a door in front of it that the mode opens and closes.
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const smtpPort = (server.server.address() as net.AddressInfo).port;
  let mode: SinkMode = "up";
  let connections = 0;
  const open = new Set<net.Socket>();
  const door = net.createServer((client) => {
    connections += 1;
    if (mode === "flaky" && connections % 3 === 0) return client.destroy();
    const smtp = net.connect(smtpPort, "127.0.0.1");
    open.add(client);
    client.once("close", () => open.delete(client));
    client.pipe(smtp).pipe(client);
    client.on("error", () => smtp.destroy());
    smtp.on("error", () => client.destroy());
  });
  const listen = (at: number) =>
    new Promise<void>((resolve, reject) => {
      door.once("error", (error: NodeJS.ErrnoException) =>
        reject(error.code === "EADDRINUSE" ? new Error(`Port ${at} is in use: stop the other mail sink or SMTP server first.`) : error),
      );
      door.listen(at, "127.0.0.1", resolve);
    });
  await listen(port);
  const actualPort = (door.address() as net.AddressInfo).port;

  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    mails,
    waitForMails(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (mails.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(mails);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} mails, received ${mails.length} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async setMode(next) {
      if (!modes.includes(next)) throw new Error(`mode must be one of ${modes.join(", ")}`);
      if (next === "down" && door.listening) door.close();
      if (next !== "down" && !door.listening) await listen(actualPort);
      connections = 0;
      mode = next;
    },
    get mode() {
      return mode;
    },
    stop: async () => {
      for (const socket of open) socket.destroy();
      if (door.listening) await new Promise((resolve) => door.close(resolve));
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

/** Where `npm test` and Playwright run the sink, and where the end-to-end tests read its mails. */
export const defaultPort = 2525;
export const defaultDir = ".reports/mail-sink";
/** Where test-services.ts takes the tests' orders for this sink and the site (here, so the end-to-end tests read it without loading the services). */
export const controlPort = 2526;

// Run as a command (jiti sets argv[1] to this file); Jest, Playwright and jiti all give a module its __filename.
if (process.argv[1] === __filename) {
  const argument = (name: string, fallback: string | number) => {
    const index = process.argv.indexOf(`--${name}`);
    return index === -1 ? String(fallback) : process.argv[index + 1];
  };
  void startMailSink({ port: Number(argument("port", defaultPort)), dir: argument("dir", defaultDir) }).then((sink) => {
    console.log(`mail sink listening on ${sink.url}`);
  });
}
