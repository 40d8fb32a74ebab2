import path from "node:path";
import type { GatsbyConfig } from "gatsby";
import adapter from "gatsby-adapter-netlify";
import { contentDir } from "./src/lib/content-dir";
import { contentTypeFor } from "./src/lib/content-schema";
import { siteUrl } from "./src/lib/site-url";


const config: GatsbyConfig = {
  siteMetadata: { siteUrl: siteUrl(process.env) },
  trailingSlash: "never",
  jsxRuntime: "automatic",
  jsxImportSource: "@emotion/react",
  graphqlTypegen: { generateOnBuild: true, typesOutputPath: "src/gatsby-types.d.ts" },
  adapter: adapter({ excludeDatastoreFromEngineFunction: false }),
  plugins: [
    "gatsby-plugin-emotion",
    "gatsby-plugin-image",
    "gatsby-plugin-sharp",
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
