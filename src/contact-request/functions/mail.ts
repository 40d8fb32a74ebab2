import { createHash } from "node:crypto";
import type { SendMailOptions } from "nodemailer";
import { contactLimits, requestReference, type StoredContactRequest, type SuspectReason } from "./contact-delivery";
import { contactFieldLabels, contactFields, type ContactRequest } from "../shared/contact-fields";
import { controlCharacters, invisibleCharacters } from "../shared/contact-request";
import { requestPageUrl, type RequestPages } from "./request-link";
import { colors, radius } from "../../components/ui/theme";
import type { DueStep } from "./reminders";
import type { ReminderStep } from "./store-keys";
import { figuresLegend, figuresTable, monthName, type MonthFigures } from "./handling-report";
import type { ReplyClock } from "../shared/reply-clock";
import type { KeptDevice, ListedDevice } from "./push";
import type { MonthDeploys } from "../../content-publish/functions/publish-log";
import { cmsLabels } from "../../../plugins/gatsby-plugin-cms/labels";

export interface MailAddresses {
  to: string;
  from: string;
  /** Where the requests' pages are and the key their links are signed with; a preview without REQUEST_LINK_SECRET has none. */
  pages?: RequestPages;
  /** Who hears of a request still unanswered at its target (CONTACT_ESCALATE_TO); nobody where it is unset. */
  escalateTo?: string;
  /**
   * The devices that get alerts, listed at the end of every mail that names
   * requests, each with its stop link (withDeviceList); unset where the
   * deploy has no alerts, so the mail says nothing of them.
   */
  devices?: readonly ListedDevice[];
}

/** Visitor text inside HTML: the mail's HTML part and the function's pages. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Header values come from visitors: whatever slipped past validation, no line break may start a header of its own. */
const everyControlCharacter = new RegExp(`${controlCharacters.source}+`, "g");
const singleLine = (value: string) => value.replace(everyControlCharacter, " ").replace(invisibleCharacters, "").trim();

/** A visitor's name as Reply-To shows it: without what would make it read as an address of its own. */
const displayName = (name: string) => singleLine(name.replace(/[<>@]/g, " ")).replace(/\s{2,}/g, " ");

/** When the visitor sent it, as the office reads it: a retried mail can arrive hours later. */
const receivedTime = (iso: string) =>
  new Intl.DateTimeFormat("nl-NL", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Amsterdam" }).format(new Date(iso));

export function mailSubject(request: ContactRequest) {
  const service = request.service || "Algemene vraag";
  const city = request.city || "plaats onbekend";
  return singleLine(`Offerteaanvraag: ${service} in ${city} van ${request.name}`);
}

/** What the request is about, as its heading says it: "Daklekkage in Zaandam", "Dakisolatie", "Vraag uit Diemen", "Vraag van Marieke". */
export function requestTitle(request: ContactRequest): string {
  if (request.service) return request.city ? `${request.service} in ${request.city}` : request.service;
  return request.city ? `Vraag uit ${request.city}` : `Vraag van ${request.name}`;
}

/** A single mail's photos: the attachments, and the names of any the store no longer had (docs/contact-requests.md, "Photos"). */
export interface MailPhotos {
  attachments: { filename: string; content: Buffer; contentType: "image/jpeg" }[];
  missing: string[];
}

export const noPhotos: MailPhotos = { attachments: [], missing: [] };

/** The photos as a mail attaches them; one without content is named instead. */
export const mailPhotos = (photos: readonly { name: string; content: Buffer | null }[]): MailPhotos => ({
  attachments: photos.flatMap(({ name, content }) => (content ? [{ filename: name, content, contentType: "image/jpeg" as const }] : [])),
  missing: photos.filter(({ content }) => !content).map(({ name }) => name),
});

/** "geen foto's", "1 foto", "3 foto's". */
export const photoCount = (count: number) => (count === 0 ? "geen foto's" : `${count} ${count === 1 ? "foto" : "foto's"}`);

/** What a single mail says of its photos: how many are attached, and which could not be read. */
function attachedPhotos({ attachments, missing }: MailPhotos): string | null {
  if (attachments.length === 0 && missing.length === 0) return null;
  const attached = attachments.length > 0 ? `${photoCount(attachments.length)} als bijlage (${attachments.map((photo) => photo.filename).join(", ")})` : "geen als bijlage";
  return missing.length > 0 ? `${attached}; ${missing.join(", ")} ${missing.length === 1 ? "kon" : "konden"} niet uit de opslag worden gelezen` : attached;
}

/** What a mail listing many requests says of one's photos: not attached, but on the request's page where there is one. */
const listedPhotos = ({ photos = [] }: StoredContactRequest, pages: RequestPages | undefined) =>
  photos.length > 0 ? `${photoCount(photos.length)}, niet bijgevoegd${pages ? "; te zien op de pagina van de aanvraag" : ""}` : null;

/** The line that leads to a request's page, in text and HTML; none where the deploy has no links (a preview without REQUEST_LINK_SECRET). */
function pageLink(record: StoredContactRequest, pages: RequestPages | undefined) {
  if (!pages) return { text: [], html: "" };
  const url = requestPageUrl(record, pages);
  return {
    text: [`Open de aanvraag (foto's, bellen, markeren als beantwoord): ${url}`],
    html: `<p><a href="${escapeHtml(url)}" style="display:inline-block;background:${colors.action};color:${colors.white};font-weight:700;text-decoration:none;padding:10px 16px;border-radius:${radius.button}">Open de aanvraag</a></p>`,
  };
}

/** One request as the mails show it: each field on a line of text, and as rows of an HTML table; its photos in a line of their own. */
function requestBlock(record: StoredContactRequest, photos: string | null, pages: RequestPages | undefined) {
  const { id, receivedAt, request } = record;
  const link = pageLink(record, pages);
  const received = `Ontvangen: ${receivedTime(receivedAt)}, kenmerk ${requestReference(id)} (aanvraag ${id})`;
  const shown = contactFields.filter((field) => field !== "message");
  const value = (field: (typeof contactFields)[number]) => request[field] || "–";
  const message = request.message || "(geen bericht)";
  const lines: [string, string][] = [...shown.map((field): [string, string] => [contactFieldLabels[field], value(field)]), ...(photos ? [["Foto's", photos] as [string, string]] : [])];
  const text = [received, ...link.text, "", ...lines.map(([label, line]) => `${label}: ${line}`), "", `${contactFieldLabels.message}:`, message].join("\n");
  const rows = lines
    .map(([label, line]) => `<tr><th align="left" style="padding:4px 16px 4px 0">${label}</th><td style="padding:4px 0">${escapeHtml(line)}</td></tr>`)
    .join("");
  const html = [
    `<p>${escapeHtml(received)}</p>`,
    link.html,
    `<table>${rows}</table>`,
    `<h3 style="font-size:15px">${contactFieldLabels.message}</h3>`,
    `<p style="white-space:pre-wrap">${escapeHtml(message)}</p>`,
  ].join("");
  return { text, html };
}

const htmlPage = (body: string) => `<!doctype html><html lang="nl"><body style="font-family:system-ui,sans-serif;color:#1b2430">${body}</body></html>`;
const domainOf = (from: string) => from.replace(/.*@/, "").replace(/[>"\s].*/, "");

/**
 * The mail to the company: Reply-To the visitor, a plain-text part and an HTML
 * part with every value escaped, the photos attached. Its Message-ID is the
 * stored request's id, so every attempt at the same request is the same
 * message to a mail program.
 */
export function composeMail(record: StoredContactRequest, addresses: MailAddresses, photos: MailPhotos = noPhotos): SendMailOptions {
  const { to, from, pages } = addresses;
  const { request, id } = record;
  const block = requestBlock(record, attachedPhotos(photos), pages);
  return withDeviceList(addresses, {
    to,
    from,
    replyTo: { name: displayName(request.name), address: singleLine(request.email) },
    subject: mailSubject(request),
    messageId: `<${id}@${domainOf(from)}>`,
    text: ["Nieuwe aanvraag via het formulier op de website.", block.text, "", "Beantwoorden gaat rechtstreeks naar de aanvrager."].join("\n"),
    html: htmlPage(
      `<p>Nieuwe aanvraag via het formulier op de website.</p>${block.html}<p style="color:${colors.inkMuted}">Beantwoorden gaat rechtstreeks naar de aanvrager.</p>`,
    ),
    ...(photos.attachments.length > 0 && { attachments: photos.attachments }),
  });
}

const suspectWords: Record<SuspectReason, string> = {
  honeypot: "het verborgen veld was ingevuld",
  "too-fast": `verstuurd binnen ${contactLimits.minimumFillMs / 1000} seconden nadat het formulier verscheen`,
};

/** Many requests in one mail, each with every detail; Reply-To stays the site, since each has its own sender. */
function composeList(records: readonly StoredContactRequest[], addresses: MailAddresses, subject: string, intro: string[], note: (record: StoredContactRequest) => string = () => ""): SendMailOptions {
  const { to, from, pages } = addresses;
  const first = records[0]?.id ?? "leeg";
  const blocks = records.map((record, index) => ({ record, index, ...requestBlock(record, listedPhotos(record, pages), pages) }));
  return withDeviceList(addresses, {
    to,
    from,
    subject,
    messageId: `<overzicht-${first}-${records.length}@${domainOf(from)}>`,
    text: [
      ...intro,
      "",
      ...blocks.flatMap(({ record, index, text }) => [`— ${index + 1}. ${mailSubject(record.request)}${note(record)}`, `Antwoorden aan: ${singleLine(record.request.email)}`, text, ""]),
    ].join("\n"),
    html: htmlPage(
      intro.map((line) => `<p>${escapeHtml(line)}</p>`).join("") +
        blocks
          .map(
            ({ record, index, html }) =>
              `<h2 style="font-size:16px">${index + 1}. ${escapeHtml(mailSubject(record.request))}${escapeHtml(note(record))}</h2><p>Antwoorden aan: ${escapeHtml(singleLine(record.request.email))}</p>${html}`,
          )
          .join("<hr>"),
    ),
  });
}

/** The job's digest: the requests beyond the hour's mail cap, each with its details. */
export function composeDigest(records: readonly StoredContactRequest[], addresses: MailAddresses): SendMailOptions {
  return composeList(records, addresses, `Overzicht: ${records.length} ${records.length === 1 ? "aanvraag" : "aanvragen"} via de website`, [
    `Er kwamen meer aanvragen binnen dan de ${contactLimits.mailsPerHour} die de website per uur los mailt. Hieronder staan ze allemaal, met alle gegevens.`,
    "Beantwoord een aanvraag door te mailen naar het adres bij die aanvraag.",
  ]);
}

/**
 * The daily list of suspect requests, so a person whose browser filled the
 * hidden field is still seen: the oldest `contactLimits.requestsPerDigest`
 * of the `total` waiting; the rest lead the next day's list.
 */
export function composeSuspectDigest(records: readonly StoredContactRequest[], total: number, addresses: MailAddresses): SendMailOptions {
  const more = total - records.length;
  return composeList(
    records,
    addresses,
    `Verdachte aanvragen: ${total} sinds het vorige overzicht`,
    [
      "Deze aanvragen lijken door een programma verstuurd en zijn daarom niet los gemaild. Kijk of er een echte tussen zit.",
      ...(more > 0 ? [`Hieronder de ${records.length} oudste; de andere ${more} staan in het overzicht van morgen.`] : []),
      `De website verwijdert verdachte aanvragen na ${contactLimits.suspectRetentionDays} dagen.`,
    ],
    (record) => ` (${(record.suspect ?? []).map((reason) => suspectWords[reason]).join("; ")})`,
  );
}

/** When the answer was promised by, as the reminders say it. */
const promisedTime = (at: Date) =>
  new Intl.DateTimeFormat("nl-NL", { weekday: "long", hour: "2-digit", minute: "2-digit", timeZone: "Europe/Amsterdam" }).format(at);

/**
 * A reminder of the reply clock (reminders.ts): the requests still unanswered
 * halfway to their target, to the contractor; or those past it, to
 * CONTACT_ESCALATE_TO. One mail for the steps a run took, at most
 * `remindersPerMail`, each request with the moment its answer was promised by,
 * whom to call, and its page, where a mark stops the clock; `waitingBeyond`
 * more with a step due (a reminder, an escalation or both) the mail counts,
 * and the next runs name. Its
 * Message-ID follows from the step and the requests it names, so a mail sent
 * again for the same steps (its run stopped before noting it went) is the
 * same message to a mail program.
 */
export function composeReminder(due: readonly DueStep[], { to, from, pages, escalateTo, devices }: MailAddresses, step: ReminderStep, waitingBeyond = 0): SendMailOptions {
  const late = step === "target";
  const count = due.length === 1 ? "1 aanvraag" : `${due.length} aanvragen`;
  const subject = late ? `Over tijd: ${count} nog niet beantwoord` : `Herinnering: ${count} wacht${due.length === 1 ? "" : "en"} op antwoord`;
  const intro = late
    ? "Deze aanvragen zijn niet beantwoord binnen de tijd die de website de klant belooft. Bel of mail de klant, en markeer de aanvraag op haar pagina."
    : "Deze aanvragen zijn nog niet beantwoord. Markeer een aanvraag op haar pagina als u haar beantwoordde, dan stopt de herinnering.";
  const more =
    waitingBeyond > 0
      ? [`Hieronder de ${due.length} die het laatst aan de beurt kwamen. Van nog ${waitingBeyond === 1 ? "1 aanvraag is" : `${waitingBeyond} aanvragen is`} een herinnering of melding aan de beurt; de volgende mails noemen ze.`]
      : [];
  const entries = due.map(({ record, dueAt }) => {
    const { request } = record;
    const url = pages ? requestPageUrl(record, pages) : null;
    const lines = [mailSubject(request), `Beloofd antwoord vóór ${promisedTime(dueAt)}; ontvangen ${receivedTime(record.receivedAt)}`, `Bellen: ${singleLine(request.phone)}, mailen: ${singleLine(request.email)}`];
    return { lines, url };
  });
  const named = createHash("sha256")
    .update(due.map(({ record }) => record.id).sort().join(","))
    .digest("hex")
    .slice(0, 16);
  return withDeviceList({ devices, pages }, {
    to: late ? (escalateTo ?? to) : to,
    from,
    subject,
    messageId: `<${late ? "over-tijd" : "herinnering"}-${named}@${domainOf(from)}>`,
    text: [intro, ...more, "", ...entries.flatMap(({ lines, url }, index) => [`${index + 1}. ${lines.join("\n   ")}`, ...(url ? [`   Open de aanvraag: ${url}`] : []), ""])].join("\n"),
    html: htmlPage(
      [intro, ...more].map((line) => `<p>${escapeHtml(line)}</p>`).join("") +
        entries
          .map(
            ({ lines, url }, index) =>
              `<h2 style="font-size:16px">${index + 1}. ${escapeHtml(lines[0] ?? "")}</h2>${lines
                .slice(1)
                .map((line) => `<p style="margin:4px 0">${escapeHtml(line)}</p>`)
                .join("")}${url ? `<p><a href="${escapeHtml(url)}">Open de aanvraag</a></p>` : ""}`,
          )
          .join("<hr>"),
    ),
  });
}

/**
 * The end of every mail that names requests (docs/contact-requests.md,
 * "Alerts on the phone"): the devices that get alerts, each with a link that
 * stops them, so a device the contractor does not know is seen, and gone with
 * one tap. Nothing where the addresses carry no devices (a deploy without
 * alerts) or no request pages to link.
 */
export function withDeviceList({ devices, pages }: Pick<MailAddresses, "devices" | "pages">, mail: SendMailOptions): SendMailOptions {
  if (!devices || !pages) return mail;
  const origin = pages.origin.replace(/\/+$/, "");
  const intro = devices.length === 0 ? "Meldingen op de telefoon: geen toestel krijgt ze." : "Meldingen van nieuwe aanvragen gaan naar deze toestellen:";
  const entries = devices.map((device) => ({ line: `${device.label}, bevestigd ${receivedTime(device.confirmedAt ?? "")}`, url: `${origin}${device.stopPath}` }));
  const outro = devices.length === 0 ? [] : ["Kent u een toestel niet, of gebruikt u het niet meer? Stop zijn meldingen met de link erachter."];
  const text = ["", "—", intro, ...entries.map(({ line, url }) => `- ${line}. Stoppen: ${url}`), ...outro].join("\n");
  const html = `<hr><p style="color:${colors.inkMuted}">${escapeHtml(intro)}</p>${entries.length > 0 ? `<ul>${entries.map(({ line, url }) => `<li>${escapeHtml(line)}. <a href="${escapeHtml(url)}">Meldingen stoppen</a></li>`).join("")}</ul>` : ""}${outro.map((line) => `<p style="color:${colors.inkMuted}">${escapeHtml(line)}</p>`).join("")}`;
  return { ...mail, text: `${String(mail.text ?? "")}${text}`, html: String(mail.html ?? "").replace(/<\/body><\/html>$/, `${html}</body></html>`) };
}

/**
 * The mail that asks the contractor to confirm a device turned on from a
 * request's page (docs/contact-requests.md, "Alerts on the phone"): which
 * device, when, from which request, and the link that confirms it. It goes to
 * CONTACT_TO only, the mailbox the requests go to.
 */
export function composeDeviceConfirmation(device: KeptDevice, confirmUrl: string, days: number, { to, from }: MailAddresses): SendMailOptions {
  const what = `${device.label}, aangezet ${receivedTime(device.addedAt)}`;
  const intro = `Op de pagina van aanvraag ${device.from} zette iemand meldingen van nieuwe aanvragen aan voor dit toestel:`;
  const ask = "Was u dat, op uw eigen toestel? Bevestig het dan met de knop (of de link). Pas daarna krijgt het meldingen: een bij elke nieuwe aanvraag, en als er een te lang op antwoord wacht.";
  const warn = `Was u het niet, of kent u dit toestel niet? Doe dan niets: zonder bevestiging krijgt het niets, en de link werkt ${days} dagen. Wie de link van een aanvraag heeft, ziet die aanvraag: stuur zulke links niet door.`;
  return {
    to,
    from,
    subject: `Nieuw toestel voor meldingen: ${device.label}`,
    messageId: `<toestel-${device.id.slice(0, 16)}-${Date.parse(device.addedAt)}@${domainOf(from)}>`,
    text: [intro, "", `  ${what}`, "", ask, `Bevestigen: ${confirmUrl}`, "", warn].join("\n"),
    html: htmlPage(
      `<p>${escapeHtml(intro)}</p><p><strong>${escapeHtml(what)}</strong></p><p>${escapeHtml(ask)}</p><p><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;background:${colors.action};color:${colors.white};font-weight:700;text-decoration:none;padding:10px 16px;border-radius:${radius.button}">Toestel bevestigen</a></p><p style="color:${colors.inkMuted}">${escapeHtml(warn)}</p>`,
    ),
  };
}

/**
 * The month's report of the reply clock (handling-report.ts), mailed by the
 * job's first run of the next month: the table in a fixed-width font, so its
 * columns stay aligned, and what its figures mean.
 */
export function composeMonthlyReport(figures: MonthFigures, clock: ReplyClock, { to, from }: MailAddresses, deploys?: MonthDeploys): SendMailOptions {
  const name = monthName(figures.month);
  const count = figures.requests === 1 ? "1 aanvraag" : `${figures.requests} aanvragen`;
  const intro = `Zo snel werden de aanvragen van ${name} bekeken en beantwoord.`;
  const table = figuresTable([figures]);
  const legend = [...figuresLegend(clock), ...(deploys ? [deploysLine(deploys)] : [])];
  return {
    to,
    from,
    subject: `Maandoverzicht ${name}: ${count}, ${figures.pastTarget} over tijd`,
    messageId: `<maandoverzicht-${figures.month}@${domainOf(from)}>`,
    text: [intro, "", table, "", ...legend].join("\n"),
    html: htmlPage(`<p>${escapeHtml(intro)}</p><pre style="font-size:13px;overflow-x:auto">${escapeHtml(table)}</pre>${legend.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}`),
  };
}

/** The month's production deploys and content publishes (docs/deploying.md, "Content is published in batches"): each deploy costs Netlify credits. */
function deploysLine({ productionDeploys, contentPublishes: { daily, now } }: MonthDeploys): string {
  return `De website: ${productionDeploys === 1 ? "1 nieuwe versie" : `${productionDeploys} nieuwe versies`} live gezet (productie-deploys, elk betaald in Netlify-credits); ${daily + now} keer gevraagd om gewijzigde teksten te publiceren: ${daily} keer in de ochtendronde, ${now} keer met "${cmsLabels.publishing.publishNow}".`;
}
