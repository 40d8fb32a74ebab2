import { parseFragment, type DefaultTreeAdapterTypes } from "parse5";
import { bodyAsServed, markdownHtml } from "../content-markup";
import { dutchList, factsFrom, fillFacts, fillFactsDeep, fillFactsInUrl, referencesIn } from "../facts";
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

describe("fillFactsInUrl", () => {
  it("fills a fact into a URL percent-encoded whole, written as {name} or as Markdown encodes it", () => {
    expect(fillFactsInUrl("mailto:{email}", facts)).toBe(`mailto:${encodeURIComponent(facts.email)}`);
    expect(fillFactsInUrl("tel:%7Bphone%7D", facts)).toBe(`tel:${encodeURIComponent(facts.phone)}`);
    expect(fillFactsInUrl("%7Bname%7D", { ...facts, name: "javascript:alert(1)" })).toBe("javascript%3Aalert(1)");
    expect(fillFactsInUrl("/pad%7Bgeen%7D", facts)).toBe("/pad%7Bgeen%7D");
    expect(() => fillFactsInUrl("/pad/{geen}", facts)).toThrow("Unknown reference {geen}");
  });
});

describe("facts in a Markdown body", () => {
  type Element = DefaultTreeAdapterTypes.Element;
  const elementsIn = (node: DefaultTreeAdapterTypes.ParentNode): Element[] =>
    node.childNodes.flatMap((child) => ("tagName" in child ? [child, ...elementsIn(child)] : []));
  const textOf = (node: DefaultTreeAdapterTypes.ParentNode): string =>
    node.childNodes.map((child) => ("value" in child ? child.value : "childNodes" in child ? textOf(child) : "")).join("");
  const attributesOf = (element: Element | undefined) => Object.fromEntries((element?.attrs ?? []).map(({ name, value }) => [name, value]));
  // A fact is a text field, and the text check lets a quote through: each fact here tries to end its attribute and start markup.
  const hostile = Object.fromEntries(Object.entries(facts).map(([reference, fact]) => [reference, `${fact}" style="position:fixed" x="<b>&amp;`]));

  it("fills each fact in as text wherever the body names it: a paragraph, a link's text, title and URL, an image's alt, title and URL", () => {
    const body = `Bel [{phone}](tel:{phone} "{phoneHours}") of ![{name}](https://example.com/{name}.jpg "{name}"), {phoneHours}.`;
    const served = bodyAsServed(markdownHtml(body), hostile);
    expect(served.problems).toEqual([]);
    const elements = elementsIn(parseFragment(served.html));
    expect(elements.map((element) => element.tagName)).toEqual(["p", "a", "img"]);
    const [paragraph, link, image] = elements;
    expect(attributesOf(link)).toEqual({ href: `tel:${encodeURIComponent(hostile.phone)}`, title: hostile.phoneHours });
    expect(textOf(link)).toBe(hostile.phone);
    expect(attributesOf(image)).toEqual({ src: `https://example.com/${encodeURIComponent(hostile.name)}.jpg`, alt: hostile.name, title: hostile.name });
    expect(textOf(paragraph)).toBe(`Bel ${hostile.phone} of , ${hostile.phoneHours}.`);
  });
});
