/**
 * @jest-environment node
 *
 * What the plugin works around in gatsby-adapter-netlify (README.md, "Upgrade
 * checklist"): these fail when an upgrade changes it, so the workaround is
 * looked at again instead of silently doing nothing or too much.
 */
import path from "node:path";
import adapter from "gatsby-adapter-netlify";
import { siteAdapter } from "../adapter";

describe("gatsby-adapter-netlify, as this plugin relies on it", () => {
  test("has a build cache, which the site's adapter drops", () => {
    const cache = adapter({ excludeDatastoreFromEngineFunction: false }).cache;
    expect(typeof cache?.restore).toBe("function");
    expect(typeof cache?.store).toBe("function");
    expect(siteAdapter.cache).toBeUndefined();
    expect(siteAdapter.name).toBe("gatsby-adapter-netlify");
  });

  test("writes a page of a path without a trailing slash as {path}.html, which gatsby-node.ts puts back before a build", () => {
    // Not exported by the package: read from its file, as the adapter's own code calls it for every static route.
    const prettyUrls = path.join(path.dirname(require.resolve("gatsby-adapter-netlify/package.json")), "dist", "pretty-urls.js");
    const { generatePrettyUrlFilePath } = jest.requireActual<{ generatePrettyUrlFilePath: (routePath: string) => string }>(prettyUrls);
    expect(generatePrettyUrlFilePath("/over-ons")).toBe("/over-ons.html");
    expect(generatePrettyUrlFilePath("/")).toBe("/index.html");
  });
});
