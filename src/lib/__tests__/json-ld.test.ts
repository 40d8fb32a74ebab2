import { company as companyFile, resolvedDeep } from "../../../scripts/lib/content/content";
import { blogPosting, breadcrumbList, roofingContractor, serializeJsonLd, serviceOffer } from "../json-ld";
import { companyLogo } from "../paths";

/** The company as components receive it from GraphQL, its texts' fact references resolved. */
const company = resolvedDeep(companyFile);

const logo = {
  "@type": "ImageObject",
  url: `https://example.nl${companyLogo.path}`,
  contentUrl: `https://example.nl${companyLogo.path}`,
  width: companyLogo.size,
  height: companyLogo.size,
};

describe("roofingContractor", () => {
  const data = roofingContractor(company, "https://example.nl", "https://example.nl/og.jpg");

  it("describes the company from its content file", () => {
    expect(data["@type"]).toBe("RoofingContractor");
    expect(data.name).toBe(company.name);
    expect(data.telephone).toBe(company.phones.regular.e164);
    expect(data.address.postalCode).toBe(company.address.postalCode);
    expect(data.aggregateRating).toMatchObject({ ratingValue: company.rating.value, reviewCount: company.rating.count });
    expect(data.areaServed).toHaveLength(company.towns.length);
    expect(data.description).toContain(`sinds ${company.foundedYear}`);
  });

  it("carries the local-business properties search engines recommend: logo, price range, geo and hours", () => {
    expect(data.logo).toEqual(logo);
    expect(data.priceRange).toBe(company.priceRange);
    expect(data.geo).toEqual({ "@type": "GeoCoordinates", latitude: company.geo.latitude, longitude: company.geo.longitude });
  });

  it("names one town as area served on that town's page", () => {
    const haarlem = company.towns.find((town) => town.slug === "haarlem");
    if (!haarlem) throw new Error("content/towns/haarlem.json is missing");
    expect(roofingContractor(company, "https://example.nl", undefined, [haarlem]).areaServed).toEqual([
      { "@type": "City", name: "Haarlem" },
    ]);
  });

  it("lists opening hours only for days with hours", () => {
    expect(data.openingHoursSpecification.map((row) => row.dayOfWeek)).not.toContain("https://schema.org/Sunday");
    expect(data.openingHoursSpecification).toHaveLength(6);
  });
});

describe("serializeJsonLd", () => {
  it("cannot be broken out of by </script> in content", () => {
    const json = serializeJsonLd({ name: "</script><script>alert(1)</script>" });
    expect(json).not.toMatch(/<\/script/i);
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});

describe("breadcrumbList", () => {
  it("numbers the trail from 1 with absolute URLs", () => {
    const data = breadcrumbList(
      [
        { name: "Home", path: "/" },
        { name: "Diensten", path: "/diensten" },
        { name: "Daklekkage", path: "/diensten/daklekkage" },
      ],
      "https://example.nl",
    );
    expect(data.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://example.nl/" },
      { "@type": "ListItem", position: 2, name: "Diensten", item: "https://example.nl/diensten" },
      { "@type": "ListItem", position: 3, name: "Daklekkage", item: "https://example.nl/diensten/daklekkage" },
    ]);
  });
});

describe("serviceOffer", () => {
  it("names the company node as provider and its towns as area served", () => {
    const data = serviceOffer(
      { name: "Daklekkage", title: "Daklekkage repareren", description: "Lek gedicht.", path: "/diensten/daklekkage" },
      company,
      "https://example.nl",
    );
    expect(data).toMatchObject({
      "@type": "Service",
      serviceType: "Daklekkage",
      url: "https://example.nl/diensten/daklekkage",
      provider: { "@id": roofingContractor(company, "https://example.nl")["@id"] },
    });
    expect(data.areaServed).toHaveLength(company.towns.length);
  });
});

describe("blogPosting", () => {
  it("names the company as author and publisher by its node", () => {
    const data = blogPosting(
      { title: "Daklekkage", excerpt: "Wat te doen.", date: "2026-03-12", path: "/blog/daklekkage-amsterdam", image: "https://example.nl/a.jpg" },
      company,
      "https://example.nl",
    );
    expect(data).toMatchObject({
      "@type": "BlogPosting",
      headline: "Daklekkage",
      datePublished: "2026-03-12",
      image: "https://example.nl/a.jpg",
      url: "https://example.nl/blog/daklekkage-amsterdam",
      author: { "@id": "https://example.nl/#bedrijf", name: company.name, url: "https://example.nl/" },
      publisher: { "@type": "Organization", "@id": "https://example.nl/#bedrijf", name: company.name, logo },
    });
  });

  it("was last modified when published, since articles record no later change", () => {
    const data = blogPosting({ title: "D", excerpt: "E", date: "2026-03-12", path: "/blog/d" }, company, "https://example.nl");
    expect(data.dateModified).toBe(data.datePublished);
  });
});
