import { useStaticQuery } from "gatsby";
import navigation from "../../../content/navigation.json";
import { company as companyFile, resolvedDeep, services as serviceFiles, towns } from "../../../scripts/lib/content/content";

/** Answers the shell's static query with the real content files, their fact references resolved as GraphQL resolves them. */
export function mockSiteData() {
  const company = resolvedDeep(companyFile);
  const services = resolvedDeep(serviceFiles);
  (useStaticQuery as jest.Mock).mockReturnValue({
    site: { siteMetadata: { siteUrl: "https://example.nl" } },
    company,
    navigation,
    services: { nodes: services },
    towns: { nodes: towns },
  });
  return { company, navigation, services };
}
