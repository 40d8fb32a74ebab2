/**
 * The site's own build steps: a page for each service, town, article and legal
 * text (queried by id, as gatsby-starter-blog does, and queried again by $id in
 * its template), the icon symbols for the page renderer and the sprite file,
 * and the script splitting. Content checks and schema:
 * plugins/gatsby-plugin-content; files written beside the pages:
 * plugins/gatsby-plugin-build-outputs.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { iconSpriteFile, iconSymbols } from "./src/lib/icon-sprite";
import type { IconName } from "./src/lib/icons";
import { lucideDrawings } from "./src/lib/lucide-drawings";
import { compileHintComment } from "./src/lib/compile-hint";
import { blogPath, legalPath, servicePath, townPath } from "./src/lib/paths";

export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<{
    services: { nodes: { id: string; slug: string; name: string }[] };
    towns: { nodes: { id: string; slug: string }[] };
    articles: { nodes: { id: string; fields: { slug: string } }[] };
    legalTexts: { nodes: { id: string; fields: { slug: string } }[] };
  }>(`
    query GeneratedPages {
      services: allServicesJson(sort: { order: ASC }) {
        nodes {
          id
          slug
          name
        }
      }
      towns: allTownsJson(sort: { order: ASC }) {
        nodes {
          id
          slug
        }
      }
      articles: allMarkdownRemark(filter: { fields: { collection: { eq: "blog" } } }) {
        nodes {
          id
          fields {
            slug
          }
        }
      }
      legalTexts: allMarkdownRemark(filter: { fields: { collection: { eq: "legal" } } }) {
        nodes {
          id
          fields {
            slug
          }
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("There was an error loading the services, towns, articles and legal texts for their pages", result.errors);
    return;
  }
  const serviceTemplate = path.resolve("src/templates/service.tsx");
  for (const service of result.data.services.nodes) {
    actions.createPage({
      path: servicePath(service.slug),
      component: serviceTemplate,
      context: { id: service.id, name: service.name },
    });
  }
  const townTemplate = path.resolve("src/templates/town.tsx");
  for (const town of result.data.towns.nodes) {
    actions.createPage({ path: townPath(town.slug), component: townTemplate, context: { id: town.id } });
  }
  const articleTemplate = path.resolve("src/templates/blog-post.tsx");
  for (const article of result.data.articles.nodes) {
    actions.createPage({ path: blogPath(article.fields.slug), component: articleTemplate, context: { id: article.id } });
  }
  const legalTemplate = path.resolve("src/templates/legal-text.tsx");
  for (const legalText of result.data.legalTexts.nodes) {
    actions.createPage({ path: legalPath(legalText.fields.slug), component: legalTemplate, context: { id: legalText.id } });
  }
};

/** Every icon's symbol by name, read once per build from Lucide's files (src/lib/icon-sprite.ts). */
let symbolsByIcon: Record<IconName, string> | undefined;
/** Where the sprite file with every symbol is served; named by its content, so /static/'s immutable caching fits it. */
let iconSpriteUrl = "";

export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = async () => {
  symbolsByIcon = iconSymbols(await lucideDrawings());
  const sprite = iconSpriteFile(symbolsByIcon);
  const fileName = `icons-${createHash("sha256").update(sprite).digest("hex").slice(0, 20)}.svg`;
  await fs.mkdir(path.resolve("public/static"), { recursive: true });
  await fs.writeFile(path.resolve("public/static", fileName), sprite);
  iconSpriteUrl = `/static/${fileName}`;
};

/** Webpack's stage at which Terser minifies, dropping every comment it does not keep for a license. */
const minificationStage = 400;

/**
 * V8's explicit compile hint (docs/performance.md, "Compiled while it
 * downloads"): every script of the site runs as soon as it arrives, so the
 * browser may compile each whole on the thread that streams it in, instead of
 * function by function on the main thread as they are first called. Added
 * after minification, which would drop it, and before the content hashes are
 * taken.
 */
const compileHint = (plugins: Parameters<NonNullable<GatsbyNode["onCreateWebpackConfig"]>>[0]["plugins"]) =>
  plugins.banner({ banner: compileHintComment, raw: true, test: /\.js$/, stage: minificationStage + 1 });

/**
 * Every script file costs a request and, with the site's security headers,
 * about 1.4 KB of headers (docs/performance.md). Gatsby's default splitting
 * makes 15 files for home, most of them 1 to 3 KB. Without its shared groups a
 * page loads four: runtime, framework (React, cached across deploys), app
 * (the shell every page shows) and the page's own chunk, which may repeat a
 * small module another page's chunk has too.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, getConfig, actions, plugins }) => {
  const spriteUrl = plugins.define({ __ICON_SPRITE_URL__: JSON.stringify(iconSpriteUrl) });
  // Only the page renderer gets the icon symbols, which gatsby-ssr puts in each page as it draws them; no browser script carries them.
  if (stage === "build-html" || stage === "develop-html") {
    actions.setWebpackConfig({ plugins: [spriteUrl, plugins.define({ __ICON_SYMBOLS__: `(${JSON.stringify(symbolsByIcon)})` })] });
  }
  if (stage === "develop") actions.setWebpackConfig({ plugins: [spriteUrl] });
  if (stage !== "build-javascript") return;
  const config = getConfig();
  // No source maps: the scripts' sources are not published (README, "What the site publishes").
  config.devtool = false;
  const { framework, styles } = config.optimization.splitChunks.cacheGroups;
  config.optimization.splitChunks = { ...config.optimization.splitChunks, cacheGroups: { default: false, defaultVendors: false, framework, styles } };
  config.plugins.push(compileHint(plugins), spriteUrl);
  actions.replaceWebpackConfig(config);
};
