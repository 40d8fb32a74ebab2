import { dutchList, factsFrom, fillFacts, fillFactsDeep, referencesIn } from "../facts";
import { company, facts, services, towns } from "../../../scripts/lib/content/content";

/** Records by type, read as the build reads nodes. */
const reader = (records: Record<string, unknown[]>) => (type: string) => records[type] ?? [];

describe("factsFrom", () => {
  it("holds the company's facts in the form pages show them", () => {
    expect(fillFacts("{rating} uit {reviewCount} beoordelingen", facts)).toBe(
      `${String(company.rating.value).replace(".", ",")} uit ${company.rating.count} beoordelingen`,
    );
    expect(fillFacts("{customers}+ klanten in {townCount} plaatsen", facts)).toBe(`${company.customers}+ klanten in ${towns.length} plaatsen`);
    expect(fillFacts("Waarom {name}?", facts)).toBe(`Waarom ${company.name}?`);
    expect(fillFacts("{legalName}, {street}, {postalCode} {city}, KvK {kvk}, {email}", facts)).toBe(
      `${company.legalName}, ${company.address.street}, ${company.address.postalCode} ${company.address.city}, KvK ${company.kvk}, ${company.email}`,
    );
  });

  it("writes amounts the Dutch way", () => {
    const table = factsFrom(
      reader({
        CompanyJson: [{ ...company, insurance: { ...company.insurance, amountEuro: 2_500_000 }, rating: { ...company.rating, value: 5, count: 3 } }],
        ServicesJson: [{ slug: "daklekkage", startingPriceEuro: 1500 }, { slug: "zinken-dakgoot", experienceYears: 25 }],
      }),
    );
    expect(table.insuranceAmount).toBe("€ 2.500.000");
    expect(table.rating).toBe("5,0");
    expect(table["price:daklekkage"]).toBe("€ 1.500");
    expect(table["experience:zinken-dakgoot"]).toBe("25");
    expect(table).not.toHaveProperty("price:zinken-dakgoot");
  });

  it("gives every service with a starting price a {price:slug}, and none to a price on request", () => {
    for (const service of services) {
      if (service.startingPriceEuro === undefined) expect(facts).not.toHaveProperty(`price:${service.slug}`);
      else expect(facts[`price:${service.slug}`]).toBe(`€ ${service.startingPriceEuro}`);
    }
  });

  it("lists the towns in the site's order", () => {
    expect(facts.townList).toBe(dutchList(towns.map((town) => town.name)));
    const shuffled = factsFrom(reader({ CompanyJson: [company], TownsJson: [{ name: "Diemen", order: 2 }, { name: "Amsterdam", order: 1 }, { name: "Haarlem", order: 3 }] }));
    expect(shuffled.townList).toBe("Amsterdam, Diemen en Haarlem");
  });

  it("reads of a node only the fields facts come from, and refuses a record that does not fit its schema", () => {
    const node = { id: "1", parent: null, children: [], internal: { type: "ServicesJson" }, slug: "daklekkage", name: "Daklekkage", startingPriceEuro: 150 };
    expect(factsFrom(reader({ CompanyJson: [company], ServicesJson: [node] }))["price:daklekkage"]).toBe("€ 150");
    expect(() => factsFrom(reader({ CompanyJson: [company], ServicesJson: [{ slug: "daklekkage", startingPriceEuro: "150" }] }))).toThrow();
    expect(() => factsFrom(reader({}))).toThrow("no content/company.json");
  });
});

describe("dutchList", () => {
  it("joins with commas and a last 'en'", () => {
    expect(dutchList([])).toBe("");
    expect(dutchList(["Amsterdam"])).toBe("Amsterdam");
    expect(dutchList(["Amsterdam", "Diemen"])).toBe("Amsterdam en Diemen");
  });
});

describe("fillFacts", () => {
  it("leaves text without references alone", () => {
    expect(fillFacts("24/7, {} en { name }", facts)).toBe("24/7, {} en { name }");
  });

  it("refuses an unknown reference instead of showing it to visitors", () => {
    expect(() => fillFacts("Sinds {oprichting}", facts)).toThrow("Unknown reference {oprichting}");
    expect(() => fillFacts("vanaf {price:dakraam}", facts)).toThrow("Unknown reference {price:dakraam}");
  });
});

describe("referencesIn", () => {
  it("finds company facts and service facts", () => {
    expect(referencesIn("Bel {phone}; reparatie vanaf {price:daklekkage}, {prijs}.")).toEqual(["phone", "price:daklekkage", "prijs"]);
  });
});

describe("fillFactsDeep", () => {
  it("resolves every string in nested records and lists and keeps other values", () => {
    const record = { title: "Sinds {foundedYear}", items: [{ text: "Bel {phone}", order: 2 }], urgent: true, note: null };
    expect(fillFactsDeep(record, facts)).toEqual({
      title: `Sinds ${company.foundedYear}`,
      items: [{ text: `Bel ${company.phones.regular.display}`, order: 2 }],
      urgent: true,
      note: null,
    });
  });

  it("refuses an unknown reference deep inside", () => {
    expect(() => fillFactsDeep({ faq: [{ answer: "{prijs}" }] }, facts)).toThrow("Unknown reference {prijs}");
  });
});
