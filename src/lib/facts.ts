import { formatNumber } from "./dutch-format";

/** The company facts that content text may name as {placeholders}. */
export interface CompanyFacts {
  name: string;
  legalName: string;
  email: string;
  address: { street: string; postalCode: string; city: string };
  kvk: string;
  insurance: { amountEuro: number };
  customers: number;
  experienceYears: number;
  foundedYear: number;
  rating: { value: number; count: number };
  phones: { regular: { display: string }; emergency: { display: string } };
  phoneHours: string;
  towns: readonly unknown[];
}

const valuesByCompany = new WeakMap<CompanyFacts, Record<string, string>>();

function factValues(company: CompanyFacts): Record<string, string> {
  const known = valuesByCompany.get(company);
  if (known) return known;
  const values = {
    name: company.name,
    legalName: company.legalName,
    email: company.email,
    street: company.address.street,
    postalCode: company.address.postalCode,
    city: company.address.city,
    kvk: company.kvk,
    insuranceAmount: `€ ${formatNumber(company.insurance.amountEuro)}`,
    customers: String(company.customers),
    experienceYears: String(company.experienceYears),
    foundedYear: String(company.foundedYear),
    rating: formatNumber(company.rating.value, 1),
    reviewCount: String(company.rating.count),
    phone: company.phones.regular.display,
    emergencyPhone: company.phones.emergency.display,
    phoneHours: company.phoneHours,
    townCount: String(company.towns.length),
  };
  valuesByCompany.set(company, values);
  return values;
}

/**
 * Fills {placeholders} in content text with the company's facts, so a figure
 * such as the review count is written once, in content/company.json.
 * An unknown placeholder is an error: it would otherwise reach a visitor.
 */
export function fillFacts(template: string, company: CompanyFacts): string {
  const values = factValues(company);
  return template.replace(/\{(\w+)\}/g, (match, key: string) => {
    if (!(key in values)) throw new Error(`Unknown placeholder ${match} in "${template}"`);
    return values[key];
  });
}

/** fillFacts on every string inside a content record (arrays and nested objects included). */
export function fillFactsDeep<T>(value: T, company: CompanyFacts): T {
  if (typeof value === "string") return fillFacts(value, company) as T;
  if (Array.isArray(value)) return value.map((item) => fillFactsDeep(item, company)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillFactsDeep(item, company)])) as T;
  }
  return value;
}
