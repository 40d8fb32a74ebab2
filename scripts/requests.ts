/**
 * `npm run requests`: the contact requests the site has stored, newest first
 * (docs/contact-requests.md).
 *
 *   npm run requests                        the local store of `npm start`
 *   npm run requests -- --suspect           the suspect requests instead (honeypot filled, sent too fast)
 *   npm run requests -- --csv requests.csv   also written as CSV
 *   npm run requests -- --context deploy-preview   a deploy context's own store (production's by default)
 *   NETLIFY_SITE_ID=… NETLIFY_AUTH_TOKEN=… npm run requests   a deployed site's store
 */
import fs from "node:fs";
import { reportRows, toCsv, toTable } from "../src/lib/request-report";
import { contactLimits, type StoredContactRequest } from "../src/lib/contact-delivery";
import { requestStoreNameFor } from "../netlify/lib/request-store";
import { openLocalRequests, openSiteRequests } from "./lib/request-stores";

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
};
const siteID = argument("site") ?? process.env.NETLIFY_SITE_ID;
const token = argument("token") ?? process.env.NETLIFY_AUTH_TOKEN;
const csvFile = argument("csv");
const suspect = process.argv.includes("--suspect");
const storeName = requestStoreNameFor(argument("context") ?? "production");

if (Boolean(siteID) !== Boolean(token)) {
  console.error("Geef voor de opslag van de live site zowel het site-ID (--site of NETLIFY_SITE_ID) als een token (--token of NETLIFY_AUTH_TOKEN).");
  process.exit(2);
}

const { requests, close } = siteID && token ? openSiteRequests({ siteID, token }, storeName) : await openLocalRequests(process.cwd(), storeName);
try {
  const keys = suspect ? await requests.keys("suspect/") : [...(await requests.keys("pending/")), ...(await requests.keys("sent/"))];
  const records = (await Promise.all(keys.map((key) => requests.read(key)))).filter((record): record is StoredContactRequest => record !== null);
  const rows = reportRows(records);
  process.stdout.write(toTable(rows));
  const where = siteID ? `de opslag ${storeName} van site ${siteID}` : `de lokale opslag ${storeName} (.netlify/blobs-serve)`;
  if (suspect) {
    console.log(`\n${records.length} verdachte aanvragen uit ${where}: niet los gemaild, wel in het dagelijkse overzicht; ze worden na ${contactLimits.suspectRetentionDays} dagen verwijderd.`);
  } else {
    const pending = records.filter((record) => record.delivery.state === "pending").length;
    console.log(`\n${records.length} aanvragen uit ${where}, waarvan ${pending} nog niet verstuurd. Verdachte aanvragen: npm run requests -- --suspect`);
  }
  if (csvFile) {
    fs.writeFileSync(csvFile, toCsv(rows));
    console.log(`CSV geschreven naar ${csvFile}.`);
  }
} finally {
  await close();
}
