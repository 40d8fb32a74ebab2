import path from "node:path";
import type { GatsbyConfig } from "gatsby";
import { contentDir } from "./plugins/gatsby-plugin-content/content-dir";
import { contentTypeFor } from "./plugins/gatsby-plugin-content/content-schema";
import { siteAdapter } from "./plugins/gatsby-plugin-netlify-adapter/adapter";

/** The site's canonical origin, without a trailing slash: SITE_URL, else Netlify's URL on its builds, else the production address. Plugins read it as siteMetadata.siteUrl. */
const siteUrl = (process.env.SITE_URL || process.env.URL || "https://www.grachtenstad-dakwerken.nl").replace(/\/+$/, "");

const config: GatsbyConfig = {
  siteMetadata: { siteUrl },
  trailingSlash: "never",
  jsxRuntime: "automatic",
  jsxImportSource: "@emotion/react",
  graphqlTypegen: { generateOnBuild: true, typesOutputPath: "src/gatsby-types.d.ts" },
  adapter: siteAdapter,
  plugins: [
    "gatsby-plugin-emotion",
    // Every image query gets these unless it says otherwise: the blurred preview and AVIF and WebP beside the original format.
    { resolve: "gatsby-plugin-sharp", options: { defaults: { placeholder: "blurred", formats: ["auto", "webp", "avif"] } } },
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "content", path: contentDir },
    },
    {
      resolve: "gatsby-transformer-json",
      options: {
        typeName: ({ node }: { node: { absolutePath: string } }) =>
          contentTypeFor(path.relative(contentDir, node.absolutePath).split(path.sep).join("/")),
      },
    },
    "gatsby-transformer-remark",
    // Local plugins (plugins/): the content's checks and schema, the files written beside the pages, the first-paint machinery, what the Netlify adapter needs, the CMS.
    "gatsby-plugin-content",
    "gatsby-plugin-build-outputs",
    "gatsby-plugin-first-paint",
    "gatsby-plugin-netlify-adapter",
    // The CMS at /admin, last: the pages are final before it writes beside them.
    "gatsby-plugin-cms",
    {
      resolve: "gatsby-plugin-sitemap",
      options: {
        excludes: ["/404", "/404.html", "/dev-404-page"],
        output: "/",
        createLinkInHead: false,
      },
    },
  ],
};

export default config;
