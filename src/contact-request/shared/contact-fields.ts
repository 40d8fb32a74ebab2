/**
 * The contact request's fields, names and limits: what the form needs to draw
 * itself, without the validation rules (contact-request.ts) and their library.
 */

export const contactFields = ["name", "email", "phone", "address", "postalCode", "city", "service", "message"] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactRequest = Record<ContactField, string>;
export type FieldErrors = Partial<Record<ContactField, string>>;

/** What a visitor must fill in; the rest is optional. */
export const requiredFields: ReadonlySet<ContactField> = new Set(["name", "email", "phone"]);

/** The field names people read, on the form and in the mail to the company. */
export const contactFieldLabels: Record<ContactField, string> = {
  name: "Naam",
  email: "E-mail",
  phone: "Telefoon",
  address: "Adres",
  postalCode: "Postcode",
  city: "Plaats",
  service: "Dienst",
  message: "Bericht",
};

/** Where the form posts, with or without JavaScript. */
export const contactEndpoint = "/api/send-contact-email";

/** A field people never see; only bots fill it in. */
export const honeypotField = "website";

/** How long the form had been shown when it was sent, in milliseconds; a program sends faster than a person types. */
export const shownForField = "shownForMs";

export const limits = { name: 100, email: 254, address: 200, message: 5000 } as const;

export interface ContactChoices {
  towns: readonly string[];
  services: readonly string[];
}

export function isContactField(value: unknown): value is ContactField {
  return typeof value === "string" && (contactFields as readonly string[]).includes(value);
}
