/** The company facts that content text may name as {placeholders}. */
export interface CompanyFacts {
  name: string;
  customers: number;
  experienceYears: number;
  foundedYear: number;
  rating: { value: number; count: number };
  phones: { regular: { display: string }; emergency: { display: string } };
  towns: readonly string[];
}

const formatRating = (value: number) => value.toLocaleString("nl-NL", { minimumFractionDigits: 1 });

function factValues(company: CompanyFacts): Record<string, string> {
  return {
    name: company.name,
    customers: String(company.customers),
    experienceYears: String(company.experienceYears),
    foundedYear: String(company.foundedYear),
    rating: formatRating(company.rating.value),
    reviewCount: String(company.rating.count),
    phone: company.phones.regular.display,
    emergencyPhone: company.phones.emergency.display,
    townCount: String(company.towns.length),
  };
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
