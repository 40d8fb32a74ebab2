import { graphql, useStaticQuery } from "gatsby";

/** Company facts, navigation and the service list: everything the site shell shows on every page. */
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
        rating {
          value
          best
          count
        }
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
        towns
        shareImage {
          childImageSharp {
            resize(width: 1200, height: 630, cropFocus: CENTER, quality: 80) {
              src
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
    }
  `);
  if (!data.company || !data.navigation || !data.site?.siteMetadata?.siteUrl) {
    throw new Error("content/company.json, content/navigation.json or siteMetadata.siteUrl is missing");
  }
  return {
    siteUrl: data.site.siteMetadata.siteUrl,
    company: data.company,
    navigation: data.navigation,
    services: data.services.nodes,
  };
}

export type SiteData = ReturnType<typeof useSiteData>;
export type Company = SiteData["company"];
