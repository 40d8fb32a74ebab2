import path from "node:path";
import type { GatsbyConfig } from "gatsby";
import adapter from "gatsby-adapter-netlify";
import { analyticsId } from "./src/lib/analytics";
import { contentDir } from "./plugins/gatsby-plugin-content/content-dir";
import { contentTypeFor } from "./plugins/gatsby-plugin-content/content-schema";
import { cmsPath, thankYouPath } from "./src/lib/paths";
import { cmsLocalBackend } from "./src/lib/cms-config";
import { pagesInlineScripts, siteInlineScripts } from "./plugins/gatsby-plugin-first-paint/inline-scripts";
import { cmsSecurityHeaders, scriptHashSource, securityHeaders, withCmsHeaders, withSecurityHeaders } from "./src/lib/security-headers";
import { siteUrl } from "./src/lib/site-url";

const netlifyAdapter = adapter({ excludeDatastoreFromEngineFunction: false });

/**
 * Netlify's adapter without its build cache, handed the security headers for
 * every path, and the CMS's own for /admin.
 *
 * Gatsby compiles gatsby-node and the local plugins into `.cache/compiled`
 * first and restores an adapter's cache after, so Netlify's cache of the last
 * deploy put that deploy's compiled plugins back over this one's: a changed
 * plugin ran as it was, a new one not at all, without a word
 * (tests/build/content-errors.test.ts). Every deploy builds from its own
 * commit instead, and `npm start` (`netlify serve`) from the project's `.cache`.
 *
 * The CSP allows the site's own inline scripts and no other:
 * Gatsby's runtime scripts, which exist only now, after the build (and those
 * of an earlier build in the pages an incremental build left as they were),
 * and the project's. A built page that holds any other executable inline
 * script (one that came from content, say) stops the build, naming the page.
 */
const secureNetlifyAdapter: typeof netlifyAdapter = {
  ...netlifyAdapter,
  cache: undefined,
  adapt(context) {
    const pageFiles = context.routesManifest.flatMap((route) =>
      route.type === "static" && route.filePath.endsWith(".html") && !route.path.startsWith(cmsPath) ? [path.resolve(route.filePath)] : [],
    );
    const ownScripts = siteInlineScripts("public");
    const { earlierRuntime, foreign } = pagesInlineScripts(pageFiles, ownScripts);
    if (foreign.length > 0) {
      throw new Error(
        `Inline scripts that are not the site's own, which the CSP will not allow:\n${foreign.map(({ file, script }) => `  ${path.relative(process.cwd(), file)}: <script>${script}`).join("\n")}`,
      );
    }
    const headers = securityHeaders({ scriptHashes: [...ownScripts, ...earlierRuntime].map(scriptHashSource), analyticsId });
    const headerRoutes = withCmsHeaders(withSecurityHeaders(context.headerRoutes, headers), cmsPath, cmsSecurityHeaders({ localBackend: cmsLocalBackend(process.env) }));
    return netlifyAdapter.adapt({ ...context, headerRoutes });
  },
};

const config: GatsbyConfig = {
  siteMetadata: { siteUrl: siteUrl(process.env) },
  trailingSlash: "never",
  jsxRuntime: "automatic",
  jsxImportSource: "@emotion/react",
  graphqlTypegen: { generateOnBuild: true, typesOutputPath: "src/gatsby-types.d.ts" },
  adapter: secureNetlifyAdapter,
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
    // Local plugins (plugins/): the content's checks and schema, the files written beside the pages, the first-paint machinery, the CMS.
    "gatsby-plugin-content",
    "gatsby-plugin-build-outputs",
    "gatsby-plugin-first-paint",
    // The CMS at /admin, last: the pages are final before it writes beside them.
    "gatsby-plugin-cms",
    {
      resolve: "gatsby-plugin-sitemap",
      options: {
        // The thank-you page is for those who just sent the form, not for search engines (it is noindex).
        excludes: ["/404", "/404.html", "/dev-404-page", thankYouPath],
        output: "/",
        createLinkInHead: false,
      },
    },
  ],
};

export default config;
