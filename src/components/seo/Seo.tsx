import { graphql } from "gatsby";
import { type ReactNode } from "react";
import { roofingContractor } from "../../lib/json-ld";
import { type ShareImage } from "../../lib/share-image";
import { useSiteData } from "../layout/useSiteData";
import { colors } from "../ui/theme";
import { JsonLd } from "./JsonLd";

interface SeoProps {
  title: string;
  description: string;
  pathname: string;
  /** The home page's hero photo by default. */
  image?: ShareImage;
  /** The towns the company's structured data names as area served; all of them unless a page is about one. */
  areaServed?: readonly { name: string }[];
  /** Extra head elements, such as the page's own JSON-LD. */
  children?: ReactNode;
}

/** Everything a page puts in <head>: title, description, canonical URL, social cards and structured data. */
export function Seo({ title, description, pathname, image, areaServed, children }: SeoProps) {
  const { siteUrl, company, defaultShareImage } = useSiteData();
  const fullTitle = title.includes(company.name) ? title : `${title} | ${company.name}`;
  const canonical = `${siteUrl}${pathname === "/" ? "/" : pathname.replace(/\/+$/, "")}`;
  const share = image ?? defaultShareImage;
  const imageUrl = share ? new URL(share.src, siteUrl).href : undefined;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <meta name="theme-color" content={colors.slate} />
      <meta property="og:type" content="website" />
      <meta property="og:locale" content="nl_NL" />
      <meta property="og:site_name" content={company.name} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      {share && <meta property="og:image" content={imageUrl} />}
      {share && <meta property="og:image:alt" content={share.alt} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      {share && <meta name="twitter:image" content={imageUrl} />}
      {share && <meta name="twitter:image:alt" content={share.alt} />}
      <JsonLd data={roofingContractor(company, siteUrl, imageUrl, areaServed)} />
      {children}
    </>
  );
}

/** The 1200 x 630 crop a link preview shows of a page's picture (src/lib/share-image.ts). */
export const shareImageFields = graphql`
  fragment ShareImageFields on ImageSharp {
    share: resize(width: 1200, height: 630, cropFocus: CENTER, quality: 80) {
      src
    }
  }
`;
