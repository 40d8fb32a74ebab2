/**
 * The files the build writes beside the pages that are not made from content
 * (those are plugins/gatsby-plugin-content's), and what it does to the built
 * pages: robots.txt, the logo for structured data; the pages' scripts
 * deferred until after the first paint (docs/performance.md); Gatsby's own
 * build files removed from public/ (README, "What the site publishes").
 */
import fs from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import sharp from "sharp";
import { deferScriptFiles, withoutNulBytes } from "../../src/lib/after-first-paint";
import { cmsPath, companyLogo } from "../../src/lib/paths";
import { siteUrl } from "../../src/lib/site-url";

/**
 * With trailingSlash "never", gatsby-adapter-netlify moves each page's
 * public/{route}/index.html to public/{route}.html after the build. A following
 * build that renders no page again (nothing changed) still reads the old files
 * while stitching slices and stops with ENOENT; putting them back first keeps
 * repeated builds working.
 */
export const onPreBuild: GatsbyNode["onPreBuild"] = () => {
  const notPages = new Set(["static", "page-data", "_gatsby", "~partytown"]);
  const restore = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!notPages.has(entry.name)) restore(full);
      } else if (entry.name.endsWith(".html") && entry.name !== "index.html") {
        const expected = path.join(dir, entry.name.slice(0, -".html".length), "index.html");
        if (!fs.existsSync(expected)) {
          fs.mkdirSync(path.dirname(expected), { recursive: true });
          fs.copyFileSync(full, expected);
        }
      }
    }
  };
  restore("public");
};

/**
 * What Gatsby leaves in public/ for its own build, which no visitor needs: the
 * stats it renders the pages' script tags from (their chunk map is inlined in
 * every page), Partytown, which the site does not use, and source maps (this
 * build makes none; an earlier one may have). The README's "What the site
 * publishes" says why these go and what stays.
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

export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter }) => {
  for (const file of fs.readdirSync("public").filter(isBuildInternal)) fs.rmSync(path.join("public", file), { recursive: true });
  await writeCompanyLogo();
  const origin = siteUrl(process.env);
  fs.writeFileSync(
    path.join("public", "robots.txt"),
    `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`,
  );
  // Gatsby stitches its script tags into the pages after every SSR hook has run, so
  // they are deferred here, before the adapter hashes the pages' inline scripts for the CSP.
  const pages = fs
    .readdirSync("public", { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    // Gatsby's own files and the CMS (plugins/gatsby-plugin-cms writes it after this) are not pages.
    .filter((file) => ![path.join("public", "_gatsby", ""), path.join("public", cmsPath, "")].some((folder) => file.startsWith(folder)));
  for (const file of pages) {
    try {
      fs.writeFileSync(file, deferScriptFiles(withoutNulBytes(fs.readFileSync(file, "utf8"))));
    } catch (error) {
      reporter.panicOnBuild(`${file}: ${(error as Error).message}`);
    }
  }
};

