import { useStaticQuery } from "gatsby";
import navigation from "../../../content/navigation.json";
import { company, services, towns } from "../../lib/__tests__/content";

/** Answers the shell's static query with the real content files. */
export function mockSiteData() {
  (useStaticQuery as jest.Mock).mockReturnValue({
    site: { siteMetadata: { siteUrl: "https://example.nl" } },
    company,
    navigation,
    services: { nodes: services },
    towns: { nodes: towns },
  });
  return { company, navigation, services };
}
