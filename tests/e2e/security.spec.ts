/**
 * The security headers as `npm start` (Netlify's own runtime) serves them:
 * on every page, on unknown paths, on every kind of file and on the form's
 * function; and a browser that enforces them logs nothing.
 */
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { startStaticServer } from "../../scripts/lib/serve/static-server";
import { cmsPath } from "../../src/lib/paths";
import { builtPages } from "../../scripts/lib/measure/page-weight";
import { pagesInlineScripts, siteInlineScripts } from "../../plugins/gatsby-plugin-first-paint/inline-scripts";
import { cmsSecurityHeaders, inlineScriptHashes, scriptHashSource } from "../../plugins/gatsby-plugin-netlify-adapter/security-headers";
import { expect, test } from "./fixtures";
import { recordGoogle, waitForApp, watchErrors } from "./helpers";
import { notFoundPath, pages } from "./routes";

const oneYear = "max-age=31536000";

/** The policy as directive → sources. */
function policyOf(response: APIResponse) {
  const header = response.headers()["content-security-policy"];
  expect(header, `${response.url()} has a Content-Security-Policy`).toBeTruthy();
  return Object.fromEntries(header.split(";").map((directive) => {
    const [name, ...sources] = directive.trim().split(/\s+/);
    return [name, sources];
  }));
}

function expectSecurityHeaders(response: APIResponse) {
  const headers = response.headers();
  const where = response.url();
  const policy = policyOf(response);
  expect(policy["default-src"], where).toEqual(["'self'"]);
  // The site's files and exactly its own inline scripts, by hash: no host, no 'unsafe-inline', no 'unsafe-eval' (this build has no analytics id).
  expect(policy["script-src"], where).toEqual(["'self'", ...ownScriptHashes()]);
  expect(policy["connect-src"], where).toEqual(["'self'"]);
  expect(policy["frame-src"], where).toEqual(["https://www.google.com"]);
  expect(policy["object-src"], where).toEqual(["'none'"]);
  expect(policy["base-uri"], where).toEqual(["'none'"]);
  expect(policy["form-action"], where).toEqual(["'self'"]);
  expect(policy["frame-ancestors"], where).toEqual(["'none'"]);
  expect(headers["strict-transport-security"], where).toBe(`${oneYear}; includeSubDomains`);
  expect(headers["x-content-type-options"], where).toBe("nosniff");
  expect(headers["referrer-policy"], where).toBe("strict-origin-when-cross-origin");
  for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
    expect(headers["permissions-policy"], where).toContain(`${feature}=()`);
  }
  expectCrossOriginIsolation(headers, where);
}

/**
 * No other site embeds our files. No Cross-Origin-Opener-Policy outside /admin:
 * it guards nothing there and costs a phone a new process (plugins/gatsby-plugin-first-paint/README.md).
 */
function expectCrossOriginIsolation(headers: Record<string, string>, where: string) {
  expect(headers["cross-origin-resource-policy"], where).toBe("same-origin");
  expect(headers["cross-origin-opener-policy"], where).toBeUndefined();
}

/**
 * The inline scripts the build itself writes (Gatsby's runtime and the
 * project's, and Gatsby's runtime scripts of an earlier build in pages an
 * incremental build left as they were), by hash, in the policy's order.
 */
let allowedHashes: string[] | undefined;
function ownScriptHashes() {
  if (!allowedHashes) {
    const own = siteInlineScripts(resolve("public"));
    const { earlierRuntime, foreign } = pagesInlineScripts(builtPages(resolve("public")).map((page) => page.file), own);
    expect(foreign, "inline scripts that are not the site's own").toEqual([]);
    allowedHashes = [...new Set([...own, ...earlierRuntime].map(scriptHashSource))].sort();
  }
  return allowedHashes;
}

/** The home page's scripts and a picture (the site uses system fonts), page data and the site's other data files. */
async function filesOfEveryKind(request: APIRequestContext) {
  const html = await (await request.get("/")).text();
  // Gatsby's script files, which the page's loader fetches after the first paint (plugins/gatsby-plugin-first-paint/README.md).
  const scripts = /<script data-sources="([^"]+)"/.exec(html)?.[1].split(" ") ?? [];
  const image = /(\/static\/[^"\s,]+\.(?:avif|webp|jpg|png))/.exec(html)?.[1];
  expect(scripts.length).toBeGreaterThan(1);
  expect(image).toBeDefined();
  return [
    ...scripts,
    image as string,
    "/page-data/index/page-data.json",
    "/page-data/over-ons/page-data.json",
    "/page-data/app-data.json",
    "/chatbot-answers.json",
    "/sitemap-index.xml",
    "/robots.txt",
    "/favicon.svg",
  ];
}

test.describe("headers", () => {
  test.skip(({ isMobile }) => isMobile, "the server's answers are the same at every width");

  test("every page and an unknown path carry the security headers, revalidate, and allow exactly their inline scripts", async ({ request }) => {
    for (const path of [...pages.map((page) => page.path), notFoundPath]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(path === notFoundPath ? 404 : 200);
      expectSecurityHeaders(response);
      expect(response.headers()["cache-control"], path).toMatch(/\bmax-age=0\b/);
      const allowed = policyOf(response)["script-src"];
      // Hashed as the build hashed them; each page's visit in site.spec.ts would log a CSP violation for a script both overlooked.
      const hashes = inlineScriptHashes(await response.text());
      expect(hashes.length, `${path} has Gatsby's inline scripts`).toBeGreaterThan(0);
      for (const hash of hashes) expect(allowed, path).toContain(hash);
    }
  });

  test("every kind of file carries the security headers", async ({ request }) => {
    for (const path of await filesOfEveryKind(request)) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expectSecurityHeaders(response);
    }
  });

  /**
   * Netlify's local runtime answers every file with its file server's own
   * "public, max-age=0", over the rules; its CDN applies them. So the caching
   * rules are read as the CDN serves them: by the gzip server of public/ that
   * applies public/_headers the way Netlify does (scripts/lib/serve/static-server.ts).
   */
  test("fingerprinted files are cached for a year and never revalidated; pages and data files revalidate", async ({ request }) => {
    const server = await startStaticServer(resolve("public"), 0);
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const cacheControl = async (file: string) => {
        const response = await fetch(origin + file);
        expect(response.status, file).toBe(200);
        return response.headers.get("cache-control");
      };
      const files = await filesOfEveryKind(request);
      const fingerprinted = files.filter((file) => /^\/static\/|-[0-9a-f]{20}\.js$/.test(file));
      expect(fingerprinted.length).toBeGreaterThan(3);
      for (const file of fingerprinted) expect(await cacheControl(file), file).toBe(`public, ${oneYear}, immutable`);
      const revalidated = [...pages.map((page) => page.path), ...files.filter((file) => !fingerprinted.includes(file))];
      for (const file of revalidated) expect(await cacheControl(file), file).toBe("public, max-age=0, must-revalidate");
    } finally {
      server.close();
    }
  });

  test("the form's function answers with its own strict headers, since Netlify's header rules do not reach functions", async ({ request }) => {
    for (const response of [
      await request.get("/api/send-contact-email"),
      await request.post("/api/send-contact-email", { data: { name: "" } }),
    ]) {
      expect(response.status()).toBeGreaterThanOrEqual(400);
      expect(response.status()).toBeLessThan(500);
      const headers = response.headers();
      expect(headers["content-security-policy"]).toMatch(/^default-src 'none'/);
      expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(headers["strict-transport-security"]).toBe(`${oneYear}; includeSubDomains`);
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["cache-control"]).toBe("no-store");
      expectCrossOriginIsolation(headers, response.url());
    }
  });
});

test.describe("in the browser", () => {
  test("the policy is enforced: a script injected into the page does not run, and the violation is reported", async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto("/");
    await waitForApp(page);
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true;";
      document.body.append(script);
    });
    await expect.poll(() => errors.join("\n")).toContain("CSP violation: script-src");
    expect(await page.evaluate(() => "injected" in window)).toBe(false);
  });

  test("Gatsby still knows each page's own path from the one shared inline script", async ({ page }) => {
    for (const [path, expected] of [["/over-ons", "/over-ons"], [notFoundPath, "/404"]]) {
      await page.goto(path);
      await waitForApp(page);
      expect(await page.evaluate(() => (window as unknown as { pagePath?: string }).pagePath)).toBe(expected);
    }
  });

  test("loading the map, chatting and sending the form log no CSP violation and no console error", async ({ page }) => {
    const errors = watchErrors(page);
    await recordGoogle(page);
    await page.goto("/contact");
    await waitForApp(page);
    await page.getByRole("button", { name: "Kaart laden" }).click();
    await expect(page.locator("iframe[src*='google.com/maps']")).toBeVisible();

    await page.getByRole("button", { name: /^Chat met / }).click();
    const chat = page.getByRole("dialog", { name: / online, ik help je graag$/ });
    await chat.getByRole("textbox").fill("Wat kost een inspectie?");
    await chat.getByRole("textbox").press("Enter");
    // The bot's reply, whatever content/chatbot.json answers: the user's message and the greeting are the log's other lines.
    await expect(chat.getByRole("log").locator(".bot")).toHaveCount(2);
    // And from the answers file: the policy let the page fetch it (src/components/chatbot/ChatPanel.tsx says sorry when it cannot).
    await expect(chat.getByRole("log").locator(".bot").last()).not.toContainText("Sorry, ik kan nu even geen antwoord geven");
    await chat.getByRole("button", { name: "Chat sluiten" }).click();

    const form = page.locator("#offerte-formulier");
    await form.getByLabel("Naam *", { exact: true }).fill("CSP Test");
    await form.getByLabel("E-mail *", { exact: true }).fill("csp@example.nl");
    await form.getByLabel("Telefoon *", { exact: true }).fill("06 12345678");
    await form.getByRole("button", { name: "Gratis Offerte Aanvragen" }).click();
    await expect(page.getByText("Aanvraag verstuurd!")).toBeVisible();
    expect(errors).toEqual([]);
  });
});

/** The CMS (plugins/gatsby-plugin-cms): its own headers at /admin. That no page loads anything from it is a step of each page's visit in site.spec.ts. */
test.describe("the CMS at /admin", () => {
  test.skip(({ isMobile }) => isMobile, "the server's answers are the same at every width");

  test("has its own policy and is noindex, while the site's other headers stay", async ({ request }) => {
    // `npm start` is no build for `npm run cms`: /admin's policy does not name decap-server.
    const own = Object.fromEntries(cmsSecurityHeaders({ localBackend: false }).map(({ key, value }) => [key, value]));
    expect(own["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
    expect(own["content-security-policy"]).not.toContain("localhost");
    for (const path of [`${cmsPath}/`, `${cmsPath}/config.yml`, `${cmsPath}/decap-cms.js`, `${cmsPath}/cms.js`]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      for (const [key, value] of Object.entries(own)) expect(headers[key], `${path} ${key}`).toBe(value);
      expect(headers["cross-origin-resource-policy"], path).toBe("same-origin");
      expect(headers["strict-transport-security"], path).toBe(`${oneYear}; includeSubDomains`);
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["x-frame-options"], path).toBe("DENY");
    }
    const html = await (await request.get(`${cmsPath}/`)).text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });
});
