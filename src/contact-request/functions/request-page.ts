import { createHash } from "node:crypto";
import { requestReference, type StoredContactRequest } from "./contact-delivery";
import { contactFieldLabels, contactFields } from "../shared/contact-fields";
import { composeDeviceConfirmation, escapeHtml, mailSubject, requestTitle, type MailAddresses } from "./mail";
import type { Mailer } from "./mailer";
import { functionPageHtml } from "./function-page";
import { alertPageUrl, deviceLinkFrom, grantedLink, requestPagesPath, type DeviceLink, type GrantedLink } from "./request-link";
import { isHandlingMark, withFirstView, withMark, type Handling, type HandlingMark } from "./request-handling";
import { photoAreaOf, RequestStore, type Blobs } from "./request-store";
import { apiSecurityHeaders, crossSite } from "./security-headers";
import { colors, fontStack, radius } from "../../components/ui/theme";
import { telHref } from "../../lib/paths";
import { replyDueAt, replyMoment, type ReplyClock } from "../shared/reply-clock";
import { confirmationDays, DeviceList, deviceLabel, subscriptionFrom, type DeviceState, type KeptDevice, type RequestAlerts } from "./push";
import { requestAlerts } from "../contractor-browser/alerts-script";
import { requestServiceWorker } from "../contractor-browser/service-worker";

/**
 * A request's own page for the contractor, served by the request-page
 * function at its signed link (docs/contact-requests.md, "The request page"):
 * every field, the photos at full size, when it came, ways to answer, and the
 * marks, which work without JavaScript. Nothing on it loads from elsewhere,
 * and nothing about it may be kept, indexed or passed on: the address holds
 * the key. The same function serves the pages that confirm a device for
 * alerts or stop its alerts, at the links the contractor's mails carry.
 */

const style = `
*{box-sizing:border-box}
body{margin:0;font-family:${fontStack};color:${colors.ink};background:${colors.sand};line-height:1.5}
main{max-width:760px;margin:0 auto;padding:24px 16px 48px}
h1{font-size:25px;line-height:1.2;margin:0 0 4px}
h2{font-size:20px;line-height:1.3;margin:0 0 12px}
.meta{color:${colors.inkMuted};margin:0 0 16px}
.status{display:inline-block;font-weight:700;padding:4px 12px;border-radius:${radius.pill};background:${colors.errorTint};color:${colors.emergencyStrong}}
.status.done{background:${colors.successTint};color:${colors.chatStrong}}
.card{background:${colors.white};border:1px solid ${colors.line};border-radius:${radius.card};padding:16px 20px;margin:16px 0}
.actions{display:grid;gap:8px;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));margin:16px 0}
.button{display:flex;align-items:center;justify-content:center;text-align:center;font:inherit;font-weight:700;text-decoration:none;padding:12px 16px;border-radius:${radius.button};border:2px solid ${colors.action};background:${colors.action};color:${colors.white};cursor:pointer;min-height:48px;overflow-wrap:anywhere}
.button.chat{background:${colors.chat};border-color:${colors.chat}}
.button.quiet{background:${colors.white};color:${colors.actionStrong}}
.button[aria-pressed=true]{background:${colors.slate};border-color:${colors.slate};color:${colors.white}}
.button:focus-visible,a:focus-visible{outline:3px solid ${colors.focus};outline-offset:2px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}
dt{font-weight:700}
dd{margin:0;overflow-wrap:anywhere}
.message{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}
.photos{display:grid;gap:12px}
.photos img{display:block;width:100%;height:auto;border-radius:${radius.button};background:${colors.line}}
.marks form{display:grid;gap:8px;grid-template-columns:repeat(auto-fit,minmax(160px,1fr))}
[hidden]{display:none!important}
.note{color:${colors.inkMuted};font-size:14px}
a{color:${colors.actionStrong}}
`.trim();

const styleHash = `'sha256-${createHash("sha256").update(style).digest("base64")}'`;

/** Private, never kept or indexed, no Referer carrying the key to a site the page links to. */
const privateHeaders: Record<string, string> = {
  ...apiSecurityHeaders,
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
};

export const requestPageHeaders: Record<string, string> = {
  ...privateHeaders,
  "Content-Security-Policy": `default-src 'none'; img-src 'self'; style-src ${styleHash}; script-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  "Content-Type": "text/html; charset=utf-8",
};

export const requestPhotoHeaders: Record<string, string> = { ...privateHeaders, "Content-Type": "image/jpeg" };

const jsonHeaders: Record<string, string> = { ...privateHeaders, "Content-Type": "application/json; charset=utf-8" };

/**
 * The scripts of the request pages, served from their own functions' source
 * (src/contact-request/contractor-browser/): the alerts' buttons and the
 * service worker, whose place gives it the scope /aanvraag/ and no more.
 * Neither holds anything private; both are checked again on each visit.
 */
const alertsScriptPath = `${requestPagesPath}/meldingen.js`;
const serviceWorkerPath = `${requestPagesPath}/sw.js`;
export const requestPageScripts: Record<string, string> = {
  [alertsScriptPath]: `"use strict";\n(${requestAlerts.toString()})(window);\n`,
  [serviceWorkerPath]: `"use strict";\n(${requestServiceWorker.toString()})(self);\n`,
};

const scriptHeaders: Record<string, string> = { ...apiSecurityHeaders, "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" };

export const markLabels: Record<HandlingMark, { button: string; status: string }> = {
  answered: { button: "Beantwoord", status: "Beantwoord" },
  "no-job": { button: "Geen opdracht", status: "Geen opdracht" },
  spam: { button: "Spam", status: "Gemarkeerd als spam" },
};

/** A moment as the page states it: "vrijdag 27 november om 16:55". */
const dutchDateTime = (iso: string) =>
  new Intl.DateTimeFormat("nl-NL", { weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit", timeZone: "Europe/Amsterdam" }).format(new Date(iso));

/** How long ago, as a person says it: "zojuist", "12 minuten geleden", "3 uur geleden", "gisteren". */
export function timeAgo(iso: string, now: Date): string {
  const seconds = (now.getTime() - Date.parse(iso)) / 1000;
  if (seconds < 60) return "zojuist";
  const format = new Intl.RelativeTimeFormat("nl", { numeric: "auto" });
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), "minute");
  if (seconds < 86_400) return format.format(-Math.floor(seconds / 3600), "hour");
  return format.format(-Math.floor(seconds / 86_400), "day");
}

/**
 * A visitor's phone number as a tel: link and WhatsApp need it, +31 for a
 * Dutch one written from 0; null when the digits cannot be read as a number
 * (the form allows spaces, dashes and brackets around them).
 */
export function internationalDigits(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  const plus = phone.trim().startsWith("+");
  const international = plus ? digits : digits.startsWith("00") ? digits.slice(2) : digits.startsWith("0") ? `31${digits.slice(1)}` : null;
  return international && international.length >= 8 && international.length <= 15 ? `+${international}` : null;
}

function answerButtons({ request }: StoredContactRequest): string {
  const phone = internationalDigits(request.phone);
  const subject = `Uw aanvraag: ${request.service || "uw vraag"}`;
  return [
    phone ? `<a class="button" href="${escapeHtml(telHref(phone))}">Bel ${escapeHtml(request.phone)}</a>` : "",
    phone ? `<a class="button chat" href="https://wa.me/${phone.slice(1)}">WhatsApp</a>` : "",
    `<a class="button quiet" href="mailto:${escapeHtml(encodeURIComponent(request.email).replace(/%40/g, "@"))}?subject=${escapeHtml(encodeURIComponent(subject))}">Mail ${escapeHtml(request.email)}</a>`,
  ].join("");
}

function statusLine(handling: Handling, due: Date, now: Date): string {
  if (!handling.mark || !handling.answeredAt) {
    const late = now.getTime() >= due.getTime();
    return `<p><span class="status">${late ? "Over tijd" : "Nog niet beantwoord"}</span> ${late ? "Het antwoord was beloofd" : "Beantwoorden"} ${escapeHtml(replyMoment(due, now))}.</p>`;
  }
  return `<p><span class="status done">${markLabels[handling.mark].status}</span> Afgehandeld ${escapeHtml(dutchDateTime(handling.answeredAt))}.</p>`;
}

export interface RequestPageData {
  record: StoredContactRequest;
  handling: Handling;
  /** The page's own path (its photos' base and its marks' target). */
  link: string;
  now: Date;
  /** When the answer is due by the reply clock (src/contact-request/shared/reply-clock.ts). */
  due: Date;
  /** The VAPID public key devices subscribe with; null where this deploy has no alerts. */
  alertsKey: string | null;
}

/** Where the page's script posts a device's subscription (createRequestPageHandler). */
const alertsPath = "meldingen";
const manifestPath = "app.webmanifest";

/** "Meldingen op dit toestel": the buttons the page's script shows, and how an iPhone gets alerts at all. */
function alertsSection(link: string, alertsKey: string | null): string {
  const heading = '<h2 id="alerts-title">Meldingen op dit toestel</h2>';
  if (!alertsKey) {
    return `<section class="card" aria-labelledby="alerts-title">${heading}<p>Meldingen op de telefoon zijn voor deze website nog niet ingesteld. Vraag uw webbouwer ze aan te zetten; tot dan komt elke aanvraag per e-mail.</p></section>`;
  }
  return `<section class="card" id="alerts" aria-labelledby="alerts-title" data-key="${escapeHtml(alertsKey)}" data-action="${escapeHtml(`${link}/${alertsPath}`)}" data-worker="${serviceWorkerPath}" data-scope="${requestPagesPath}/">${heading}
<p>Een melding op dit toestel bij elke nieuwe aanvraag, en als er een te lang op antwoord wacht. Een tik op de melding opent de aanvraag.</p>
<p>Na het aanzetten gaat er een mail naar het e-mailadres van het bedrijf, waar de aanvragen ook binnenkomen. Pas als het toestel daar bevestigd is, krijgt het meldingen. Zo kan niemand anders met deze link meldingen krijgen.</p>
<p role="status" data-alerts-state>Meldingen aanzetten kan alleen met JavaScript aan.</p>
<div class="actions"><button type="button" class="button" data-alerts="on" hidden>Meldingen aanzetten</button><button type="button" class="button quiet" data-alerts="test" hidden>Testmelding sturen</button><button type="button" class="button quiet" data-alerts="off" hidden>Meldingen uitzetten</button></div>
<p class="note"><strong>iPhone of iPad?</strong> Daar werken meldingen vanaf iOS 16.4, en alleen vanaf het beginscherm. Open deze pagina in Safari, tik op de deelknop (het vierkant met de pijl omhoog) en kies <strong>Zet op beginscherm</strong>. Open de aanvraag daarna met het nieuwe icoon op uw beginscherm en tik daar op <strong>Meldingen aanzetten</strong>.</p></section>`;
}

export function renderRequestPage({ record, handling, link, now, due, alertsKey }: RequestPageData): string {
  const { request, receivedAt } = record;
  const photos = record.photos ?? [];
  const title = requestTitle(record.request);
  const shown = contactFields.filter((field) => field !== "message");
  const details = shown.map((field) => `<dt>${contactFieldLabels[field]}</dt><dd>${escapeHtml(request[field] || "–")}</dd>`).join("");
  const photoList = photos
    .map(
      (photo, index) =>
        `<a href="${escapeHtml(`${link}/${photo.name}`)}"><img src="${escapeHtml(`${link}/${photo.name}`)}" width="${photo.width}" height="${photo.height}" alt="Foto ${index + 1} van ${photos.length}, meegestuurd door ${escapeHtml(request.name)}"></a>`,
    )
    .join("");
  const markButtons = (Object.keys(markLabels) as HandlingMark[])
    .map((mark) => `<button class="button quiet" type="submit" name="mark" value="${mark}" aria-pressed="${handling.mark === mark}">${markLabels[mark].button}</button>`)
    .join("");

  return functionPageHtml({
    title: `Aanvraag: ${title}`,
    style,
    robots: "noindex, nofollow",
    head: `<meta name="referrer" content="no-referrer">\n${alertsKey ? `<link rel="manifest" href="${escapeHtml(`${link}/${manifestPath}`)}">\n<script src="${alertsScriptPath}" defer></script>\n` : ""}`,
    main: `<h1>${escapeHtml(title)}</h1>
<p class="meta">Van ${escapeHtml(request.name)}. Ontvangen ${escapeHtml(dutchDateTime(receivedAt))}, <strong>${escapeHtml(timeAgo(receivedAt, now))}</strong>.</p>
${statusLine(handling, due, now)}
<nav class="actions" aria-label="Antwoorden">${answerButtons(record)}</nav>
<section class="card" aria-labelledby="details"><h2 id="details">Gegevens</h2><dl>${details}</dl></section>
<section class="card" aria-labelledby="message"><h2 id="message">${contactFieldLabels.message}</h2><p class="message">${escapeHtml(request.message || "(geen bericht)")}</p></section>
${photos.length > 0 ? `<section class="card" aria-labelledby="photos"><h2 id="photos">Foto's (${photos.length})</h2><div class="photos">${photoList}</div></section>` : ""}
<section class="card marks" aria-labelledby="marks"><h2 id="marks">Markeren</h2><form method="post" action="${escapeHtml(link)}">${markButtons}</form>
<p class="note">Een markering zet de klok van deze aanvraag stil.</p></section>
${alertsSection(link, alertsKey)}
<p class="note">Deze pagina is alleen voor u: wie de link heeft, ziet de aanvraag. Stuur hem niet door. ${escapeHtml(mailSubject(request))}, kenmerk ${escapeHtml(requestReference(record.id))}, aanvraag ${escapeHtml(record.id)}.</p>`,
  });
}

const notFoundHtml = functionPageHtml({
  title: "Aanvraag niet gevonden",
  style,
  robots: "noindex, nofollow",
  main: `<h1>Aanvraag niet gevonden</h1>
<p>Deze link werkt niet (meer). Misschien is hij niet helemaal gekopieerd, of is de aanvraag na de bewaartermijn verwijderd. Open de aanvraag vanuit de laatste mail die hem noemt.</p>`,
});

/** The one answer to every link that grants nothing: altered, expired, unknown, or for a request no longer kept. */
export const notFoundPage = () => new Response(notFoundHtml, { status: 404, headers: requestPageHeaders });

/** A short page of the function's own: a heading, sentences, and at most one button that posts to `action`. */
function simplePage(status: number, title: string, sentences: readonly string[], button?: { action: string; label: string }): Response {
  const form = button ? `<form method="post" action="${escapeHtml(button.action)}"><button class="button" type="submit">${escapeHtml(button.label)}</button></form>` : "";
  const main = `<h1>${escapeHtml(title)}</h1>\n${sentences.map((sentence) => `<p>${escapeHtml(sentence)}</p>`).join("\n")}\n${form}`;
  return new Response(functionPageHtml({ title, style, robots: "noindex, nofollow", main }), { status, headers: requestPageHeaders });
}

/** A store that does not answer: the contractor is told to try again, never shown the platform's error page. */
const storeDownPage = () =>
  simplePage(503, "Even niet bereikbaar", ["De opslag van de website antwoordt op dit moment niet, dus deze pagina kan nu niet worden getoond of bewaard. Er is niets verloren gegaan. Probeer het over een paar minuten opnieuw."]);

/** A post from another site (docs/contact-requests.md, "The request page"): only the pages themselves post here. */
const crossSitePage = () => simplePage(403, "Niet toegestaan", ["Dit kan alleen met de knoppen op de pagina zelf, niet vanaf een andere website. Open de link uit de mail en probeer het daar opnieuw."]);

/** Production without a usable REQUEST_LINK_SECRET: the same refusal as the form's, and the log says why. */
const pagesRefusedPage = () =>
  simplePage(503, "Aanvraagpagina's niet ingesteld", ["De pagina's van aanvragen zijn voor deze website niet goed ingesteld, dus deze link kan nu niet worden geopend. Vraag uw webbouwer het na te kijken; de aanvragen komen per e-mail binnen."]);

const deviceLinkGonePage = () =>
  simplePage(404, "Link werkt niet (meer)", [
    "Deze link werkt niet (meer). Misschien is hij niet helemaal gekopieerd, is hij verlopen, of krijgt het toestel al geen meldingen meer. Een nieuwe link komt met de volgende mail.",
  ]);

export interface RequestPageOptions {
  store: () => Blobs;
  /** REQUEST_LINK_SECRET as the deploy uses it; without it (a deploy without links) every link is not found. */
  secret: string | null;
  /** Why production has no request pages (contact-setup.ts, pagesRefused): every link gets a 503, and the log says why. */
  pagesRefused?: string;
  /** The reply clock from content (form-options.json): the page says by when to answer. */
  clock: ReplyClock;
  /** Web Push with this deploy's keys; null where it has none (docs/contact-requests.md, "Alerts on the phone"). */
  alerts: RequestAlerts | null;
  /** How a device's confirmation mail goes, and to whom (CONTACT_TO): the form's own mailer and addresses. */
  mail?: { mailer: Mailer; addresses: MailAddresses };
  /** The company's name, for the app a device puts on its Home Screen. */
  siteName: string;
  now?: () => Date;
  warn?: (line: string) => void;
}

/** A subscription is a few hundred bytes; anything longer is not the page's script. */
const maxAlertsBody = 4096;

/** What the page's script sends: how this device stands, turn it on, send it a test, or turn it off. */
const alertActions = ["status", "subscribe", "test", "unsubscribe"] as const;
type AlertAction = (typeof alertActions)[number];

/** A sentence for the contractor, and where the device stands, so the script shows the right buttons. */
const answer = (status: number, message: string, state?: DeviceState) => new Response(JSON.stringify({ message, ...(state && { state }) }), { status, headers: jsonHeaders });

const stateMessages: Record<DeviceState, string> = {
  on: "Meldingen staan aan op dit toestel.",
  unconfirmed:
    "Dit toestel wacht op bevestiging. Er ging een mail naar het e-mailadres van het bedrijf; pas als het toestel daar bevestigd is, krijgt het meldingen.",
  off: "Meldingen staan uit op dit toestel.",
};

/** A mark is one short field; anything longer is not the page's form. */
const maxMarkBody = 256;

async function markFrom(request: Request): Promise<HandlingMark | null> {
  if (!(request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded")) return null;
  const body = await request.text();
  if (body.length > maxMarkBody) return null;
  const mark = new URLSearchParams(body).get("mark");
  return isHandlingMark(mark) ? mark : null;
}

const whenText = (iso: string) =>
  new Intl.DateTimeFormat("nl-NL", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Amsterdam" }).format(new Date(iso));

/**
 * The request-page function's handler: GET the page (noting its first
 * opening), GET a photo under it, POST a mark (then back to the page with a
 * 303, so a reload does not post again); the device's alerts from the page's
 * script; and the pages of the links that confirm a device or stop its
 * alerts, where GET shows a button and only its POST acts, since mail
 * scanners open links. A store that fails gets a Dutch 503, never the
 * platform's error page.
 */
export function createRequestPageHandler({ store, secret, pagesRefused, clock, alerts, mail, siteName, now = () => new Date(), warn = console.warn }: RequestPageOptions) {
  /** The page; a GET notes the first view, a HEAD (what a link checker sends) does not. */
  async function page(requests: RequestStore, record: StoredContactRequest, granted: GrantedLink, method: string): Promise<Response> {
    const at = now();
    const noted = method === "GET" ? requests.changeHandling(record.id, (current) => withFirstView(current, at)) : requests.readHandling(record.id);
    const handling = await noted.catch(async (error: unknown) => {
      warn(`request ${record.id}: its first view was not noted: ${error instanceof Error ? error.message : String(error)}`);
      return requests.readHandling(record.id);
    });
    const due = replyDueAt(new Date(record.receivedAt), record.request.service, clock);
    return new Response(renderRequestPage({ record, handling, link: granted.link, now: at, due, alertsKey: alerts?.publicKey ?? null }), { status: 200, headers: requestPageHeaders });
  }

  /** The app a device adds to its Home Screen (how an iPhone gets alerts): it opens this request's page. */
  function manifest(granted: GrantedLink): Response {
    const body = { name: `Aanvragen – ${siteName}`, short_name: "Aanvragen", lang: "nl", start_url: granted.link, scope: `${requestPagesPath}/`, display: "standalone", icons: [{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml" }] };
    return new Response(JSON.stringify(body), { status: 200, headers: { ...privateHeaders, "Content-Type": "application/manifest+json; charset=utf-8" } });
  }

  /** Mails CONTACT_TO the link that confirms a new device; false when the mail did not go. */
  async function mailConfirmation(devices: DeviceList, device: KeptDevice, origin: string): Promise<boolean> {
    if (!mail || mail.mailer.kind === "unconfigured") return false;
    const url = `${(mail.addresses.pages?.origin ?? origin).replace(/\/+$/, "")}${devices.confirmPath(device)}`;
    try {
      await mail.mailer.send(composeDeviceConfirmation(device, url, confirmationDays, mail.addresses));
      return true;
    } catch (error) {
      warn(`request-page: the confirmation mail for a device did not go: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  /** A device's subscription, from the page's script: its state, turned on (unconfirmed), tested, or turned off, with a sentence for the contractor. */
  async function deviceAlerts(request: Request, record: StoredContactRequest): Promise<Response> {
    if (!alerts || !secret) return answer(503, "Meldingen zijn voor deze website nog niet ingesteld.");
    const body = (request.headers.get("content-type") ?? "").startsWith("application/json") ? await request.text() : "";
    let input: { action?: unknown; subscription?: unknown } = {};
    try {
      if (body.length <= maxAlertsBody) input = JSON.parse(body) as typeof input;
    } catch {
      // Read as no action below.
    }
    const action = alertActions.find((known) => known === input.action) as AlertAction | undefined;
    const subscription = subscriptionFrom(input.subscription, alerts.setup.endpointAllowed);
    if (!action || !subscription) return answer(400, "Dit toestel gaf geen bruikbaar adres voor meldingen. Laad de pagina opnieuw en probeer het nog eens.");
    const devices = alerts.devices(store());
    const at = now();
    if (action === "unsubscribe") {
      await devices.unsubscribe(subscription, at);
      return answer(200, stateMessages.off, "off");
    }
    if (action === "status") {
      const state = await devices.state(subscription, at);
      return answer(200, stateMessages[state], state);
    }
    if (action === "subscribe") {
      if (!mail || mail.mailer.kind === "unconfigured") return answer(503, "Een toestel aanmelden kan nu niet: de website kan geen bevestigingsmail sturen. Probeer het later opnieuw.", "off");
      const asked = await devices.request(subscription, deviceLabel(request.headers.get("user-agent")), requestReference(record.id), at);
      if (asked.state === "day-full") return answer(429, "Vandaag zijn er al te veel toestellen aangemeld. Probeer het morgen opnieuw.", "off");
      if (asked.state !== "new") return answer(asked.state === "on" ? 200 : 202, stateMessages[asked.state], asked.state);
      if (!(await mailConfirmation(devices, asked.device, new URL(request.url).origin))) {
        await devices.withdraw(asked.device);
        return answer(502, "De bevestigingsmail kon niet worden verstuurd. Probeer het zo nog eens.", "off");
      }
      return answer(202, "Bijna klaar: er ging een mail naar het e-mailadres van het bedrijf. Pas als het toestel daar bevestigd is, krijgt het meldingen.", "unconfirmed");
    }
    const state = await devices.state(subscription, at);
    if (state !== "on") return answer(409, `Een testmelding kan alleen naar een bevestigd toestel. ${stateMessages[state]}`, state);
    const due = replyDueAt(new Date(record.receivedAt), record.request.service, clock);
    const sent = await alerts.toDevice(subscription, {
      title: "Testmelding",
      body: `Zo ziet een melding eruit. Een tik opent de aanvraag: ${mailSubject(record.request)}.`,
      url: alertPageUrl(record, { origin: new URL(request.url).origin, secret }, due),
      tag: "testmelding",
    });
    if (sent === "sent") return answer(200, "Testmelding verstuurd. Ziet u hem niet binnen een minuut? Kijk of meldingen voor deze browser aan staan in de instellingen van het toestel.", "on");
    if (sent === "gone") {
      await devices.unsubscribe(subscription, at);
      return answer(410, "Dit toestel is niet meer aangemeld voor meldingen. Zet ze opnieuw aan.", "off");
    }
    return answer(502, "De testmelding kwam niet aan bij de meldingendienst van uw toestel. Probeer het zo nog eens.", "on");
  }

  /** The page of a link that confirms a device or stops its alerts: GET shows what it names and a button, POST does it. */
  async function deviceLinkPage(request: Request, link: DeviceLink, devices: DeviceList, pathname: string): Promise<Response> {
    const at = now();
    const found = await devices.byLink(link, at);
    if (!found) return deviceLinkGonePage();
    const { device, confirmed } = found;
    const named = `${device.label}, aangezet ${whenText(device.addedAt)} op de pagina van aanvraag ${device.from}.`;
    if (link.kind === "confirm") {
      if (confirmed) return simplePage(200, "Toestel bevestigd", [named, "Dit toestel krijgt meldingen. Stoppen kan met de link onderaan elke mail over aanvragen."]);
      if (request.method !== "POST") {
        return simplePage(200, "Toestel bevestigen", [named, "Is dit uw eigen toestel? Bevestig het, dan krijgt het vanaf nu een melding bij elke nieuwe aanvraag. Kent u het niet, sluit deze pagina dan: zonder bevestiging krijgt het niets."], { action: pathname, label: "Ja, dit toestel mag meldingen krijgen" });
      }
      const outcome = await devices.confirm(device, at);
      if (outcome.state === "full") return simplePage(409, "Te veel toestellen", ["Er krijgen al te veel toestellen meldingen. Stop er eerst een met de link onderaan een mail over aanvragen, en open deze link dan opnieuw."]);
      return simplePage(200, "Toestel bevestigd", [named, "Dit toestel krijgt vanaf nu meldingen. Stoppen kan met de link onderaan elke mail over aanvragen."]);
    }
    const stopNamed = `${device.label}, bevestigd ${whenText(device.confirmedAt ?? device.addedAt)}.`;
    if (request.method !== "POST") return simplePage(200, "Meldingen stoppen", [stopNamed, "Dit toestel krijgt nu een melding bij elke nieuwe aanvraag. Stop dat hier; de mails blijven komen."], { action: pathname, label: "Meldingen op dit toestel stoppen" });
    await devices.stop(device.id);
    return simplePage(200, "Meldingen gestopt", [stopNamed, "Dit toestel krijgt geen meldingen meer. Wilt u ze er later weer op, zet ze dan aan op de pagina van een aanvraag."]);
  }

  async function photo(requests: RequestStore, record: StoredContactRequest, name: string): Promise<Response> {
    if (!(record.photos ?? []).some((stored) => stored.name === name)) return notFoundPage();
    const content = await requests.readPhoto(photoAreaOf(record), record.id, name);
    return content ? new Response(new Uint8Array(content), { status: 200, headers: requestPhotoHeaders }) : notFoundPage();
  }

  const notAllowed = (allow: string) =>
    new Response("Deze methode kan hier niet.", { status: 405, headers: { ...requestPageHeaders, "Content-Type": "text/plain; charset=utf-8", Allow: allow } });

  async function handle(request: Request, pathname: string): Promise<Response> {
    const reading = request.method === "GET" || request.method === "HEAD";
    const script = requestPageScripts[pathname];
    if (script !== undefined && reading) return new Response(request.method === "HEAD" ? null : script, { status: 200, headers: scriptHeaders });
    if (pagesRefused) {
      warn(`request-page: no request pages in production: ${pagesRefused}`);
      return pagesRefusedPage();
    }
    const deviceLink = secret ? deviceLinkFrom(pathname) : null;
    if (deviceLink && secret) {
      if (!reading && request.method !== "POST") return notAllowed("GET, HEAD, POST");
      if (request.method === "POST" && crossSite(request)) return crossSitePage();
      return deviceLinkPage(request, deviceLink, new DeviceList(store(), secret), pathname);
    }
    const granted = secret ? grantedLink(pathname, secret, now()) : null;
    if (!granted) return notFoundPage();
    const posting = granted.rest === "" || granted.rest === alertsPath;
    if (!reading && !(request.method === "POST" && posting)) return notAllowed(posting ? "GET, HEAD, POST" : "GET, HEAD");
    if (!reading && crossSite(request)) return granted.rest === alertsPath ? answer(403, "Dit kan alleen vanaf de pagina zelf.") : crossSitePage();
    const requests = new RequestStore(store());
    const record = await requests.find(granted.id);
    if (!record) return notFoundPage();
    if (granted.rest === alertsPath) return request.method === "POST" ? deviceAlerts(request, record) : notFoundPage();
    if (granted.rest === manifestPath) return alerts ? manifest(granted) : notFoundPage();
    if (granted.rest !== "") return photo(requests, record, granted.rest);
    if (reading) return page(requests, record, granted, request.method);

    const mark = await markFrom(request);
    if (!mark) return new Response("Kies Beantwoord, Geen opdracht of Spam.", { status: 400, headers: { ...requestPageHeaders, "Content-Type": "text/plain; charset=utf-8" } });
    await requests.changeHandling(record.id, (current) => withMark(current, mark, now()));
    return new Response(null, { status: 303, headers: { ...requestPageHeaders, Location: granted.link } });
  }

  return async function handleRequestPage(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    try {
      return await handle(request, pathname);
    } catch (error) {
      warn(`request-page: the store failed: ${error instanceof Error ? error.message : String(error)}`);
      return pathname.endsWith(`/${alertsPath}`) ? answer(503, "De website kon dit nu niet bewaren of lezen. Probeer het over een paar minuten opnieuw.") : storeDownPage();
    }
  };
}
