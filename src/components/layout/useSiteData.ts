import { graphql, useStaticQuery } from "gatsby";
import { shareImage } from "../../lib/share-image";

type CompanyWithTowns = NonNullable<Queries.SiteDataQuery["company"]> & {
  /** The towns with a page in content/towns/, in their `order`: the service area everywhere on the site. */
  towns: Queries.SiteDataQuery["towns"]["nodes"];
};

/** One merged company object per query result, so memoized facts (lib/facts) are computed once. */
const companies = new WeakMap<Queries.SiteDataQuery, CompanyWithTowns>();

/** Company facts, navigation, services and towns: everything the site shell shows on every page. */
export function useSiteData() {
  const data = useStaticQuery<Queries.SiteDataQuery>(graphql`
    query SiteData {
      site {
        siteMetadata {
          siteUrl
        }
      }
      company: companyJson {
        name
        legalName
        tagline
        blurb
        phones {
          regular {
            display
            e164
          }
          regional {
            display
            e164
          }
          emergency {
            display
            e164
          }
          mobile {
            display
            e164
          }
        }
        email
        address {
          street
          postalCode
          city
          country
        }
        geo {
          latitude
          longitude
        }
        kvk
        insurance {
          amountEuro
          statement
        }
        rating {
          value
          best
          count
        }
        priceRange
        customers
        experienceYears
        foundedYear
        chat {
          number
          general
          header
          insulation
        }
        openingHours {
          day
          dayOfWeek
          hours
          opens
          closes
        }
        emergencyNote
        phoneHours
        replyTargets {
          quoteHours
        }
      }
      # A page without a picture of its own is shared with the home page's hero photo.
      home: homeJson {
        hero {
          imageAlt
          image {
            childImageSharp {
              ...ShareImageFields
            }
          }
        }
      }
      navigation: navigationJson {
        main {
          name
          href
        }
        legal {
          name
          href
        }
      }
      services: allServicesJson(sort: { order: ASC }) {
        nodes {
          slug
          name
          icon
          urgent
        }
      }
      towns: allTownsJson(sort: { order: ASC }) {
        nodes {
          slug
          name
        }
      }
    }
  `);
  if (!data.company || !data.navigation || !data.site?.siteMetadata?.siteUrl) {
    throw new Error("content/company.json, content/navigation.json or siteMetadata.siteUrl is missing");
  }
  let company = companies.get(data);
  if (!company) {
    company = { ...data.company, towns: data.towns.nodes };
    companies.set(data, company);
  }
  return {
    siteUrl: data.site.siteMetadata.siteUrl,
    company,
    navigation: data.navigation,
    services: data.services.nodes,
    defaultShareImage: data.home && shareImage(data.home.hero.image, data.home.hero.imageAlt),
  };
}

export type SiteData = ReturnType<typeof useSiteData>;
export type Company = SiteData["company"];
