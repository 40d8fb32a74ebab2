import { graphql } from "gatsby";
import { breadcrumbList, type Crumb } from "../../lib/json-ld";
import { useSiteData } from "../layout/useSiteData";
import { JsonLd } from "./JsonLd";
import { type ShareImage } from "../../lib/share-image";
import { Seo } from "./Seo";

interface PageHeadProps {
  /** The page's content file's seo texts; company facts in them are filled in. */
  seo: { title: string; description: string };
  trail: readonly Crumb[];
  pathname: string;
  image?: ShareImage;
}

/** The head of a page with a content file and a place in the breadcrumb trail: Seo plus its BreadcrumbList. */
export function PageHead({ seo, trail, pathname, image }: PageHeadProps) {
  const { siteUrl } = useSiteData();
  const { title, description } = seo;
  return (
    <Seo title={title} description={description} pathname={pathname} image={image}>
      <JsonLd data={breadcrumbList(trail, siteUrl)} />
    </Seo>
  );
}

/** Every page query selects its content file's search texts with this. */
export const pageSeoFields = graphql`
  fragment PageSeoFields on PageSeo {
    title
    description
  }
`;
