/**
 * The contact request's fields, names and limits: what the form needs to draw
 * itself, without the validation rules (contact-request.ts) and their library.
 */

export const contactFields = ["name", "email", "phone", "address", "postalCode", "city", "service", "message"] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactRequest = Record<ContactField, string>;
export type FieldErrors = Partial<Record<ContactField, string>>;

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

/** A field people never see; only bots fill it in. */
export const honeypotField = "website";

/** The largest request body the function reads. */
export const maxBodyBytes = 16 * 1024;

export const limits = { name: 100, email: 254, address: 200, message: 5000 } as const;

export interface ContactChoices {
  cities: readonly string[];
  services: readonly string[];
}

export const emptyContactRequest = (): ContactRequest => ({
  name: "",
  email: "",
  phone: "",
  address: "",
  postalCode: "",
  city: "",
  service: "",
  message: "",
});

export function isContactField(value: unknown): value is ContactField {
  return typeof value === "string" && (contactFields as readonly string[]).includes(value);
}
