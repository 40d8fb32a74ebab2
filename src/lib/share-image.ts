/** The picture a link preview shows, with the text that describes it to those who cannot see it. */
export interface ShareImage {
  /** An image path from sharp (starting with /), or an absolute URL. */
  src: string;
  alt: string;
}

/** The 1200×630 crop sharp made of a page's image (its `share` resize), described by that image's alt text. */
export function shareImage(file: { childImageSharp: { share: { src: string | null } | null } | null } | null, alt: string): ShareImage | undefined {
  const src = file?.childImageSharp?.share?.src;
  return src ? { src, alt } : undefined;
}
