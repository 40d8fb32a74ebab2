import { createHash } from "node:crypto";
import type { Store } from "@netlify/blobs";
import { requestReference, type StoredContactRequest } from "./contact-delivery";
import { contactFieldLabels, contactFields } from "../shared/contact-fields";
import { escapeHtml, mailSubject, requestTitle } from "./mail";
import { functionPageHtml } from "./function-page";
import { grantedLink, requestPagesPath, type GrantedLink } from "./request-link";
import { isHandlingMark, withFirstView, withMark, type Handling, type HandlingMark } from "./request-handling";
import { photoAreaOf, RequestStore } from "./request-store";
import { apiSecurityHeaders } from "./security-headers";
import { colors, fontStack, radius } from "../../components/ui/theme";
import { telHref } from "../../lib/paths";
import { replyDueAt, replyMoment, type ReplyClock } from "../shared/reply-clock";
import { PushSubscriptions, subscriptionFrom, type RequestAlerts } from "./push";
import { requestAlerts } from "../contractor-browser/alerts-script";
import { requestServiceWorker } from "../contractor-browser/service-worker";

/**
 * A request's own page for the contractor, served by the request-page
 * function at its signed link (docs/contact-requests.md, "The request page"):
 * every field, the photos at full size, when it came, ways to answer, and the
 * marks, which work without JavaScript. Nothing on it loads from elsewhere,
 * and nothing about it may be kept, indexed or passed on: the address holds
 * the key.
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

export interface RequestPageOptions {
  store: () => Store;
  /** REQUEST_LINK_SECRET; without it (a deploy without links) every link is not found. */
  secret: string | null;
  /** The reply clock from content (form-options.json): the page says by when to answer. */
  clock: ReplyClock;
  /** Web Push with this deploy's keys; null where it has none (docs/contact-requests.md, "Alerts on the phone"). */
  alerts: RequestAlerts | null;
  /** The company's name, for the app a device puts on its Home Screen. */
  siteName: string;
  now?: () => Date;
  warn?: (line: string) => void;
}

/** A subscription is a few hundred bytes; anything longer is not the page's script. */
const maxAlertsBody = 4096;

/** What the page's script sends: subscribe this device, send it a test, or forget it. */
const alertActions = ["subscribe", "test", "unsubscribe"] as const;
type AlertAction = (typeof alertActions)[number];

const answer = (status: number, message: string) => new Response(JSON.stringify({ message }), { status, headers: jsonHeaders });

/** A mark is one short field; anything longer is not the page's form. */
const maxMarkBody = 256;

async function markFrom(request: Request): Promise<HandlingMark | null> {
  if (!(request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded")) return null;
  const body = await request.text();
  if (body.length > maxMarkBody) return null;
  const mark = new URLSearchParams(body).get("mark");
  return isHandlingMark(mark) ? mark : null;
}

/**
 * The request-page function's handler: GET the page (noting its first
 * opening), GET a photo under it, POST a mark (then back to the page with a
 * 303, so a reload does not post again).
 */
export function createRequestPageHandler({ store, secret, clock, alerts, siteName, now = () => new Date(), warn = console.warn }: RequestPageOptions) {
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

  /** A device's subscription, from the page's script: kept, tested, or forgotten, with a sentence for the contractor. */
  async function deviceAlerts(request: Request, link: string, record: StoredContactRequest): Promise<Response> {
    if (!alerts) return answer(503, "Meldingen zijn voor deze website nog niet ingesteld.");
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
    const devices = new PushSubscriptions(store());
    if (action === "unsubscribe") {
      await devices.remove(subscription.endpoint);
      return answer(200, "Meldingen staan uit op dit toestel.");
    }
    if (action === "subscribe") {
      if (!(await devices.add(subscription, now()))) return answer(409, "Er staan al op te veel toestellen meldingen aan. Zet ze op een toestel dat u niet meer gebruikt uit en probeer het opnieuw.");
      return answer(200, "Meldingen staan aan op dit toestel. U krijgt er een bij elke nieuwe aanvraag, en als er een te lang wacht.");
    }
    const sent = await alerts.toDevice(subscription, {
      title: "Testmelding",
      body: `Zo ziet een melding eruit. Een tik opent de aanvraag: ${mailSubject(record.request)}.`,
      url: new URL(link, request.url).href,
      tag: "testmelding",
    });
    if (sent === "sent") return answer(200, "Testmelding verstuurd. Ziet u hem niet binnen een minuut? Kijk of meldingen voor deze browser aan staan in de instellingen van het toestel.");
    if (sent === "gone") {
      await devices.remove(subscription.endpoint);
      return answer(410, "Dit toestel is niet meer aangemeld voor meldingen. Zet ze opnieuw aan.");
    }
    return answer(502, "De testmelding kwam niet aan bij de meldingendienst van uw toestel. Probeer het zo nog eens.");
  }

  async function photo(requests: RequestStore, record: StoredContactRequest, name: string): Promise<Response> {
    if (!(record.photos ?? []).some((stored) => stored.name === name)) return notFoundPage();
    const content = await requests.readPhoto(photoAreaOf(record), record.id, name);
    return content ? new Response(new Uint8Array(content), { status: 200, headers: requestPhotoHeaders }) : notFoundPage();
  }

  return async function handleRequestPage(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    const reading = request.method === "GET" || request.method === "HEAD";
    const script = requestPageScripts[pathname];
    if (script !== undefined && reading) return new Response(request.method === "HEAD" ? null : script, { status: 200, headers: scriptHeaders });
    const granted = secret ? grantedLink(pathname, secret, now()) : null;
    if (!granted) return notFoundPage();
    const posting = granted.rest === "" || granted.rest === alertsPath;
    if (!reading && !(request.method === "POST" && posting)) {
      return new Response("Deze methode kan hier niet.", { status: 405, headers: { ...requestPageHeaders, "Content-Type": "text/plain; charset=utf-8", Allow: posting ? "GET, HEAD, POST" : "GET, HEAD" } });
    }
    const requests = new RequestStore(store());
    const record = await requests.find(granted.id);
    if (!record) return notFoundPage();
    if (granted.rest === alertsPath) return request.method === "POST" ? deviceAlerts(request, granted.link, record) : notFoundPage();
    if (granted.rest === manifestPath) return alerts ? manifest(granted) : notFoundPage();
    if (granted.rest !== "") return photo(requests, record, granted.rest);
    if (reading) return page(requests, record, granted, request.method);

    const mark = await markFrom(request);
    if (!mark) return new Response("Kies Beantwoord, Geen opdracht of Spam.", { status: 400, headers: { ...requestPageHeaders, "Content-Type": "text/plain; charset=utf-8" } });
    await requests.changeHandling(record.id, (current) => withMark(current, mark, now()));
    return new Response(null, { status: 303, headers: { ...requestPageHeaders, Location: granted.link } });
  };
}
