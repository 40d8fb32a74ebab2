import { receivedAtOf, type StoredContactRequest } from "./contact-delivery";

/**
 * Every key the functions keep in a request store (docs/contact-requests.md,
 * "The store"), built here and nowhere else, so an area's spelling lives in
 * one place: the job, the sweep and `npm run requests -- --forget` find each
 * area by the same prefix the writer used. The door that reads and writes
 * them is request-store.ts. Each request's keys begin with its id, which
 * begins with its arrival, so a listing alone says when each came.
 */

/** A request's record: to be mailed, mailed, or set aside as suspect. */
export const requestAreas = ["pending", "sent", "suspect"] as const;
export type RequestArea = (typeof requestAreas)[number];
export const keyOf = (area: RequestArea, id: string) => `${area}/${id}`;
export const pendingKey = (id: string) => keyOf("pending", id);
export const sentKey = (id: string) => keyOf("sent", id);
export const suspectKey = (id: string) => keyOf("suspect", id);
/** The request a key belongs to, the segment after the area: `pending/{id}`, `photos/{id}/foto-1.jpg`. */
export const idOfKey = (key: string) => key.split("/")[1] ?? "";

/** What the contractor did with a request (request-handling.ts). */
export const handlingPrefix = "handling/";
export const handlingKey = (id: string) => `${handlingPrefix}${id}`;

/** Where a request's photos live: a suspect request's apart, as they are deleted after the suspect term. */
export const photoAreas = ["photos", "suspect-photos"] as const;
export type PhotoArea = (typeof photoAreas)[number];
export const photoAreaOf = (record: Pick<StoredContactRequest, "suspect">): PhotoArea => (record.suspect ? "suspect-photos" : "photos");
export const photoKey = (area: PhotoArea, id: string, name: string) => `${area}/${id}/${name}`;

/** The reply clock's steps (reminders.ts): a step's claim and whether its mail went, `reminders/{id}/{step}`. */
export const reminderSteps = ["halfway", "target"] as const;
export type ReminderStep = (typeof reminderSteps)[number];
export const remindersPrefix = "reminders/";
export const reminderKey = (id: string, step: ReminderStep) => `${remindersPrefix}${id}/${step}`;

/**
 * The index of the requests that still have a step to take (reminders.ts):
 * `reminders-due/{due}_{step}_{id}`, the moment its next step is due first,
 * so the keys sort by it and the job orders them without reading a thing.
 * One segment after the area: the local Blobs server keeps the folder of a
 * deleted key, and lists it, so a folder per entry would slow every listing.
 */
export const dueIndexPrefix = "reminders-due/";
const stamp = (at: Date) => at.toISOString().replace(/[-:.]/g, "");
export const dueKey = (dueAt: Date, step: ReminderStep, id: string) => `${dueIndexPrefix}${stamp(dueAt)}_${step}_${id}`;

export interface DueEntry {
  key: string;
  dueAt: Date;
  step: ReminderStep;
  id: string;
}

/** An index key read back; null for a key that is not one. */
export function dueEntryOf(key: string): DueEntry | null {
  if (!key.startsWith(dueIndexPrefix)) return null;
  const [due = "", step = "", id = ""] = key.slice(dueIndexPrefix.length).split("_");
  const match = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)(\d{3})Z$/.exec(due);
  if (!match || !(reminderSteps as readonly string[]).includes(step) || receivedAtOf(id) === null) return null;
  const [, year, month, day, hours, minutes, seconds, ms] = match;
  return { key, dueAt: new Date(`${year}-${month}-${day}T${hours}:${minutes}:${seconds}.${ms}Z`), step: step as ReminderStep, id };
}

/** The request a key of any area names: the segment after the area, or the last part of an index key. */
export const requestIdOfKey = (key: string) => (key.startsWith(dueIndexPrefix) ? (key.split("_").at(-1) ?? "") : idOfKey(key));

/** The flood guards (flood-guards.ts): an hour's count per address, beside that hour's salt. */
export const addressesPrefix = "addresses/";
export const addressSaltKey = (hour: string) => `${addressesPrefix}${hour}/salt`;
export const addressCountKey = (hour: string, hash: string) => `${addressesPrefix}${hour}/${hash}`;
/** A repeat's mark, by its ten minutes and the hash of address and message. */
export const duplicatesPrefix = "duplicates/";
export const duplicateKey = (tenMinutes: string, hash: string) => `${duplicatesPrefix}${tenMinutes}/${hash}`;

/**
 * The contractor's devices for alerts (push.ts, DeviceList): the confirmed
 * ones in one list, changed only by conditional writes; each waiting for its
 * confirmation under its own key; and the day's confirmation mails, a slot
 * each, written only if new.
 */
export const devicesPrefix = "devices/";
export const confirmedDevicesKey = `${devicesPrefix}confirmed`;
export const unconfirmedDevicesPrefix = `${devicesPrefix}unconfirmed/`;
export const unconfirmedDeviceKey = (device: string) => `${unconfirmedDevicesPrefix}${device}`;
export const confirmationMailsPrefix = `${devicesPrefix}confirmation-mails/`;
export const confirmationMailKey = (day: string, slot: number) => `${confirmationMailsPrefix}${day}/${slot}`;
/** The day of a confirmation mail's slot key. */
export const dayOfConfirmationMailKey = (key: string) => key.slice(confirmationMailsPrefix.length).split("/")[0] ?? "";

/** What the job and the flood guards keep between runs: times and counts, never a person's data. */
export const statePrefix = "state/";
export const stateKeys = {
  /** When each of the last hour's single mails went (flood-guards.ts). */
  mailCap: `${statePrefix}mail-cap`,
  /** When the last list of suspect requests went, and the last id it named. */
  suspectDigest: `${statePrefix}suspect-digest`,
  /** Production's note of the preview stores it sweeps. */
  previewStores: `${statePrefix}preview-stores`,
  /** The last month whose report was mailed. */
  monthlyReport: `${statePrefix}monthly-report`,
  /** What runs have read of the month being reported, until its report is mailed. */
  monthlyReportReading: `${statePrefix}monthly-report-reading`,
  /** The clock hour whose sweep went through every area: the next sweep is due in the next hour. */
  sweep: `${statePrefix}sweep`,
} as const;
