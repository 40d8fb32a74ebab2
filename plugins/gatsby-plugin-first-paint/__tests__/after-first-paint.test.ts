import { afterFirstPaintScript, deferScriptFiles, withoutNulBytes } from "../after-first-paint";

// As Gatsby's scripts slice ends a built page.
const builtPage = (scripts: string) =>
  `<!DOCTYPE html><html><body><div id="___gatsby"><p>Hero</p></div><script id="gatsby-script-loader" data-page-path="/">window.pagePath=document.currentScript.dataset.pagePath;</script>` +
  `<script>window.___webpackCompilationHash="abc";</script>${scripts}</body></html>`;
const gatsbyTags = '<script src="/webpack-runtime-1.js" async></script><script src="/framework-2.js" async></script><script src="/app-3.js" async></script>';

describe("the script files after the first paint", () => {
  test("one loader takes the place of Gatsby's tags and names their files in order", () => {
    const html = deferScriptFiles(builtPage(gatsbyTags));
    expect(html).not.toMatch(/<script src=/);
    expect(html).toContain(
      `<script>window.___webpackCompilationHash="abc";</script><script data-sources="/webpack-runtime-1.js /framework-2.js /app-3.js">${afterFirstPaintScript}</script></body>`,
    );
  });

  test("leaves the rest of the page as it was", () => {
    const html = deferScriptFiles(builtPage(gatsbyTags));
    expect(html.replace(/<script data-sources=.*?<\/script>/, "")).toBe(builtPage(""));
  });

  test("leaves a page that already has its loader, as a build that did not render it again leaves it", () => {
    const once = deferScriptFiles(builtPage(gatsbyTags));
    expect(deferScriptFiles(once)).toBe(once);
  });

  test("gives a page an earlier build left unchanged this build's loader, for its files", () => {
    const earlier = builtPage('<script data-sources="/webpack-runtime-1.js /app-0.js">(function(){/* an older loader */})();</script>');
    expect(deferScriptFiles(earlier)).toBe(builtPage(`<script data-sources="/webpack-runtime-1.js /app-0.js">${afterFirstPaintScript}</script>`));
  });

  test("fails on a page without Gatsby's tags or the loader, which would start React before its first paint", () => {
    expect(() => deferScriptFiles(builtPage('<script src="/app-3.js" defer></script>'))).toThrow(/no script file of Gatsby's/);
  });
});

describe("withoutNulBytes", () => {
  it("removes the NUL bytes a streamed render left inside the text, and nothing else", () => {
    expect(withoutNulBytes("<p>wijzigen kan via ‘Cookie-instellingen\0\0’ onderaan</p>")).toBe("<p>wijzigen kan via ‘Cookie-instellingen’ onderaan</p>");
    expect(withoutNulBytes("<p>Haarlemmerhout\u00adkwartier</p>")).toBe("<p>Haarlemmerhout\u00adkwartier</p>");
  });
});
