import { useSyncExternalStore } from "react";
import {
  saveConsent,
  storedConsent,
  subscribeToConsent,
  type ConsentCategory,
  type ConsentChoice,
  type ConsentRecord,
} from "../../lib/consent";

/** Before hydration the stored choice is unknown: the server cannot read the visitor's browser. */
const unknownOnServer = () => undefined;

let settingsOpen = false;
const settingsListeners = new Set<() => void>();

function setSettingsOpen(open: boolean) {
  settingsOpen = open;
  for (const listener of settingsListeners) listener();
}

function subscribeToSettings(listener: () => void) {
  settingsListeners.add(listener);
  return () => settingsListeners.delete(listener);
}

const save = (choice: ConsentChoice) => {
  saveConsent(choice);
};

/** Allows one more category on top of the current choice (a map loaded from its placeholder). */
const allow = (category: ConsentCategory) => {
  const current = storedConsent();
  saveConsent({
    analytics: current?.analytics ?? false,
    marketing: current?.marketing ?? false,
    functional: current?.functional ?? false,
    [category]: true,
  });
};

/**
 * Opens the settings dialog. A component that only opens it (the footer) calls
 * this rather than useConsent: reading the stored choice re-renders a component
 * once right after hydration, when the browser's choice replaces the server's
 * unknown one (plugins/gatsby-plugin-first-paint/README.md).
 */
export const openConsentSettings = () => setSettingsOpen(true);

/**
 * The only way components read the cookie choice. `record` is undefined until
 * the browser's storage is read, null when the visitor has not chosen (or the
 * choice expired), else the stored choice.
 */
export function useConsent(): {
  record: ConsentRecord | null | undefined;
  allows: (category: ConsentCategory) => boolean;
  save: (choice: ConsentChoice) => void;
  allow: (category: ConsentCategory) => void;
  openSettings: () => void;
} {
  const record = useSyncExternalStore(subscribeToConsent, storedConsent, unknownOnServer);
  return { record, allows: (category) => record?.[category] === true, save, allow, openSettings: openConsentSettings };
}

/** Whether the settings dialog is open: opened from the banner or the footer, closed by the dialog. */
export function useConsentSettings() {
  const open = useSyncExternalStore(subscribeToSettings, () => settingsOpen, () => false);
  return { open, close: () => setSettingsOpen(false) };
}
