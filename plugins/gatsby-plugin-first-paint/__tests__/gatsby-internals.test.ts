/** @jest-environment node */
/**
 * How Gatsby 5's browser runtime and page renderer do what the plugin relies
 * on, read from Gatsby's own source: an upgrade that changes one fails here,
 * by name, rather than in a slower page (README, "Upgrade checklist").
 */
import fs from "node:fs";
import path from "node:path";

const cacheDir = path.dirname(require.resolve("gatsby/cache-dir/production-app.js"));
const source = (file: string) => fs.readFileSync(path.join(cacheDir, file), "utf8");

describe("Gatsby's browser runtime", () => {
  const app = source("production-app.js");

  test("renders only once every onClientEntry has resolved (second-task.ts)", () => {
    expect(app).toMatch(/apiRunnerAsync\(`onClientEntry`\)\.then\(\(\) => \{/);
  });

  test("calls the replaceHydrateFunction's function as (app, root element) and ignores its result (hydration.ts)", () => {
    expect(app).toContain("apiRunner(`replaceHydrateFunction`, undefined, defaultRenderer)[0]");
    expect(app).toMatch(/\n\s+renderer\(<App \/>, rootElement\)\n/);
    expect(app).toContain("document.getElementById(`___gatsby`)");
  });

  test("hydrates where #gatsby-focus-wrapper holds the server's HTML (hydration.ts)", () => {
    expect(app).toContain("const focusEl = document.getElementById(`gatsby-focus-wrapper`)");
  });

  test("follows the last plugin's shouldUpdateScroll, the site's after this plugin's (gatsby-browser.tsx)", () => {
    expect(source("navigation.js")).toContain("return results[results.length - 1]");
  });
});

describe("Gatsby's page renderer", () => {
  const entry = source("static-entry.js");

  test("calls wrapRootElement, renders the page, then onRenderBody, with the same pathname (gatsby-ssr.tsx)", () => {
    const order = ["`wrapRootElement`,", "renderToPipeableStream(bodyComponent", "apiRunner(`onRenderBody`"].map((text) => entry.indexOf(text));
    expect(order.every((index) => index > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  test("writes the page path in a script of its own (page-path-script.ts)", () => {
    expect(entry).toContain("const windowPageData = `/*<![CDATA[*/window.pagePath=${JSON.stringify(");
    expect(entry).toContain("id={`gatsby-script-loader`}");
  });
});
