/**
 * A local SMTP server that accepts every mail and keeps it, parsed, for tests
 * and the benchmark: the function's tests, `npm test` (which points `npm start`
 * at it) and `npm run bench`. CommonJS so Jest, Playwright and the .mjs scripts
 * can all load it.
 *
 *   node scripts/lib/mail-sink.cjs [--port 2525] [--dir .reports/mail-sink]
 */
const fs = require("node:fs");
const net = require("node:net");
const path = require("node:path");
const { SMTPServer } = require("smtp-server");
const { simpleParser } = require("mailparser");

/**
 * How the sink takes connections, to show what the site does when mail fails:
 * "up" takes every one; "down" listens on nothing, so connecting is refused as
 * with a server that is off; "flaky" drops every third connection at once.
 * @typedef {"up" | "down" | "flaky"} SinkMode
 */
const modes = ["up", "down", "flaky"];

/**
 * @param {{ port?: number, dir?: string, refuse?: boolean }} options
 *   port 0 picks a free one; dir also writes each mail as JSON there (for other
 *   processes); refuse answers every mail with a permanent error.
 */
async function startMailSink({ port = 0, dir, refuse = false } = {}) {
  const mails = [];
  const waiters = new Set();
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
          const mail = {
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
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const smtpPort = server.server.address().port;
  let mode = "up";
  let connections = 0;
  const open = new Set();
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
  const listen = (at) =>
    new Promise((resolve, reject) => {
      door.once("error", (error) =>
        reject(error.code === "EADDRINUSE" ? new Error(`Port ${at} is in use: stop the other mail sink or SMTP server first.`) : error),
      );
      door.listen(at, "127.0.0.1", resolve);
    });
  await listen(port);
  const actualPort = door.address().port;

  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    mails,
    /** Resolves once `count` mails have arrived, or rejects after `timeoutMs`. */
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
    /** @param {SinkMode} next */
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
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Where `npm test` and Playwright run the sink, and where the end-to-end tests read its mails. */
const defaultPort = 2525;
const defaultDir = ".reports/mail-sink";
/** Where test-services.mjs takes the tests' orders for this sink and the site (here, so TypeScript tests can read it as CommonJS). */
const controlPort = 2526;

module.exports = { startMailSink, defaultPort, defaultDir, controlPort, modes };

if (require.main === module) {
  const argument = (name, fallback) => {
    const index = process.argv.indexOf(`--${name}`);
    return index === -1 ? fallback : process.argv[index + 1];
  };
  startMailSink({ port: Number(argument("port", defaultPort)), dir: argument("dir", defaultDir) }).then((sink) => {
    console.log(`mail sink listening on ${sink.url}`);
  });
}
