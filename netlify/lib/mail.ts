import type { SendMailOptions } from "nodemailer";
import type { StoredContactRequest } from "../../src/lib/contact-delivery";
import { contactFieldLabels, contactFields, type ContactRequest } from "../../src/lib/contact-fields";
import { controlCharacters, invisibleCharacters } from "../../src/lib/contact-request";

export interface MailAddresses {
  to: string;
  from: string;
}

/** To the company's mailbox, from the site, unless the environment names others (README, "Environment variables"). */
export function mailAddresses(env: { CONTACT_TO?: string; CONTACT_FROM?: string }, recipient: { name: string; email: string }): MailAddresses {
  return {
    to: env.CONTACT_TO || recipient.email,
    from: env.CONTACT_FROM || `"${recipient.name} website" <${recipient.email}>`,
  };
}

/** Visitor text inside HTML: the mail's HTML part and the function's pages. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Header values come from visitors: whatever slipped past validation, no line break may start a header of its own. */
const everyControlCharacter = new RegExp(`${controlCharacters.source}+`, "g");
const singleLine = (value: string) => value.replace(everyControlCharacter, " ").replace(invisibleCharacters, "").trim();

/** When the visitor sent it, as the office reads it: a retried mail can arrive hours later. */
const receivedTime = (iso: string) =>
  new Intl.DateTimeFormat("nl-NL", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Amsterdam" }).format(new Date(iso));

export function mailSubject(request: ContactRequest) {
  const service = request.service || "Algemene vraag";
  const city = request.city || "plaats onbekend";
  return singleLine(`Offerteaanvraag: ${service} in ${city} van ${request.name}`);
}

/**
 * The mail to the company: Reply-To the visitor, a plain-text part and an HTML
 * part with every value escaped. Its Message-ID is the stored request's id, so
 * every attempt at the same request is the same message to a mail program.
 */
export function composeMail({ id, receivedAt, request }: StoredContactRequest, { to, from }: MailAddresses): SendMailOptions {
  const received = `Ontvangen: ${receivedTime(receivedAt)} (aanvraag ${id})`;
  const shown = contactFields.filter((field) => field !== "message");
  const value = (field: (typeof contactFields)[number]) => request[field] || "–";
  const message = request.message || "(geen bericht)";

  const text = [
    "Nieuwe aanvraag via het formulier op de website.",
    received,
    "",
    ...shown.map((field) => `${contactFieldLabels[field]}: ${value(field)}`),
    "",
    `${contactFieldLabels.message}:`,
    message,
    "",
    "Beantwoorden gaat rechtstreeks naar de aanvrager.",
  ].join("\n");

  const rows = shown
    .map(
      (field) =>
        `<tr><th align="left" style="padding:4px 16px 4px 0">${contactFieldLabels[field]}</th><td style="padding:4px 0">${escapeHtml(value(field))}</td></tr>`,
    )
    .join("");
  const html = [
    `<!doctype html><html lang="nl"><body style="font-family:system-ui,sans-serif;color:#1b2430">`,
    `<p>Nieuwe aanvraag via het formulier op de website.<br>${escapeHtml(received)}</p>`,
    `<table>${rows}</table>`,
    `<h2 style="font-size:16px">${contactFieldLabels.message}</h2>`,
    `<p style="white-space:pre-wrap">${escapeHtml(message)}</p>`,
    `<p style="color:#4a5563">Beantwoorden gaat rechtstreeks naar de aanvrager.</p>`,
    `</body></html>`,
  ].join("");

  return {
    to,
    from,
    replyTo: { name: singleLine(request.name), address: singleLine(request.email) },
    subject: mailSubject(request),
    messageId: `<${id}@${from.replace(/.*@/, "").replace(/[>"\s].*/, "")}>`,
    text,
    html,
  };
}
