import { limits, requiredFields } from "../contact-fields";
import { isBotSubmission, validateContactRequest } from "../contact-request";
import { validRequest as valid } from "./contact-request-example";

const choices = {
  towns: ["Amsterdam", "Amstelveen", "Zaandam"],
  services: ["Daklekkage", "Dakrenovatie"],
};


const errorsFor = (input: unknown) => {
  const result = validateContactRequest(input, choices);
  if (result.ok) throw new Error("expected the request to be refused");
  return result.fieldErrors;
};

describe("contact request schema", () => {
  it("accepts a complete request and returns it unchanged", () => {
    expect(validateContactRequest(valid, choices)).toEqual({ ok: true, request: valid });
  });

  it("needs only name, e-mail and phone, and fills the optional fields with empty strings", () => {
    const result = validateContactRequest({ name: "Jan", email: "jan@example.nl", phone: "0201234567" }, choices);
    expect(result).toEqual({
      ok: true,
      request: { name: "Jan", email: "jan@example.nl", phone: "0201234567", address: "", postalCode: "", city: "", service: "", message: "" },
    });
  });

  it("trims every field", () => {
    const result = validateContactRequest({ ...valid, name: "  Jan  ", email: " jan@example.nl ", city: " Zaandam " }, choices);
    expect(result.ok && result.request).toMatchObject({ name: "Jan", email: "jan@example.nl", city: "Zaandam" });
  });

  it("names each missing required field in Dutch", () => {
    expect(errorsFor({})).toEqual({
      name: "Vul uw naam in.",
      email: "Vul uw e-mailadres in.",
      phone: "Vul uw telefoonnummer in.",
    });
    expect(Object.keys(errorsFor({}))).toEqual([...requiredFields]);
    expect(errorsFor({ ...valid, name: "   " }).name).toBe("Vul uw naam in.");
  });

  it("limits the name to 100 characters and the message to 5,000", () => {
    expect(validateContactRequest({ ...valid, name: "a".repeat(limits.name) }, choices).ok).toBe(true);
    expect(errorsFor({ ...valid, name: "a".repeat(limits.name + 1) }).name).toBe("Uw naam mag hoogstens 100 tekens lang zijn.");
    expect(validateContactRequest({ ...valid, message: "a".repeat(limits.message) }, choices).ok).toBe(true);
    expect(errorsFor({ ...valid, message: "a".repeat(limits.message + 1) }).message).toBe("Uw bericht mag hoogstens 5.000 tekens lang zijn.");
  });

  it("checks the e-mail address and its length", () => {
    expect(errorsFor({ ...valid, email: "marieke.example.nl" }).email).toMatch(/geldig e-mailadres/);
    expect(errorsFor({ ...valid, email: `${"a".repeat(250)}@example.nl` }).email).toMatch(/hoogstens 254 tekens/);
  });

  it("allows at most 64 characters before the @, as mail servers do", () => {
    expect(errorsFor({ ...valid, email: `${"a".repeat(65)}@example.nl` }).email).toBe("Het deel voor de @ is hoogstens 64 tekens lang.");
    expect(errorsFor({ ...valid, email: `${"a".repeat(200)}@example.nl` }).email).toBe("Het deel voor de @ is hoogstens 64 tekens lang.");
    expect(validateContactRequest({ ...valid, email: `${"a".repeat(64)}@example.nl` }, choices).ok).toBe(true);
  });

  it("drops bidirectional-override and zero-width characters from single-line fields, and keeps them in the message", () => {
    const hidden = "\u202e\u2066\u200b\u200d\ufeff";
    const result = validateContactRequest(
      { ...valid, name: `Jan${hidden} Jansen`, email: `jan${hidden}@example.nl`, phone: `020${hidden} 1234567`, city: `Zaan${hidden}dam`, message: `a\u200db` },
      choices,
    );
    expect(result).toEqual({
      ok: true,
      request: { ...valid, name: "Jan Jansen", email: "jan@example.nl", phone: "020 1234567", city: "Zaandam", message: "a\u200db" },
    });
  });

  it.each(["020-123 45 67", "+31 (0)20 123 4567", "0612345678", "12345678"])("accepts the phone number %s", (phone) => {
    expect(validateContactRequest({ ...valid, phone }, choices).ok).toBe(true);
  });

  it("allows only digits, spaces, +, - and () in a phone number, with 8 to 15 digits", () => {
    expect(errorsFor({ ...valid, phone: "020 123 45 67 bel na 5" }).phone).toMatch(/cijfers, spaties, \+, - en haakjes/);
    expect(errorsFor({ ...valid, phone: "1234567" }).phone).toMatch(/8 tot 15 cijfers/);
    expect(errorsFor({ ...valid, phone: "1234567890123456" }).phone).toMatch(/8 tot 15 cijfers/);
  });

  it("takes an empty or Dutch postal code and writes it as 1234 AB", () => {
    expect(validateContactRequest({ ...valid, postalCode: "" }, choices).ok).toBe(true);
    const result = validateContactRequest({ ...valid, postalCode: "1015dv" }, choices);
    expect(result.ok && result.request.postalCode).toBe("1015 DV");
    expect(errorsFor({ ...valid, postalCode: "0123 AB" }).postalCode).toMatch(/Nederlandse postcode/);
    expect(errorsFor({ ...valid, postalCode: "B-1000" }).postalCode).toMatch(/Nederlandse postcode/);
  });

  it("takes a city and a service only from their lists, or empty", () => {
    expect(validateContactRequest({ ...valid, city: "", service: "" }, choices).ok).toBe(true);
    expect(errorsFor({ ...valid, city: "Utrecht" }).city).toBe("Kies een plaats uit de lijst.");
    expect(errorsFor({ ...valid, service: "Zonnepanelen" }).service).toBe("Kies een dienst uit de lijst.");
  });

  it("refuses line breaks and control characters in single-line fields", () => {
    expect(errorsFor({ ...valid, name: "Jan\r\nBcc: victim@example.com" }).name).toMatch(/regeleinden/);
    expect(errorsFor({ ...valid, email: "jan@example.nl\r\nBcc: victim@example.com" }).email).toBeDefined();
    expect(errorsFor({ ...valid, service: "Daklekkage\r\nX-Spam: yes" }).service).toBeDefined();
    expect(errorsFor({ ...valid, address: "Dam 1\u0000" }).address).toMatch(/stuurtekens/);
  });

  it("keeps newlines in the message, normalises CRLF and tabs, and refuses other control characters", () => {
    const result = validateContactRequest({ ...valid, message: "regel 1\r\nregel 2\tkolom" }, choices);
    expect(result.ok && result.request.message).toBe("regel 1\nregel 2 kolom");
    expect(errorsFor({ ...valid, message: "bel \u0007 mij" }).message).toBe("Uw bericht mag geen stuurtekens bevatten.");
  });

  it("refuses values that are not text", () => {
    expect(errorsFor({ ...valid, name: 42, city: ["Amsterdam"] })).toEqual({ name: "Vul hier tekst in.", city: "Vul hier tekst in." });
  });

  it("refuses a body that is not an object with a form-level message", () => {
    const result = validateContactRequest(["Jan"], choices);
    expect(result).toEqual({ ok: false, fieldErrors: {}, formError: expect.stringMatching(/JSON-object/) });
  });
});

describe("honeypot", () => {
  it("flags a request whose hidden field is filled", () => {
    expect(isBotSubmission({ ...valid, website: "http://spam.example" })).toBe(true);
    expect(isBotSubmission({ ...valid, website: "" })).toBe(false);
    expect(isBotSubmission(valid)).toBe(false);
    expect(isBotSubmission("text")).toBe(false);
  });
});
