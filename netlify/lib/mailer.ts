import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";

/**
 * Where a contact request's mail goes:
 * - SMTP_URL set: over SMTP, with time-outs that let the function answer within Netlify's 10 seconds;
 * - production without SMTP_URL: nowhere, and the function says the e-mail service is not configured;
 * - anywhere else (`npm start`): an .eml file in the outbox folder, so the form works out of the box.
 */
export type Mailer =
  | { kind: "smtp" | "outbox"; send: (mail: SendMailOptions) => Promise<void> }
  | { kind: "unconfigured"; reason: string };

export interface MailerEnv {
  SMTP_URL?: string;
  CONTEXT?: string;
  NODE_ENV?: string;
  NETLIFY_LOCAL?: string;
  CONTACT_OUTBOX_DIR?: string;
}

export const smtpTimeouts = { connectionTimeout: 4000, greetingTimeout: 3000, socketTimeout: 5000, dnsTimeout: 3000 };

/** `netlify serve` runs with CONTEXT=production to mirror a deploy, and says it is local with NETLIFY_LOCAL. */
export const isProduction = (env: MailerEnv) =>
  (env.CONTEXT === "production" || env.NODE_ENV === "production") && env.NETLIFY_LOCAL !== "true";

export function mailerFromEnv(env: MailerEnv, log: (line: string) => void = console.log): Mailer {
  if (env.SMTP_URL) return smtpMailer(env.SMTP_URL);
  if (isProduction(env)) return { kind: "unconfigured", reason: "SMTP_URL is not set" };
  return outboxMailer(path.resolve(env.CONTACT_OUTBOX_DIR || "outbox"), log);
}

export function smtpMailer(url: string): Mailer {
  // Visitor text never names a file or URL to attach, and the function never needs one.
  const transport = nodemailer.createTransport({ url, ...smtpTimeouts, disableFileAccess: true, disableUrlAccess: true });
  return {
    kind: "smtp",
    send: async (mail) => {
      await transport.sendMail(mail);
    },
  };
}

export function outboxMailer(directory: string, log: (line: string) => void): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix", disableFileAccess: true, disableUrlAccess: true });
  return {
    kind: "outbox",
    send: async (mail) => {
      const { message } = (await transport.sendMail(mail)) as { message: Buffer };
      await fs.mkdir(directory, { recursive: true });
      const file = path.join(directory, `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}.eml`);
      await fs.writeFile(file, message);
      log(`send-contact-email: no SMTP_URL set, so the mail was written to ${file}`);
    },
  };
}
