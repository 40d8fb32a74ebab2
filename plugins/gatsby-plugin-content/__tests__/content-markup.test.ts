import fs from "node:fs";
import path from "node:path";
import { contentDir } from "../content-dir";
import { markdownMarkupProblems, textMarkupProblems } from "../content-markup";

describe("what content may carry", () => {
  it("refuses scripts, frames, objects, embeds and styles in a Markdown body, naming each", () => {
    const body = [
      "## Kop",
      "",
      "<script>window.__pwned=1</script>",
      "",
      '<iframe src="https://evil.example"></iframe>',
      "",
      '<object data="x"></object><embed src="x"><style>p{}</style>',
    ].join("\n");
    expect(markdownMarkupProblems(body)).toEqual(["<script>", "<iframe>", "<object>", "<embed>", "<style>"]);
  });

  it("refuses event handlers and javascript: or data: links, in HTML and in Markdown's own links", () => {
    expect(markdownMarkupProblems('Tekst <img src="x" onerror="window.__pwned2=1">')).toEqual(['onerror="window.__pwned2=1" on <img>']);
    expect(markdownMarkupProblems("[link](javascript:alert(1))")).toEqual(['href="javascript:alert(1)" on <a>']);
    expect(markdownMarkupProblems("[link](data:text/html;base64,PHNjcmlwdD4=)")).toEqual(['href="data:text/html;base64,PHNjcmlwdD4=" on <a>']);
    expect(markdownMarkupProblems('<a href="JaVaScRiPt:alert(1)">x</a>')).toEqual(['href="JaVaScRiPt:alert(1)" on <a>']);
  });

  it("finds nothing to refuse in ordinary Markdown: headings, lists, links, emphasis, tables, images", () => {
    const body = [
      "## Kop",
      "",
      "Een **vet** en *schuin* woord, een [link](https://www.example.nl), [mail](mailto:info@example.nl), [bel](tel:+31201234567) en [pagina](/contact).",
      "",
      "- een",
      "- twee",
      "",
      "1. eerst",
      "2. dan",
      "",
      "| Dak | Prijs |",
      "|:--|--:|",
      "| Plat | € 95 |",
      "",
      "![Een dak](../images/dak.jpg)",
      "",
      "> Citaat",
    ].join("\n");
    expect(markdownMarkupProblems(body)).toEqual([]);
  });

  it("finds no markup in plain text, and names any it finds", () => {
    expect(textMarkupProblems("Lekkage? Bel < 2 uur & wij komen")).toEqual([]);
    expect(textMarkupProblems("Hallo <script>alert(1)</script>")).toEqual(["<script>"]);
    expect(textMarkupProblems('<b onclick="x()">vet</b>')).toEqual(["<b>"]);
    expect(textMarkupProblems("&lt;script&gt;")).toEqual([]);
  });

  it("finds nothing to refuse in today's content", () => {
    const files = fs.readdirSync(contentDir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".md"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const body = fs.readFileSync(path.join(contentDir, file), "utf8").replace(/^---\n[\s\S]*?\n---\n/, "");
      expect([file, markdownMarkupProblems(body)]).toEqual([file, []]);
    }
  });
});
