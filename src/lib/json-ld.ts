import { companyLogo } from "./paths";

/** Structured data for search engines, built from content/company.json (its texts' fact references already resolved). */
export interface CompanyForJsonLd {
  name: string;
  legalName: string;
  blurb: string;
  email: string;
  phones: { regular: { e164: string } };
  address: { street: string; postalCode: string; city: string; country: string };
  geo: { latitude: number; longitude: number };
  kvk: string;
  rating: { value: number; best: number; count: number };
  priceRange: string;
  foundedYear: number;
  openingHours: readonly { dayOfWeek: string; opens: string; closes: string }[];
  towns: readonly Town[];
}

interface Town {
  name: string;
}

const areaServedAs = (towns: readonly Town[]) => towns.map((town) => ({ "@type": "City", name: town.name }));

/** The company's logo as a file of its own (written by the build, plugins/gatsby-plugin-build-outputs), for search results and article publishers. */
const logo = (origin: string) => ({
  "@type": "ImageObject",
  url: `${origin}${companyLogo.path}`,
  contentUrl: `${origin}${companyLogo.path}`,
  width: companyLogo.size,
  height: companyLogo.size,
});

/**
 * The company's own node. A town's landing page passes that town as
 * `areaServed`, so the page says which place it is about; other pages name all towns.
 */
export function roofingContractor(company: CompanyForJsonLd, origin: string, image?: string, areaServed: readonly Town[] = company.towns) {
  return {
    "@context": "https://schema.org",
    "@type": "RoofingContractor",
    "@id": `${origin}/#bedrijf`,
    name: company.name,
    legalName: company.legalName,
    description: company.blurb,
    url: `${origin}/`,
    logo: logo(origin),
    ...(image ? { image } : {}),
    telephone: company.phones.regular.e164,
    email: company.email,
    foundingDate: String(company.foundedYear),
    priceRange: company.priceRange,
    address: {
      "@type": "PostalAddress",
      streetAddress: company.address.street,
      postalCode: company.address.postalCode,
      addressLocality: company.address.city,
      addressCountry: company.address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: company.geo.latitude, longitude: company.geo.longitude },
    identifier: { "@type": "PropertyValue", propertyID: "KvK", value: company.kvk },
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: company.rating.value,
      bestRating: company.rating.best,
      reviewCount: company.rating.count,
    },
    openingHoursSpecification: company.openingHours
      .filter((row) => row.opens && row.closes)
      .map((row) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: `https://schema.org/${row.dayOfWeek}`,
        opens: row.opens,
        closes: row.closes,
      })),
    areaServed: areaServedAs(areaServed),
  };
}

/**
 * JSON for a <script type="application/ld+json">: "<" is escaped so that
 * "</script>" in content cannot end the script element early.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** One step of a breadcrumb trail: its visible name and its site path. */
export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbList(trail: readonly Crumb[], origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${origin}${crumb.path === "/" ? "/" : crumb.path}`,
    })),
  };
}

/** A service the company offers, pointing at the company's own node as provider. */
export function serviceOffer(
  service: { name: string; title: string; description: string; path: string },
  company: { towns: readonly Town[] },
  origin: string,
) {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.title,
    serviceType: service.name,
    description: service.description,
    url: `${origin}${service.path}`,
    provider: { "@id": `${origin}/#bedrijf` },
    areaServed: areaServedAs(company.towns),
  };
}

/**
 * An article, written and published by the company's own node, with what
 * Google's article guidance recommends. Articles record no later change, so
 * they were last modified when published.
 */
export function blogPosting(
  article: { title: string; excerpt: string; date: string; path: string; image?: string },
  company: { name: string },
  origin: string,
) {
  const organisation = { "@type": "Organization", "@id": `${origin}/#bedrijf`, name: company.name, url: `${origin}/`, logo: logo(origin) };
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    description: article.excerpt,
    datePublished: article.date,
    dateModified: article.date,
    url: `${origin}${article.path}`,
    mainEntityOfPage: `${origin}${article.path}`,
    ...(article.image ? { image: article.image } : {}),
    inLanguage: "nl-NL",
    author: organisation,
    publisher: organisation,
  };
}
