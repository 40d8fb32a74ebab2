/**
 * The visitor's cookie choice (docs/requirements.md, 'The cookie choice'): kept in the browser's
 * localStorage under "cookie-consent" and valid for 12 months, as the privacy
 * statement promises. A missing, unreadable or expired value is no choice,
 * and so is one dated in the future or not as a date: it would never expire.
 */

export const consentStorageKey = "cookie-consent";
export const consentValidMonths = 12;

export const optionalCategories = ["analytics", "marketing", "functional"] as const;
export type ConsentCategory = (typeof optionalCategories)[number];
export type ConsentChoice = Record<ConsentCategory, boolean>;

export interface ConsentRecord extends ConsentChoice {
  /** Necessary storage (this record itself) cannot be switched off. */
  necessary: true;
  /** When the visitor chose, as an ISO string. */
  timestamp: string;
}

export const onlyNecessary: ConsentChoice = { analytics: false, marketing: false, functional: false };
export const everything: ConsentChoice = { analytics: true, marketing: true, functional: true };

export function consentRecord(choice: ConsentChoice, now: Date = new Date()): ConsentRecord {
  return {
    necessary: true,
    analytics: choice.analytics,
    marketing: choice.marketing,
    functional: choice.functional,
    timestamp: now.toISOString(),
  };
}

function expiresAt(timestamp: Date): Date {
  const expiry = new Date(timestamp);
  expiry.setMonth(expiry.getMonth() + consentValidMonths);
  return expiry;
}

/** The stored record, or null when there is none that still counts. Never throws. */
export function parseConsent(raw: string | null, now: Date = new Date()): ConsentRecord | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  if (record.necessary !== true || typeof record.timestamp !== "string") return null;
  if (!optionalCategories.every((category) => typeof record[category] === "boolean")) return null;
  const given = new Date(record.timestamp);
  // Only what consentRecord writes reads back the same: Date also takes "1" (the year 2001), and "2026-02-30" as another day.
  if (Number.isNaN(given.getTime()) || given.toISOString() !== record.timestamp) return null;
  // Made in the future, it would never expire.
  if (given > now || expiresAt(given) <= now) return null;
  return consentRecord(record as unknown as ConsentChoice, given);
}

/**
 * The browser side: one record shared by every component, kept in step with
 * localStorage and with other tabs. When storage is blocked, the choice still
 * holds for this page view.
 */
let unsaved: ConsentRecord | null = null;
let lastRaw: string | null | undefined;
let lastRecord: ConsentRecord | null = null;
const listeners = new Set<() => void>();

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(consentStorageKey);
  } catch {
    return null;
  }
}

export function storedConsent(): ConsentRecord | null {
  if (unsaved) return unsaved;
  const raw = readStorage();
  // The same object while the stored text is unchanged, as useSyncExternalStore requires.
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastRecord = parseConsent(raw);
  }
  return lastRecord;
}

export function saveConsent(choice: ConsentChoice, now: Date = new Date()): ConsentRecord {
  const record = consentRecord(choice, now);
  try {
    window.localStorage.setItem(consentStorageKey, JSON.stringify(record));
    unsaved = null;
  } catch {
    unsaved = record;
  }
  for (const listener of listeners) listener();
  return record;
}

export function subscribeToConsent(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === consentStorageKey || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
