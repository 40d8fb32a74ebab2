import { company } from "./content";
import { fillFacts, fillFactsDeep } from "../facts";

describe("fillFacts", () => {
  it("fills placeholders from the company file", () => {
    expect(fillFacts("{rating} uit {reviewCount} beoordelingen", company)).toBe("4,9 uit 247 beoordelingen");
    expect(fillFacts("{customers}+ klanten in {townCount} plaatsen", company)).toBe("500+ klanten in 11 plaatsen");
    expect(fillFacts("Waarom {name}?", company)).toBe(`Waarom ${company.name}?`);
    expect(fillFacts("Verzekerd tot {insuranceAmount}", company)).toBe("Verzekerd tot € 2.500.000");
    expect(fillFacts("{legalName}, {street}, {postalCode} {city}, KvK {kvk}, {email}", company)).toBe(
      `${company.legalName}, ${company.address.street}, ${company.address.postalCode} ${company.address.city}, KvK ${company.kvk}, ${company.email}`,
    );
  });

  it("leaves text without placeholders alone", () => {
    expect(fillFacts("24/7", company)).toBe("24/7");
  });

  it("refuses an unknown placeholder instead of showing it to visitors", () => {
    expect(() => fillFacts("Sinds {oprichting}", company)).toThrow("Unknown placeholder {oprichting}");
  });
});

describe("fillFactsDeep", () => {
  it("fills every string in nested objects and arrays and keeps other values", () => {
    const record = { title: "Sinds {foundedYear}", items: [{ text: "Bel {phone}", order: 2 }], urgent: true, note: null };
    expect(fillFactsDeep(record, company)).toEqual({
      title: `Sinds ${company.foundedYear}`,
      items: [{ text: `Bel ${company.phones.regular.display}`, order: 2 }],
      urgent: true,
      note: null,
    });
  });

  it("fails on an unknown placeholder deep inside", () => {
    expect(() => fillFactsDeep({ faq: [{ answer: "{prijs}" }] }, company)).toThrow("Unknown placeholder {prijs}");
  });
});
