import { z } from "zod";
import { formatNumber } from "../../src/lib/dutch-format";
import { byOrder, contentTypes, type ReadRecords } from "./content-schema";

/**
 * Facts that content text names by reference instead of repeating them: the
 * company's figures in content/company.json, a service's starting price in its
 * own file (and the experience a service page states instead of the company's),
 * the towns of content/towns/. A text writes `{reviewCount}` or
 * `{price:daklekkage}`; the content plugin resolves every reference when a page
 * queries the text, so components receive final strings (README, "Changing
 * content").
 *
 * The fields each type gives the table, as schemas: a record parsed with one
 * keeps those fields, typed (z.infer), whatever else its node holds.
 */
export const factSources = {
  CompanyJson: contentTypes.CompanyJson.pick({
    name: true,
    legalName: true,
    email: true,
    address: true,
    kvk: true,
    insurance: true,
    customers: true,
    experienceYears: true,
    warrantyYears: true,
    emergencyArrivalHours: true,
    replyTargets: true,
    foundedYear: true,
    rating: true,
    phones: true,
    phoneHours: true,
  }).strip(),
  // By its fields, not .pick(): the town schema's rule across its fields (the heading names the town) forbids picking.
  TownsJson: z.object({ name: contentTypes.TownsJson.shape.name, order: contentTypes.TownsJson.shape.order }),
  ServicesJson: contentTypes.ServicesJson.pick({ slug: true, startingPriceEuro: true, experienceYears: true }).strip(),
};
type FactSource<T extends keyof typeof factSources> = z.infer<(typeof factSources)[T]>;

/** Every reference content may use, with the text it stands for. */
export type FactTable = Readonly<Record<string, string>>;

/** `{name}` for a company fact, `{kind:slug}` for a fact of one service. */
const referencePattern = /\{([a-zA-Z]+(?::[a-z0-9-]+)?)\}/g;

const euro = (amount: number) => `€ ${formatNumber(amount)}`;

/** "Amsterdam, Diemen en Haarlem". */
export function dutchList(items: readonly string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} en ${items[items.length - 1]}`;
}

/**
 * The fact table, built here only: from the nodes once all are read
 * (getNodesByType), from a query's nodes (nodeModel, so a changed price
 * reruns the queries that show it), or in the CMS from the records the build
 * wrote for it with the entry being edited in place of its saved self.
 */
export function factsFrom(read: ReadRecords): FactTable {
  const [company] = read("CompanyJson").map((record) => factSources.CompanyJson.parse(record));
  if (!company) throw new Error("There is no content/company.json to take the company's facts from");
  return factTable(
    company,
    read("TownsJson").map((record) => factSources.TownsJson.parse(record)),
    read("ServicesJson").map((record) => factSources.ServicesJson.parse(record)),
  );
}

function factTable(company: FactSource<"CompanyJson">, towns: readonly FactSource<"TownsJson">[], services: readonly FactSource<"ServicesJson">[]): FactTable {
  const townNames = [...towns].sort(byOrder).map((town) => town.name);
  const table: Record<string, string> = {
    name: company.name,
    legalName: company.legalName,
    email: company.email,
    street: company.address.street,
    postalCode: company.address.postalCode,
    city: company.address.city,
    kvk: company.kvk,
    insuranceAmount: euro(company.insurance.amountEuro),
    customers: String(company.customers),
    experienceYears: String(company.experienceYears),
    warrantyYears: String(company.warrantyYears),
    emergencyArrivalHours: formatNumber(company.emergencyArrivalHours),
    replyTargetHours: formatNumber(company.replyTargets.openingMinutes / 60),
    emergencyReplyMinutes: String(company.replyTargets.emergencyMinutes),
    replyPromiseHours: String(company.replyTargets.promiseHours),
    quoteHours: String(company.replyTargets.quoteHours),
    foundedYear: String(company.foundedYear),
    rating: formatNumber(company.rating.value, 1),
    reviewCount: String(company.rating.count),
    phone: company.phones.regular.display,
    emergencyPhone: company.phones.emergency.display,
    phoneHours: company.phoneHours,
    townCount: String(townNames.length),
    townList: dutchList(townNames),
  };
  for (const service of services) {
    if (service.startingPriceEuro !== undefined) table[`price:${service.slug}`] = euro(service.startingPriceEuro);
    if (service.experienceYears !== undefined) table[`experience:${service.slug}`] = String(service.experienceYears);
  }
  return table;
}

/** fillFacts on every string inside a record (lists and nested records included); other values stay. */
export function fillFactsDeep<T>(value: T, facts: FactTable): T {
  if (typeof value === "string") return fillFacts(value, facts) as T;
  if (Array.isArray(value)) return value.map((item) => fillFactsDeep(item, facts)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillFactsDeep(item, facts)])) as T;
  }
  return value;
}

/** The references a text makes, such as ["phone", "price:daklekkage"]. */
export function referencesIn(text: string): string[] {
  return Array.from(text.matchAll(referencePattern), (match) => match[1]);
}

/**
 * The text with every reference replaced by its fact, escaped for where it
 * lands. An unknown reference is an error: it would otherwise reach a visitor.
 * The content plugin checks every file before any page is queried, so a build
 * names file and field instead.
 */
export function fillFacts(text: string, facts: FactTable, escape: (fact: string) => string = (fact) => fact): string {
  return text.replace(referencePattern, (match, reference: string) => {
    if (!Object.hasOwn(facts, reference)) throw new Error(`Unknown reference ${match} in "${text}"`);
    return escape(facts[reference]);
  });
}

/** A reference as Markdown writes it into a link's URL, `{` and `}` percent-encoded. */
const encodedReferencePattern = /%7B([a-zA-Z]+(?::[a-z0-9-]+)?)%7D/gi;

/**
 * A URL with its references filled, each fact percent-encoded whole, so a fact
 * is data in the URL and never adds a scheme, path, query or fragment. An
 * encoded reference naming no fact is left as it is: the text it came from
 * names it, and the check of that text refuses it.
 */
export function fillFactsInUrl(url: string, facts: FactTable): string {
  const decoded = url.replace(encodedReferencePattern, (match, reference: string) => (Object.hasOwn(facts, reference) ? `{${reference}}` : match));
  return fillFacts(decoded, facts, encodeURIComponent);
}
