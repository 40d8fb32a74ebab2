import path from "node:path";
import adapter from "gatsby-adapter-netlify";
import { analyticsId } from "../../src/lib/analytics";
import { cmsPath } from "../../src/lib/paths";
import { cmsLocalBackend } from "../gatsby-plugin-cms/cms-config";
import { pagesInlineScripts, siteInlineScripts } from "../gatsby-plugin-first-paint/inline-scripts";
import { cmsSecurityHeaders, scriptHashSource, securityHeaders, withCmsHeaders, withSecurityHeaders } from "./security-headers";

const netlifyAdapter = adapter({ excludeDatastoreFromEngineFunction: false });

/**
 * Netlify's adapter without its build cache, handed the security headers for
 * every path, and the CMS's own for /admin (README.md, where the upgrade
 * checklist is).
 *
 * Gatsby compiles gatsby-node and the local plugins into `.cache/compiled`
 * first and restores an adapter's cache after, so Netlify's cache of the last
 * deploy put that deploy's compiled plugins back over this one's: a changed
 * plugin ran as it was, a new one not at all, without a word
 * (tests/build/content-errors.test.ts, and __tests__/adapter.test.ts fails
 * once the adapter has no cache to drop). Every deploy builds from its own
 * commit instead, and `npm start` (`netlify serve`) from the project's `.cache`.
 *
 * The CSP allows the site's own inline scripts and no other:
 * Gatsby's runtime scripts, which exist only now, after the build (and those
 * of an earlier build in the pages an incremental build left as they were),
 * and the project's. A built page that holds any other executable inline
 * script (one that came from content, say) stops the build, naming the page.
 */
export const siteAdapter: typeof netlifyAdapter = {
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
