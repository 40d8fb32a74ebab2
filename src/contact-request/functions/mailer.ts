import fs from "node:fs/promises";
import path from "node:path";
import type { SendMailOptions, Transporter } from "nodemailer";

/**
 * How a contact request's mail leaves the function (src/contact-request/functions/contact-setup.ts
 * chooses one per deploy context): over SMTP, as an .eml file in the outbox
 * folder (`npm start` without SMTP_URL), as a line in the function's log (a
 * preview without PREVIEW_CONTACT_TO), or not at all while e-mail is not
 * configured.
 */
export type Mailer =
  | { kind: "smtp" | "outbox" | "log"; send: (mail: SendMailOptions) => Promise<void> }
  | { kind: "unconfigured"; reason: string };

export const smtpTimeouts = { connectionTimeout: 4000, greetingTimeout: 3000, socketTimeout: 5000, dnsTimeout: 3000 };

/**
 * nodemailer is loaded with the first mail an instance sends, not when the
 * function starts: a refusal never mails, and the import is a cold start's
 * largest part after web-push (docs/contact-requests.md, "Cold starts").
 */
function lazyTransport(options: Parameters<typeof import("nodemailer").createTransport>[0]): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => (transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(options)));
}

export function smtpMailer(url: string): Mailer {
  // Visitor text never names a file or URL to attach, and the function never needs one.
  const transport = lazyTransport({ url, ...smtpTimeouts, disableFileAccess: true, disableUrlAccess: true });
  return {
    kind: "smtp",
    send: async (mail) => {
      await (await transport()).sendMail(mail);
    },
  };
}

export function outboxMailer(directory: string, log: (line: string) => void): Mailer {
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: "unix", disableFileAccess: true, disableUrlAccess: true });
  return {
    kind: "outbox",
    send: async (mail) => {
      const { message } = (await (await transport()).sendMail(mail)) as { message: Buffer };
      await fs.mkdir(directory, { recursive: true });
      const file = path.join(directory, `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}.eml`);
      await fs.writeFile(file, message);
      log(`send-contact-email: no SMTP_URL set, so the mail was written to ${file}`);
    },
  };
}

/** The ids of the requests a mail lists: each mail names every request as "(aanvraag {id})" (mail.ts). */
const requestIdsIn = (text: string) => [...new Set([...text.matchAll(/\(aanvraag (\d{8}T\d{9}Z-[0-9a-f]{8})\)/g)].map((match) => match[1]))];

/**
 * A preview's mail: a line in the log that names its requests by id, so a
 * test request shows it arrived and reaches nobody. Never its content: a
 * function log is kept apart from the store, beyond its sweep and
 * `npm run requests -- --forget` (docs/contact-requests.md, "Deploy contexts").
 */
export function logMailer(log: (line: string) => void): Mailer {
  return {
    kind: "log",
    send: async (mail) => {
      const ids = requestIdsIn(String(mail.text ?? ""));
      const photos = Array.isArray(mail.attachments) ? mail.attachments.length : 0;
      const what = ids.length === 1 ? `request ${ids[0]}` : `${ids.length} requests: ${ids.join(", ")}`;
      log(`contact mail (not sent, preview): ${what}${photos > 0 ? `, ${photos} photo${photos === 1 ? "" : "s"}` : ""}`);
    },
  };
}
