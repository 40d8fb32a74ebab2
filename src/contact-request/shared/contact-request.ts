import * as z from "zod/mini";
import { honeypotField, isContactField, limits, type ContactChoices, type ContactRequest, type FieldErrors } from "./contact-fields";
import { formatNumber } from "../../lib/dutch-format";

/**
 * The contact request's rules: one schema for the form (checks before sending)
 * and the send-contact-email function (checks what arrives). The form loads
 * this module when it is first used, so zod stays out of the page's first load.
 */

// Every C0 and C1 control character, and the Unicode line and paragraph separators: finding them is the point.
// eslint-disable-next-line no-control-regex
export const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const controlCharactersButNewline = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
/**
 * Bidirectional overrides and isolates, zero-width characters and the byte
 * order mark: invisible, they can make a name or an address read otherwise in
 * a mail's Subject or Reply-To than it is. Single-line fields lose them.
 */
export const invisibleCharacters = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const withoutInvisibleCharacters = z.overwrite<string>((value) => value.replace(invisibleCharacters, ""));
/** RFC 5321's limit for the part before the @. */
const maxLocalPartLength = 64;
const phoneCharacters = /^[0-9 +\-()]+$/;
const dutchPostalCode = /^([1-9][0-9]{3}) ?([A-Za-z]{2})$/;

const noControlCharacters = (label: string) =>
  z.refine<string>((value) => !controlCharacters.test(value), `${label} mag geen regeleinden of andere stuurtekens bevatten.`);

const required = (missing: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? missing : "Vul hier tekst in.") });

const optional = (schema: z.ZodMiniType<string, string>) => z._default(schema, "");

const text = () => z.string({ error: "Vul hier tekst in." });

const oneOf = (choices: readonly string[], message: string) =>
  z.refine<string>((value) => value === "" || choices.includes(value), message);

export function contactRequestSchema({ towns, services }: ContactChoices) {
  return z.object(
    {
      name: required("Vul uw naam in.").check(
        withoutInvisibleCharacters,
        z.trim(),
        z.minLength(1, "Vul uw naam in."),
        z.maxLength(limits.name, `Uw naam mag hoogstens ${limits.name} tekens lang zijn.`),
        noControlCharacters("Uw naam"),
      ),
      email: required("Vul uw e-mailadres in.").check(
        withoutInvisibleCharacters,
        z.trim(),
        z.minLength(1, "Vul uw e-mailadres in."),
        z.maxLength(limits.email, `Een e-mailadres is hoogstens ${limits.email} tekens lang.`),
        z.refine<string>(
          (value) => value.indexOf("@") === -1 || value.lastIndexOf("@") <= maxLocalPartLength,
          `Het deel voor de @ is hoogstens ${maxLocalPartLength} tekens lang.`,
        ),
        z.email({ error: "Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl." }),
      ),
      phone: required("Vul uw telefoonnummer in.").check(
        withoutInvisibleCharacters,
        z.trim(),
        z.minLength(1, "Vul uw telefoonnummer in."),
        z.regex(phoneCharacters, "Een telefoonnummer bestaat alleen uit cijfers, spaties, +, - en haakjes."),
        z.refine<string>((value) => {
          const digits = value.replace(/\D/g, "").length;
          return !phoneCharacters.test(value) || (digits >= 8 && digits <= 15);
        }, "Een telefoonnummer heeft 8 tot 15 cijfers, bijvoorbeeld 020 123 45 67."),
      ),
      address: optional(
        text().check(
          withoutInvisibleCharacters,
          z.trim(),
          z.maxLength(limits.address, `Een adres is hoogstens ${limits.address} tekens lang.`),
          noControlCharacters("Het adres"),
        ),
      ),
      postalCode: optional(
        text().check(
          withoutInvisibleCharacters,
          z.trim(),
          z.refine<string>((value) => value === "" || dutchPostalCode.test(value), "Vul een Nederlandse postcode in, bijvoorbeeld 1013 AB."),
          z.overwrite((value) => value.replace(dutchPostalCode, (_, digits: string, letters: string) => `${digits} ${letters.toUpperCase()}`)),
        ),
      ),
      city: optional(text().check(withoutInvisibleCharacters, z.trim(), oneOf(towns, "Kies een plaats uit de lijst."))),
      service: optional(text().check(withoutInvisibleCharacters, z.trim(), oneOf(services, "Kies een dienst uit de lijst."))),
      message: optional(
        text().check(
          // Line ends arrive as CRLF from some clients; tabs come with pasted text. Neither is worth refusing.
          z.overwrite((value) => value.replace(/\r\n?/g, "\n").replace(/\t/g, " ")),
          z.trim(),
          z.maxLength(limits.message, `Uw bericht mag hoogstens ${formatNumber(limits.message)} tekens lang zijn.`),
          z.refine<string>((value) => !controlCharactersButNewline.test(value), "Uw bericht mag geen stuurtekens bevatten."),
        ),
      ),
    },
    { error: "Stuur de aanvraag als JSON-object met de velden van het formulier." },
  );
}

export type ContactValidation = { ok: true; request: ContactRequest } | { ok: false; fieldErrors: FieldErrors; formError?: string };

/** Checks a request; on failure gives the first Dutch message per field. */
export function validateContactRequest(input: unknown, choices: ContactChoices): ContactValidation {
  const result = contactRequestSchema(choices).safeParse(input);
  if (result.success) return { ok: true, request: result.data };
  const fieldErrors: FieldErrors = {};
  let formError: string | undefined;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isContactField(field)) fieldErrors[field] ??= issue.message;
    else formError ??= issue.message;
  }
  return { ok: false, fieldErrors, formError };
}

/** True when the honeypot field carries anything: the sender is a bot. */
export function isBotSubmission(input: unknown): boolean {
  if (typeof input !== "object" || input === null) return false;
  const value = (input as Record<string, unknown>)[honeypotField];
  return value !== undefined && value !== null && value !== "";
}
