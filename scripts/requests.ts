/**
 * `npm run requests`: the contact requests the site has stored, newest first
 * (docs/contact-requests.md).
 *
 *   npm run requests                       the local store of `npm start`
 *   npm run requests -- --csv requests.csv  also written as CSV
 *   NETLIFY_SITE_ID=… NETLIFY_AUTH_TOKEN=… npm run requests   a deployed site's store
 */
import fs from "node:fs";
import { reportRows, toCsv, toTable } from "../src/lib/request-report";
import type { StoredContactRequest } from "../src/lib/contact-delivery";
import { openLocalRequests, openSiteRequests } from "./lib/request-stores";

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
};
const siteID = argument("site") ?? process.env.NETLIFY_SITE_ID;
const token = argument("token") ?? process.env.NETLIFY_AUTH_TOKEN;
const csvFile = argument("csv");

if (Boolean(siteID) !== Boolean(token)) {
  console.error("Geef voor de opslag van de live site zowel het site-ID (--site of NETLIFY_SITE_ID) als een token (--token of NETLIFY_AUTH_TOKEN).");
  process.exit(2);
}

const { requests, close } = siteID && token ? openSiteRequests({ siteID, token }) : await openLocalRequests();
try {
  const keys = await requests.keys();
  const records = (await Promise.all(keys.map((key) => requests.read(key)))).filter((record): record is StoredContactRequest => record !== null);
  const rows = reportRows(records);
  const pending = records.filter((record) => record.delivery.state === "pending").length;
  process.stdout.write(toTable(rows));
  console.log(`\n${records.length} aanvragen uit ${siteID ? `de opslag van site ${siteID}` : "de lokale opslag (.netlify/blobs-serve)"}, waarvan ${pending} nog niet verstuurd.`);
  if (csvFile) {
    fs.writeFileSync(csvFile, toCsv(rows));
    console.log(`CSV geschreven naar ${csvFile}.`);
  }
} finally {
  await close();
}
