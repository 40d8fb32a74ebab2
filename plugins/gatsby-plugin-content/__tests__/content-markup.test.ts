import fs from "node:fs";
import path from "node:path";
import { contentDir } from "../content-dir";
import { defaultTreeAdapter, html as htmlSpec, parse, parseFragment, type DefaultTreeAdapterTypes } from "parse5";
import { bodyAsServed, markdownAllowList, markdownHtml, markdownMarkupProblems, textMarkupProblems } from "../content-markup";

type Element = DefaultTreeAdapterTypes.Element;
const isElement = (node: DefaultTreeAdapterTypes.Node): node is Element => "tagName" in node;
const elementsIn = (node: DefaultTreeAdapterTypes.ParentNode): Element[] =>
  node.childNodes.filter(isElement).flatMap((element) => [element, ...elementsIn(element)]);

/** Each element (`<meta>`) and attribute (`style on <a>`) among these elements. */
const built = (elements: readonly Element[]) =>
  elements.flatMap((element) => [`<${element.tagName}>`, ...element.attrs.map((attribute) => `${attribute.name} on <${element.tagName}>`)]);

/**
 * What a browser builds of a body's HTML on its page (src/components/ui/Article.tsx puts it in a div): what it
 * makes, and whether the page goes on after it untouched. parse5 parses as the HTML standard says browsers do.
 */
function onPage(bodyHtml: string) {
  const document = parse(`<!DOCTYPE html><html lang="nl"><head><title>T</title></head><body><article><div id="body">${bodyHtml}</div><p id="after">Daarna</p></article></body></html>`);
  const all = elementsIn(document);
  const article = all.find((element) => element.tagName === "article");
  const [body, after] = article?.childNodes ?? [];
  const goesOn =
    article?.childNodes.length === 2 &&
    after !== undefined && isElement(after) && after.attrs.map(({ name, value }) => `${name}=${value}`).join() === "id=after" &&
    after.childNodes.length === 1 && "value" in after.childNodes[0] && after.childNodes[0].value === "Daarna";
  return { made: body && isElement(body) ? built(elementsIn(body)) : [], goesOn };
}

/** What the allow-list does not hold, of what was built. */
const notAllowed = (made: readonly string[]) =>
  made.filter((item) => {
    const [, attribute, tag] = /^(?:(\S+) on )?<(.+)>$/.exec(item) ?? [];
    const tags = markdownAllowList.allowedTags;
    const attributes = markdownAllowList.allowedAttributes;
    if (!Array.isArray(tags) || !tags.includes(tag)) return attribute === undefined;
    return attribute !== undefined && !(attributes && attributes[tag]?.includes(attribute));
  });

/** Whether the check's findings name this: the element as `<meta>`, an attribute as `style="…" on <a>`. */
const names = (problems: readonly string[], item: string) => {
  const [, attribute, tag] = /^(?:(\S+) on )?<(.+)>$/.exec(item) ?? [];
  return attribute === undefined ? problems.includes(item) : problems.some((problem) => problem.startsWith(`${attribute}=`) && problem.endsWith(` on <${tag}>`));
};

/**
 * Bodies where parsers part ways (issue 46, goal 5): CDATA, processing instructions and comments a lenient
 * parser reads to their "proper" end while a browser ends them at the first ">", and malformed markup.
 */
const tricky = [
  '<![CDATA[ ><meta http-equiv="refresh" content="0;url=https://example.com"> ]]>',
  "<![CDATA[ ><style>body{display:none}</style> ]]>",
  '<?xml version="1.0"?><style>p{}</style>',
  '<?x ><meta http-equiv="refresh" content="0"> ?>',
  '<!--><meta http-equiv="refresh" content="0"><!-- -->',
  '<!---><meta http-equiv="refresh" content="0"><!-- -->',
  '<!-- a --!><meta http-equiv="refresh" content="0"><!-- -->',
  "<!-- a -- b -->",
  "Tekst\n\n<!-- nooit gesloten",
  "<a<b>x</a>",
  '</p foo="<script>">',
  '<img src=https://example.com/a.png alt=a style=position:fixed>',
  '<img src="https://example.com/a.png" alt="a"style="position:fixed">',
  'Tekst\n\n<ol start="1',
  '<a href="https://example.com">',
  "<em>schuin",
  "<table><tr><td>cel</td></tr><style>p{}</style></table>",
  "a < b & c > d",
];

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

  it.each(tricky)("names whatever a browser builds of %j that the allow-list does not hold", (markdown) => {
    const html = markdownHtml(markdown);
    const { made, goesOn } = onPage(html);
    const served = bodyAsServed(html);
    // Of a body that runs on into the page, the browser builds what follows it too: refused, or served closed.
    if (!goesOn) expect({ refused: served.problems.length > 0, closed: onPage(served.html).goesOn }).not.toEqual({ refused: false, closed: false });
    else for (const item of notAllowed(made)) expect([item, names(served.problems, item)]).toEqual([item, true]);
  });

  it.each(tricky)("serves %j as the check read it, or refuses it", (markdown) => {
    const html = markdownHtml(markdown);
    const served = bodyAsServed(html);
    if (served.problems.length > 0) return;
    // The check reads the body in the element its page puts it in; the page carries what it read.
    const read = parseFragment(defaultTreeAdapter.createElement("div", htmlSpec.NS.HTML, []), html, {});
    expect(onPage(served.html)).toEqual({ made: built(elementsIn(read)), goesOn: true });
  });

  it("finds in the tricky bodies what they hide", () => {
    expect(tricky.filter((markdown) => notAllowed(onPage(markdownHtml(markdown)).made).length > 0).length).toBeGreaterThanOrEqual(8);
    expect(markdownMarkupProblems(tricky[0])).toEqual(expect.arrayContaining(["<meta>"]));
    expect(textMarkupProblems("<![CDATA[ ><b>vet</b> ]]>")).toEqual(expect.arrayContaining(["<b>"]));
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
