/**
 * The files the build writes beside the pages that are not made from content
 * (those are plugins/gatsby-plugin-content's): robots.txt, the logo for
 * structured data; Gatsby's own build files removed from public/, and no
 * source maps made (docs/publishing.md). What the build does to
 * the built pages' scripts: plugins/gatsby-plugin-first-paint.
 */
import fs from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import sharp from "sharp";
import { companyLogo } from "../../src/lib/paths";

/**
 * What Gatsby leaves in public/ for its own build, which no visitor needs: the
 * stats it renders the pages' script tags from (their chunk map is inlined in
 * every page), Partytown, which the site does not use, and source maps (this
 * build makes none; an earlier one may have). docs/publishing.md says why
 * these go and what stays.
 */
const isBuildInternal = (file: string) => /^(webpack\.stats\.json|chunk-map\.json|~partytown)$|\.map$/.test(file);

/** The roof mark as the raster logo structured data points at (src/lib/json-ld.ts), from the favicon's one drawing. */
async function writeCompanyLogo() {
  const { size, path: logoPath } = companyLogo;
  // The SVG's own size is 40 px: rasterise at the density that makes it `size` pixels, so the edges stay sharp.
  const svg = path.join("static", "favicon.svg");
  const { width = size } = await sharp(svg).metadata();
  await sharp(svg, { density: (72 * size) / width })
    .resize(size, size)
    .png()
    .toFile(path.join("public", logoPath));
}

/** No source maps: the scripts' sources are not published. */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions }) => {
  if (stage === "build-javascript") actions.setWebpackConfig({ devtool: false });
};

export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ graphql }) => {
  for (const file of fs.readdirSync("public").filter(isBuildInternal)) fs.rmSync(path.join("public", file), { recursive: true });
  await writeCompanyLogo();
  // The site's address as gatsby-config.ts sets it.
  const { data } = await graphql<Queries.SiteUrlForRobotsQuery>(`query SiteUrlForRobots { site { siteMetadata { siteUrl } } }`);
  const origin = data?.site?.siteMetadata?.siteUrl;
  if (!origin) throw new Error("gatsby-config.ts sets no siteMetadata.siteUrl for robots.txt");
  fs.writeFileSync(
    path.join("public", "robots.txt"),
    `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`,
  );
};

