import fs from "node:fs";
import path from "node:path";
import { parseFragment, type DefaultTreeAdapterTypes } from "parse5";
import { formatNumber } from "../../../src/lib/dutch-format";
import { contentDir } from "../content-dir";
import { listFiles } from "../content-files";
import { bodyAsServed, markdownHtml } from "../content-markup";
import { isRecord, textsIn } from "../content-schema";
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

describe("the reply and quote promises", () => {
  it("are the facts of company.json's replyTargets: the target in opening hours in hours, the emergency call-back in minutes, the outer promise and the quote in hours", () => {
    const { openingMinutes, emergencyMinutes, promiseHours, quoteHours } = company.replyTargets;
    expect(facts).toMatchObject({
      replyTargetHours: formatNumber(openingMinutes / 60),
      emergencyReplyMinutes: String(emergencyMinutes),
      replyPromiseHours: String(promiseHours),
      quoteHours: String(quoteHours),
    });
    const changed = factsFrom(reader({ CompanyJson: [{ ...company, replyTargets: { openingMinutes: 90, emergencyMinutes: 10, promiseHours: 48, quoteHours: 36 } }] }));
    expect(changed).toMatchObject({ replyTargetHours: "1,5", emergencyReplyMinutes: "10", replyPromiseHours: "48", quoteHours: "36" });
    expect(fillFacts("binnen {replyPromiseHours} uur, tijdens openingstijden binnen {replyTargetHours} uur", changed)).toBe("binnen 48 uur, tijdens openingstijden binnen 1,5 uur");
  });

  /**
   * A sentence that promises a reply, a call back or a quote within a time,
   * with the time typed as a number instead of its fact: "We reageren binnen
   * 4 uur", "Offerte binnen 24 uur", a key fact "24 uur" over "offerte na de
   * inspectie". Times that promise something else (on site "binnen 1-2 uur",
   * "24 uur per dag") name neither a reply nor a quote in their sentence.
   */
  const promise = /reageer|reageren|reactie|antwoord|contact|terugbel|bellen (u|je)\b|\bterug\b|offerte|vaste prijs/i;
  const literalTime = /(?<![\d:,{-])\d+(?:[-–]\d+)? ?(?:uur|minuten|min)\b(?! per dag)/;
  const sentencesOf = (text: string) => text.split(/(?<=[.!?;:|])\s+|\n+/);
  const literalPromisesIn = (text: string) => sentencesOf(text).filter((sentence) => literalTime.test(sentence) && promise.test(sentence));

  /** Every text of content/ as the site shows it before its facts are filled: each JSON string (a key fact's value with its label), each Markdown file whole. */
  function contentTexts(dir: string): { where: string; text: string }[] {
    return listFiles(dir).flatMap((file) => {
      const source = fs.readFileSync(path.join(dir, file), "utf8");
      if (file.endsWith(".md")) return [{ where: file, text: source }];
      if (!file.endsWith(".json")) return [];
      return Array.from(textsIn(JSON.parse(source) as unknown), ({ path: at, text }) => ({ where: `${file}: ${at.join(".")}`, text }));
    }).concat(keyFactsIn(dir));
  }
  /** A key fact's value read with its label, as the page shows them together: "24 uur" over "offerte na de inspectie". */
  function keyFactsIn(dir: string) {
    const found: { where: string; text: string }[] = [];
    const walk = (value: unknown, file: string, at: readonly (string | number)[]) => {
      if (Array.isArray(value)) value.forEach((item, index) => walk(item, file, [...at, index]));
      else if (isRecord(value)) {
        if (typeof value.value === "string" && typeof value.label === "string") found.push({ where: `${file}: ${at.join(".")}`, text: `${value.value} ${value.label}` });
        for (const [key, item] of Object.entries(value)) walk(item, file, [...at, key]);
      }
    };
    for (const file of listFiles(dir).filter((name) => name.endsWith(".json"))) walk(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")), file, []);
    return found;
  }

  it("are stated through their facts in content/, never as a typed number", () => {
    const literal = contentTexts(contentDir).flatMap(({ where, text }) => literalPromisesIn(text).map((sentence) => `${where}: ${sentence}`));
    expect(literal).toEqual([]);
  });

  it("finds a promise typed as a number, and passes the same promise through its fact and other times", () => {
    for (const old of [
      "Wij reageren binnen 24 uur, op werkdagen meestal al binnen 4 uur.",
      "We bellen u binnen 15 minuten terug.",
      "Vul het formulier in; wij reageren binnen 2 uur.",
      "24 uur offerte na de inspectie",
      "Na de inspectie krijgt u binnen 24 uur een vaste prijs.",
      "Gratis offerte binnen 24 uur",
    ]) expect(literalPromisesIn(old)).not.toEqual([]);
    for (const fine of [
      "Wij reageren binnen {replyPromiseHours} uur, tijdens openingstijden meestal al binnen {replyTargetHours} uur.",
      "We bellen u binnen {emergencyReplyMinutes} minuten terug.",
      "{quoteHours} uur offerte na de inspectie",
      "Bij lekkage 24/7 en binnen 1 uur ter plaatse. Gratis offerte binnen {quoteHours} uur.",
      "Wij zijn 24 uur per dag bereikbaar; bel {emergencyPhone}.",
      "Telefonisch bereikbaar van 08:00 tot 20:00 uur, bel {phone}.",
    ]) expect(literalPromisesIn(fine)).toEqual([]);
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
