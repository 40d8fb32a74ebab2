import { contactFields, limits, type ContactRequest } from "../shared/contact-fields";

/**
 * What a visitor has typed into the contact form, kept in sessionStorage so a
 * reload (or a visit to another page with the form) loses nothing. Storage can
 * be missing, full or blocked; the form then simply works without a draft.
 */

export const draftKey = "contact-request-draft";

/** The tab's sessionStorage, or nothing where the browser blocks it. */
export function draftStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** What the visitor has put in each field of a contact form. */
export function formValues(form: HTMLFormElement): ContactRequest {
  const data = new FormData(form);
  return Object.fromEntries(contactFields.map((field) => [field, String(data.get(field) ?? "")])) as ContactRequest;
}

export function readDraft(storage: Storage | undefined): Partial<ContactRequest> {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(draftKey) ?? "null");
    if (typeof parsed !== "object" || parsed === null) return {};
    const draft: Partial<ContactRequest> = {};
    for (const field of contactFields) {
      const value = (parsed as Record<string, unknown>)[field];
      // Cut to what the field accepts: storage is the visitor's to edit, and a field would keep what its maxLength refuses to type.
      if (typeof value === "string" && value !== "") draft[field] = field in limits ? value.slice(0, limits[field as keyof typeof limits]) : value;
    }
    return draft;
  } catch {
    return {};
  }
}

export function saveDraft(storage: Storage | undefined, values: Partial<ContactRequest>) {
  const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ""));
  try {
    if (Object.keys(filled).length === 0) storage?.removeItem(draftKey);
    else storage?.setItem(draftKey, JSON.stringify(filled));
  } catch {
    // Full or blocked storage: the form keeps working, only the draft is not kept.
  }
}

export function clearDraft(storage: Storage | undefined) {
  try {
    storage?.removeItem(draftKey);
  } catch {
    // Blocked storage holds no draft to clear.
  }
}
