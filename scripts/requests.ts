/**
 * `npm run requests`: the contact requests the site has stored, newest first
 * (docs/contact-requests.md).
 *
 *   npm run requests                        the local store of `npm start`
 *   npm run requests -- --suspect           the suspect requests instead (honeypot filled, sent too fast)
 *   npm run requests -- --csv requests.csv   also written as CSV
 *   npm run requests -- --photos ID [map]    one request's photos into a folder (photos-ID/ by default)
 *   npm run requests -- --context deploy-preview   a deploy context's own store (production's by default)
 *   npm run requests -- --forget ADDRESS     deletes that e-mail address's requests, photos, repeat marks and every other trace of them from every store
 *   npm run requests -- --report [--month=2026-10]   how fast each month's requests were viewed and answered (the job mails it monthly)
 *   NETLIFY_SITE_ID=… NETLIFY_AUTH_TOKEN=… npm run requests   a deployed site's store
 */
import fs from "node:fs";
import path from "node:path";
import { reportRows, toCsv, toTable } from "../src/contact-request/functions/request-report";
import { figuresLegend, figuresTable, idPrefixesOf, isMonth, monthFigures } from "../src/contact-request/functions/handling-report";
import { contactLimits, type StoredContactRequest } from "../src/contact-request/functions/contact-delivery";
import { storedPhotos } from "../src/contact-request/functions/deliver";
import { keyOf, requestAreas, requestStoreNameFor, type RequestStore } from "../src/contact-request/functions/request-store";
import { forgetEverywhere, openLocalRequests, openSiteRequests, type OpenedRequests } from "./lib/requests/request-stores";
import { contentClock } from "./lib/requests/content-clock";

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
};
const siteID = argument("site") ?? process.env.NETLIFY_SITE_ID;
const token = argument("token") ?? process.env.NETLIFY_AUTH_TOKEN;
const csvFile = argument("csv");
const suspect = process.argv.includes("--suspect");
const storeName = requestStoreNameFor(argument("context") ?? "production");
const photosOf = argument("photos");
const forget = argument("forget");
const report = process.argv.includes("--report");
const month = process.argv.find((option) => option.startsWith("--month="))?.slice("--month=".length) ?? argument("month");

if (process.argv.includes("--photos") && !photosOf) {
  console.error("Geef het id van de aanvraag: npm run requests -- --photos ID [map]");
  process.exit(2);
}
if (process.argv.includes("--forget") && !forget?.includes("@")) {
  console.error("Geef het e-mailadres waarvan alles moet worden verwijderd: npm run requests -- --forget naam@voorbeeld.nl");
  process.exit(2);
}
if (month !== undefined && !isMonth(month)) {
  console.error("Geef de maand als jaar-maand: npm run requests -- --report --month=2026-10");
  process.exit(2);
}
if (Boolean(siteID) !== Boolean(token)) {
  console.error("Geef voor de opslag van de live site zowel het site-ID (--site of NETLIFY_SITE_ID) als een token (--token of NETLIFY_AUTH_TOKEN).");
  process.exit(2);
}
const storeWhere = siteID ? `de opslag ${storeName} van site ${siteID}` : `de lokale opslag ${storeName} (.netlify/blobs-serve)`;

/** Writes one request's photos to a folder, whichever area the request is in; the exit code says whether it could. */
async function writePhotos(requests: RequestStore, id: string, folder: string): Promise<number> {
  const found = await Promise.all(requestAreas.map((area) => requests.read(keyOf(area, id))));
  const record = found.find((candidate) => candidate !== null);
  if (!record) {
    console.error(`Geen aanvraag met id ${id} in ${storeName}. De ids staan in de laatste kolom van: npm run requests -- --csv aanvragen.csv`);
    return 1;
  }
  const photos = record.photos ?? [];
  if (photos.length === 0) {
    console.log(`Aanvraag ${id} heeft geen foto's.`);
    return 1;
  }
  const { attachments, missing } = await storedPhotos(requests, record);
  fs.mkdirSync(folder, { recursive: true });
  for (const { filename, content } of attachments) fs.writeFileSync(path.join(folder, filename), content);
  for (const name of missing) console.error(`${name} staat niet meer in de opslag.`);
  console.log(`${attachments.length} van ${photos.length} foto's van aanvraag ${id} (${record.request.name}) geschreven naar ${path.resolve(folder)}.`);
  return missing.length === 0 ? 0 : 1;
}

/** The table of requests (or suspect ones), and the CSV if asked for. */
async function listRequests(requests: RequestStore) {
  const keys = suspect ? await requests.keys("suspect/") : [...(await requests.keys("pending/")), ...(await requests.keys("sent/"))];
  const records = (await Promise.all(keys.map((key) => requests.read(key)))).filter((record): record is StoredContactRequest => record !== null);
  const rows = reportRows(records);
  process.stdout.write(toTable(rows));
  if (suspect) {
    console.log(`\n${records.length} verdachte aanvragen uit ${storeWhere}: niet los gemaild, wel in het dagelijkse overzicht; ze worden na ${contactLimits.suspectRetentionDays} dagen verwijderd.`);
  } else {
    const pending = records.filter((record) => record.delivery.state === "pending").length;
    console.log(`\n${records.length} aanvragen uit ${storeWhere}, waarvan ${pending} nog niet verstuurd. Verdachte aanvragen: npm run requests -- --suspect`);
  }
  if (csvFile) {
    fs.writeFileSync(csvFile, toCsv(rows));
    console.log(`CSV geschreven naar ${csvFile}.`);
  }
}

/**
 * The monthly report (docs/contact-requests.md, "The monthly report"): each
 * month's requests, or one month's, with what was noted of their handling,
 * counted by the reply clock of this checkout's content/, as the build writes
 * it for the job.
 */
async function printReport(requests: RequestStore) {
  const ids = await requests.mailableIds(month ? idPrefixesOf(month) : [""]);
  const handled = await Promise.all([...ids].map(([id, area]) => requests.readHandled(id, area)));
  const figures = monthFigures(handled.filter((entry) => entry !== null), contentClock, new Date(), month ? [month] : undefined);
  if (figures.length === 0) {
    console.log(`Geen aanvragen in ${storeWhere}.`);
    return;
  }
  console.log(`Reactietijden per maand, uit ${storeWhere}:\n\n${figuresTable(figures)}\n\n${figuresLegend(contentClock).join("\n")}`);
}

const amsterdamTime = new Intl.DateTimeFormat("nl-NL", { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Amsterdam" });
const areaWords: Record<string, string> = { pending: "wacht op verzending", sent: "verstuurd", suspect: "verdacht" };
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Deletes everything of one address from every store of the site, and says what went (docs/contact-requests.md, "Seeing the requests"). */
async function forgetAddress(opened: OpenedRequests, address: string) {
  const forgotten = await forgetEverywhere({ names: opened.storeNames, open: opened.open }, address, {
    waiting: (ms) => console.log(`Even wachten (${ms / 1000} s): een pagina of de taak die een aanvraag net las, kan nog iets schrijven. Daarna wordt alles nog eens nagelopen.`),
  });
  const where = siteID ? `site ${siteID}` : "de lokale opslag (.netlify/blobs-serve)";
  let requests = 0;
  let photos = 0;
  let marks = 0;
  let traces = 0;
  for (const { store, requests: deleted, repeatMarks, traces: other, cleanedState, unclean } of forgotten) {
    const storePhotos = new Set(deleted.flatMap((request) => request.photos));
    for (const { key, receivedAt } of deleted) {
      const [area = "", id] = key.split("/");
      const own = [...storePhotos].filter((photo) => photo.split("/")[1] === id);
      console.log(`${store}: aanvraag ${id} (${areaWords[area] ?? area}, ontvangen ${amsterdamTime.format(new Date(receivedAt))})${own.length > 0 ? `, ${count(own.length, "foto", "foto's")}` : ""}`);
      for (const photo of own) storePhotos.delete(photo);
      photos += own.length;
    }
    if (repeatMarks.length > 0) console.log(`${store}: ${count(repeatMarks.length, "herhaalmarkering", "herhaalmarkeringen")}`);
    if (other.length > 0) console.log(`${store}: ${count(other.length, "ander spoor", "andere sporen")} (${other.join(", ")})`);
    for (const key of cleanedState) console.log(`${store}: de aanvragen weggehaald uit ${key}`);
    for (const key of unclean) {
      console.error(`${store}: ${key} noemt nog een aanvraag van dit adres, en dit script kan dat niet herschrijven. Bekijk en verwijder het met de hand.`);
      process.exitCode = 1;
    }
    requests += new Set(deleted.map(({ key }) => key.split("/")[1])).size;
    marks += repeatMarks.length;
    traces += other.length;
  }
  const stores = forgotten.map(({ store }) => store).join(", ") || "geen";
  console.log(
    requests + marks === 0
      ? `Niets van ${address.trim()} gevonden in ${where} (opslagen: ${stores}).`
      : `Verwijderd van ${address.trim()} uit ${where}: ${count(requests, "aanvraag", "aanvragen")}, ${count(photos, "foto", "foto's")}, ${count(marks, "herhaalmarkering", "herhaalmarkeringen")} en ${count(traces, "ander spoor", "andere sporen")} (opslagen: ${stores}).`,
  );
}

const opened = siteID && token ? openSiteRequests({ siteID, token }, storeName) : await openLocalRequests(process.cwd(), storeName);
const { requests, close } = opened;
try {
  if (forget !== undefined) {
    await forgetAddress(opened, forget);
  } else if (report) {
    await printReport(requests);
  } else if (photosOf !== undefined) {
    // The folder, if given, follows the id; an option after the id is not one.
    const folder = process.argv[process.argv.indexOf("--photos") + 2];
    process.exitCode = await writePhotos(requests, photosOf, folder && !folder.startsWith("--") ? folder : `photos-${photosOf}`);
  } else {
    await listRequests(requests);
  }
} finally {
  await close();
}
