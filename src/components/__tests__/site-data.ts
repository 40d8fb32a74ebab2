import { useStaticQuery } from "gatsby";
import fs from "node:fs";
import path from "node:path";
import company from "../../../content/company.json";
import navigation from "../../../content/navigation.json";

const servicesDir = path.resolve(__dirname, "../../../content/services");
const services = fs
  .readdirSync(servicesDir)
  .map((file) => JSON.parse(fs.readFileSync(path.join(servicesDir, file), "utf8")))
  .sort((a, b) => a.order - b.order);

/** Answers the shell's static query with the real content files. */
export function mockSiteData() {
  (useStaticQuery as jest.Mock).mockReturnValue({
    site: { siteMetadata: { siteUrl: "https://example.nl" } },
    company: { ...company, shareImage: { childImageSharp: { resize: { src: "/static/og.jpg" } } } },
    navigation,
    services: { nodes: services },
  });
  return { company, navigation, services };
}
