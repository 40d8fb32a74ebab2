/**
 * The build's part of the first paint (README): the icon symbols for the page
 * renderer and the sprite file, the script files (few, each with V8's compile
 * hint), and the built pages' scripts deferred until after their first paint.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import type { IconName } from "../../src/lib/icons";
import { cmsPath } from "../../src/lib/paths";
import { deferScriptFiles, withoutNulBytes } from "./after-first-paint";
import { compileHint } from "./compile-hint";
import { iconSpriteFile, iconSymbols } from "./icon-sprite";
import { lucideDrawings } from "./lucide-drawings";

/** Every icon's symbol by name, read once per build from Lucide's files (icon-sprite.ts). */
let symbolsByIcon: Record<IconName, string> | undefined;
/** Where the sprite file with every symbol is served; named by its content, so /static/'s immutable caching fits it. */
let iconSpriteUrl = "";

export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = async () => {
  symbolsByIcon = iconSymbols(await lucideDrawings());
  const sprite = iconSpriteFile(symbolsByIcon);
  const fileName = `icons-${createHash("sha256").update(sprite).digest("hex").slice(0, 20)}.svg`;
  await fs.promises.mkdir(path.resolve("public/static"), { recursive: true });
  await fs.promises.writeFile(path.resolve("public/static", fileName), sprite);
  iconSpriteUrl = `/static/${fileName}`;
};

/**
 * Every script file costs a request and, with the site's security headers,
 * about 1.4 KB of headers (README, "Few script files"). Gatsby's default
 * splitting makes 15 files for home, most of them 1 to 3 KB. Without its
 * shared groups a page loads four: runtime, framework (React, cached across
 * deploys), app (the shell every page shows) and the page's own chunk, which
 * may repeat a small module another page's chunk has too. The groups kept are
 * Gatsby's internals, by name: the build fails if one is gone.
 */
function fewScriptFiles(splitChunks: { cacheGroups: Record<string, unknown> }) {
  const { framework, styles } = splitChunks.cacheGroups;
  if (!framework || !styles) {
    throw new Error(
      `Gatsby's webpack config has no "framework" or "styles" chunk group any more (plugins/gatsby-plugin-first-paint/README.md, "Upgrade checklist"); it has: ${Object.keys(splitChunks.cacheGroups).join(", ")}`,
    );
  }
  return { ...splitChunks, cacheGroups: { default: false, defaultVendors: false, framework, styles } };
}

export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, getConfig, actions, plugins }) => {
  const spriteUrl = plugins.define({ __ICON_SPRITE_URL__: JSON.stringify(iconSpriteUrl) });
  // Only the page renderer gets the icon symbols, which gatsby-ssr puts in each page as it draws them; no browser script carries them.
  if (stage === "build-html" || stage === "develop-html") {
    actions.setWebpackConfig({ plugins: [spriteUrl, plugins.define({ __ICON_SYMBOLS__: `(${JSON.stringify(symbolsByIcon)})` })] });
  }
  if (stage === "develop") actions.setWebpackConfig({ plugins: [spriteUrl] });
  if (stage !== "build-javascript") return;
  const config = getConfig();
  config.optimization.splitChunks = fewScriptFiles(config.optimization.splitChunks);
  config.plugins.push(compileHint, spriteUrl);
  actions.replaceWebpackConfig(config);
};

/**
 * Gatsby stitches its script tags into the pages after every SSR hook has
 * run, so they are deferred here (README, "First paint before any script"),
 * and the NUL bytes React's streaming renderer can leave are removed
 * (docs/publishing.md). This runs before the Netlify
 * adapter hashes the pages' inline scripts for the CSP (adapters run after
 * onPostBuild), and before gatsby-plugin-cms writes /admin (it comes after
 * this plugin in gatsby-config.ts).
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = ({ reporter }) => {
  const pages = fs
    .readdirSync("public", { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    // Gatsby's own files and the CMS are not pages.
    .filter((file) => ![path.join("public", "_gatsby", ""), path.join("public", cmsPath, "")].some((folder) => file.startsWith(folder)));
  for (const file of pages) {
    try {
      fs.writeFileSync(file, deferScriptFiles(withoutNulBytes(fs.readFileSync(file, "utf8"))));
    } catch (error) {
      reporter.panicOnBuild(`${file}: ${(error as Error).message}`);
    }
  }
};
