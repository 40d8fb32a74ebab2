/** @jest-environment node */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterFirstPaintScript } from "../after-first-paint";
import { registerCoveredBottomScript } from "../covered-bottom";
import { gatsbyScriptsSlice, inlineScripts, isGatsbyRuntimeScript, pagesInlineScripts, siteInlineScripts } from "../inline-scripts";
import { pagePathScript } from "../page-path-script";

describe("the inline scripts a page may run", () => {
  test("are the scripts the browser runs, exactly as written, without external scripts and data blocks", () => {
    const html = [
      "<script>window.a=1;</script>",
      '<script type="module">import("/x.js")</script>',
      '<script src="/app.js" async></script>',
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
      '<script id="x"\n   >\n  window.b=2;\n</script>',
    ].join("");
    expect(inlineScripts(html)).toEqual(["window.a=1;", 'import("/x.js")', "\n  window.b=2;\n"]);
  });

  test("the site's own are Gatsby's runtime scripts from its scripts slice and the plugin's, each once, nothing found in a page", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "public-"));
    expect(() => siteInlineScripts(dir)).toThrow(/Gatsby's runtime scripts are not in .*_gatsby\/slices\/_gatsby-scripts-1\.html.*an upgrade moved them/);
    fs.mkdirSync(path.join(dir, "_gatsby", "slices"), { recursive: true });
    fs.writeFileSync(path.join(dir, gatsbyScriptsSlice), '<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script><script>window.___webpackCompilationHash="abc";</script><script src="/app.js" async></script><script>window.___webpackCompilationHash="abc";</script>');
    expect(siteInlineScripts(dir)).toEqual(['window.___chunkMapping="{}";', 'window.___webpackCompilationHash="abc";', registerCoveredBottomScript, pagePathScript, afterFirstPaintScript]);
    fs.rmSync(dir, { recursive: true });
  });

  test("a page's inline script that is not the site's own is named with its page; an earlier build's Gatsby runtime scripts are recognised as such", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pages-"));
    const page = (name: string, html: string) => (fs.writeFileSync(path.join(dir, name), html), path.join(dir, name));
    const earlier = ['window.___webpackCompilationHash="c14b13d9599b2aaf17a7";', `window.___chunkMapping=${JSON.stringify(JSON.stringify({ app: ["/app-90cb35a980e6ed954c87.js"] }))};`];
    const pages = [
      page("index.html", `<script>own()</script><script type="application/ld+json">{}</script><script src="/x.js"></script><script>${earlier[0]}</script>`),
      page("blog.html", `<script>own()</script><p>tekst</p><script>window.__pwned=1</script><script>${earlier[1]}</script>`),
    ];
    expect(pagesInlineScripts(pages, ["own()"])).toEqual({ earlierRuntime: earlier, foreign: [{ file: pages[1], script: "window.__pwned=1" }] });
    fs.rmSync(dir, { recursive: true });
  });

  test("takes only inert data in Gatsby's exact forms for its runtime scripts", () => {
    expect(isGatsbyRuntimeScript('window.___webpackCompilationHash="abc123";')).toBe(true);
    expect(isGatsbyRuntimeScript('window.___webpackCompilationHash="abc";alert(1);')).toBe(false);
    expect(isGatsbyRuntimeScript(`window.___chunkMapping=${JSON.stringify(JSON.stringify({ app: ["/app-1.js"] }))};`)).toBe(true);
    expect(isGatsbyRuntimeScript(`window.___chunkMapping=${JSON.stringify(JSON.stringify({ app: ["javascript:alert(1)"] }))};`)).toBe(false);
    expect(isGatsbyRuntimeScript('window.___chunkMapping="{}";alert(1);')).toBe(false);
    // As a page an incremental build left unrendered carries it.
    expect(isGatsbyRuntimeScript(`window.___chunkMapping=${JSON.stringify(JSON.stringify({ app: ["/app-1.js"] }))};\n          `)).toBe(true);
  });
});
