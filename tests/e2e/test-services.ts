import fs from "node:fs";
import path from "node:path";
import { controlPort, defaultDir, type SinkMode, type SunkAttachment, type SunkMail } from "../../scripts/lib/serve/mail-sink";
import { baseURL } from "../../playwright.config";

/**
 * The services the end-to-end tests run against (scripts/lib/serve/test-services.ts):
 * the mail server the site sends to, the site itself, and its mailing job.
 */
const control = `http://127.0.0.1:${controlPort}`;

async function expectOk(response: Response, what: string) {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
}

/** "down": connecting is refused; "flaky": every third connection is dropped; "up": all mail is taken. */
export async function setMailServer(mode: SinkMode) {
  await expectOk(await fetch(`${control}/mail-server/${mode}`, { method: "POST" }), `mail server ${mode}`);
}

/** Stops `npm start` and starts its runtime again over the built site (no build), and waits until it serves. */
export async function restartSite() {
  await expectOk(await fetch(`${control}/site/restart`, { method: "POST" }), "restart");
  for (;;) {
    const status = await fetch(`${control}/site`);
    if (status.status === 200) return;
    if (status.status !== 503) throw new Error(`the site did not start again: ${await status.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** One run of the scheduled mailing job, as `netlify serve` runs it on a POST. */
export async function runMailingJob() {
  await expectOk(await fetch(new URL("/.netlify/functions/deliver-contact-requests", baseURL), { method: "POST" }), "mailing job");
}

/** Every mail the sink has received, in the order they arrived. */
export function sunkMails(): SunkMail[] {
  if (!fs.existsSync(defaultDir)) return [];
  return fs
    .readdirSync(defaultDir)
    .sort((a, b) => parseInt(a) - parseInt(b) || a.localeCompare(b, "en", { numeric: true }))
    .map((file) => {
      const mail = JSON.parse(fs.readFileSync(path.join(defaultDir, file), "utf8")) as Omit<SunkMail, "attachments"> & { attachments: (Omit<SunkAttachment, "content"> & { content: string })[] };
      return { ...mail, attachments: mail.attachments.map((attachment) => ({ ...attachment, content: Buffer.from(attachment.content, "base64") })) };
    });
}

/** The mails whose subject ends in "van {name}": the form's mails name the visitor last. */
export const mailsFrom = (name: string) => sunkMails().filter((mail) => mail.subject.endsWith(`van ${name}`));
