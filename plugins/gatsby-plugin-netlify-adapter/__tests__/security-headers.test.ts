/** @jest-environment node */
import { createHash } from "node:crypto";
import {
  cmsSecurityHeaders,
  contentSecurityPolicy,
  inlineScriptHashes,
  scriptHashSource,
  securityHeaders,
  withCmsHeaders,
  withSecurityHeaders,
  type Header,
} from "../security-headers";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const directives = (policy: string) =>
  Object.fromEntries(policy.split("; ").map((directive) => [directive.split(" ")[0], directive.split(" ").slice(1)]));

describe("contentSecurityPolicy", () => {
  test("allows scripts from the site and the given hashes only, and nothing of Google's without analytics but the map frame", () => {
    const policy = directives(contentSecurityPolicy({ scriptHashes: [sha("b"), sha("a"), sha("b")], analyticsId: "" }));
    expect(policy["default-src"]).toEqual(["'self'"]);
    expect(policy["script-src"]).toEqual(["'self'", ...[sha("a"), sha("b")].sort()]);
    expect(policy["connect-src"]).toEqual(["'self'"]);
    expect(policy["img-src"]).toEqual(["'self'", "data:", "blob:"]);
    expect(policy["frame-src"]).toEqual(["https://www.google.com"]);
    expect(policy).toMatchObject({
      "object-src": ["'none'"],
      "base-uri": ["'none'"],
      "form-action": ["'self'"],
      "frame-ancestors": ["'none'"],
    });
    expect(JSON.stringify(policy)).not.toMatch(/unsafe-eval|googletagmanager|analytics/);
    expect(policy["script-src"]).not.toContain("'unsafe-inline'");
  });

  test("adds the tag manager as a script source and Google Analytics' hosts for hits only when the build has an id", () => {
    const policy = directives(contentSecurityPolicy({ scriptHashes: [], analyticsId: "G-TEST123" }));
    expect(policy["script-src"]).toEqual(["'self'", "https://www.googletagmanager.com"]);
    expect(policy["connect-src"]).toEqual(
      expect.arrayContaining(["'self'", "https://*.google-analytics.com", "https://*.analytics.google.com"]),
    );
    expect(policy["img-src"]).toEqual(expect.arrayContaining(["https://*.google-analytics.com"]));
  });
});

describe("inlineScriptHashes", () => {
  test("hashes each inline script the browser runs, exactly as written (plugins/gatsby-plugin-first-paint/inline-scripts.ts finds them)", () => {
    const html = '<script>window.a=1;</script><script type="application/ld+json">{}</script><script id="x">\n  window.b=2;\n</script>';
    expect(inlineScriptHashes(html)).toEqual([sha("window.a=1;"), sha("\n  window.b=2;\n")]);
    expect(scriptHashSource("own()")).toBe(sha("own()"));
  });
});

describe("withSecurityHeaders", () => {
  const gatsbyDefaults: Header[] = [
    { key: "cache-control", value: "public, max-age=0, must-revalidate" },
    { key: "x-xss-protection", value: "1; mode=block" },
    { key: "x-content-type-options", value: "nosniff" },
    { key: "referrer-policy", value: "same-origin" },
    { key: "x-frame-options", value: "DENY" },
  ];
  const routes = [
    { path: "/*", headers: gatsbyDefaults },
    { path: "/static/*", headers: [{ key: "cache-control", value: "public, max-age=31536000, immutable" }] },
  ];

  test("puts each security header once on the catch-all route, keeps its revalidation and leaves the immutable files' rules alone", () => {
    const [all, assets] = withSecurityHeaders(routes, securityHeaders({ scriptHashes: [], analyticsId: "" }));
    const keys = all.headers.map((header) => header.key);
    expect(new Set(keys).size).toBe(keys.length);
    const value = (key: string) => all.headers.find((header) => header.key === key)?.value;
    expect(value("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(value("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(value("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(value("x-content-type-options")).toBe("nosniff");
    expect(value("permissions-policy")).toMatch(/^(?:[a-z-]+=\(\)(?:, |$))+$/);
    expect(value("permissions-policy")).toContain("camera=()");
    expect(value("content-security-policy")).toMatch(/^default-src 'self'/);
    // COOP guards nothing on the public pages and costs a phone a new process (plugins/gatsby-plugin-first-paint/README.md): only /admin has it.
    expect(value("cross-origin-opener-policy")).toBeUndefined();
    expect(value("cross-origin-resource-policy")).toBe("same-origin");
    expect(value("x-xss-protection")).toBeUndefined();
    expect(assets).toBe(routes[1]);
  });

  test("fails the build when Gatsby's routes have no catch-all to carry them", () => {
    expect(() => withSecurityHeaders([routes[1]], [])).toThrow(/"\/\*"/);
  });
});

describe("the CMS's headers", () => {
  const routes = [
    { path: "/*", headers: securityHeaders({ scriptHashes: [], analyticsId: "" }) },
    { path: "/static/*", headers: [{ key: "cache-control", value: "public, max-age=31536000, immutable" }] },
  ];

  test("come after the catch-all route, for /admin and below, which a later rule's header replaces there", () => {
    const headers = cmsSecurityHeaders({ localBackend: false });
    const result = withCmsHeaders(routes, "/admin", headers);
    expect(result.slice(0, 2)).toEqual(routes);
    expect(result.slice(2)).toEqual([
      { path: "/admin", headers },
      { path: "/admin/*", headers },
    ]);
    expect(() => withCmsHeaders([routes[1]], "/admin", headers)).toThrow(/"\/\*"/);
  });

  test("allow what Decap needs and keep the rest as strict: noindex, no frames, no plugins", () => {
    const value = (key: string, localBackend = false) => cmsSecurityHeaders({ localBackend }).find((header) => header.key === key)?.value ?? "";
    const policy = directives(value("content-security-policy"));
    expect(policy["script-src"]).toEqual(["'self'", "'unsafe-eval'"]);
    expect(policy["connect-src"]).toEqual(["'self'", "blob:", "https://api.github.com"]);
    // decap-server only in a build for npm run cms.
    expect(directives(value("content-security-policy", true))["connect-src"]).toEqual(["'self'", "blob:", "https://api.github.com", "http://localhost:8081"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(value("x-robots-tag")).toBe("noindex, nofollow");
    expect(value("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
  });
});
