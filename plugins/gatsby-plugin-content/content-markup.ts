import toHtml from "hast-util-to-html";
import toHast from "mdast-util-to-hast";
import { defaultTreeAdapter, html as htmlSpec, parseFragment, serialize, type DefaultTreeAdapterTypes, type ParserError } from "parse5";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import sanitizeHtml from "sanitize-html";
import unified from "unified";
import { fillFacts, fillFactsInUrl, type FactTable } from "./facts";

/**
 * Content is input too: an editor's slip, a pasted snippet or a compromised
 * account must never put code on the site. What content may carry is an
 * allow-list for sanitize-html: the elements and attributes Markdown makes
 * (headings, lists, links, emphasis, tables, images), and links only to the
 * web, mail and phone. The build (plugins/gatsby-plugin-content) and the
 * CMS's pre-save check (plugins/gatsby-plugin-cms/admin/cms-validation.ts) refuse whatever the
 * sanitiser would remove, naming it, rather than strip it unseen: the editor
 * learns what went wrong, and a page shows only HTML that passed the list.
 *
 * The HTML is read with parse5, as the HTML standard says a browser reads it,
 * not with the sanitiser's lenient parser, which reads `<![CDATA[ … ]]>` whole
 * where a browser ends it at the first `>`. Comments and parse errors are
 * refused too, and a page carries the tree that was checked, written out again
 * by parse5 (bodyAsServed), so a browser builds from it what passed.
 */
export const markdownAllowList: sanitizeHtml.IOptions = {
  allowedTags: ["h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "em", "strong", "del", "a", "ul", "ol", "li", "blockquote", "code", "pre", "img", "table", "thead", "tbody", "tr", "th", "td", "input"],
  allowedAttributes: {
    a: ["href", "title"],
    img: ["src", "alt", "title"],
    ol: ["start"],
    th: ["align"],
    td: ["align"],
    // GitHub-flavoured task lists: a disabled checkbox.
    input: ["type", "checked", "disabled"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

/** The allow-list's attributes that hold a URL: a fact is filled into them percent-encoded. */
const urlAttributes = new Set(["href", "src"]);

/** A Markdown body as gatsby-transformer-remark renders it: remark with GitHub's extensions, raw HTML kept. */
export function markdownHtml(markdown: string): string {
  const processor = unified().use(remarkParse).use(remarkGfm);
  const tree = processor.runSync(processor.parse(markdown));
  return toHtml(toHast(tree, { allowDangerousHtml: true }) as Parameters<typeof toHtml>[0], { allowDangerousHtml: true });
}

type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;
type Element = DefaultTreeAdapterTypes.Element;

const attributeText = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
const shorten = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}...` : value);
const isElement = (node: ChildNode): node is Element => "tagName" in node;

/** HTML as a browser reads it inside the div its page puts it in (src/components/ui/Article.tsx), with its parse errors. */
function read(html: string) {
  const errors: ParserError[] = [];
  const context = defaultTreeAdapter.createElement("div", htmlSpec.NS.HTML, []);
  const fragment = parseFragment(context, html, { sourceCodeLocationInfo: true, onParseError: (error) => errors.push(error) });
  return { fragment, errors };
}

function* nodesIn(parent: ParentNode): Generator<ChildNode> {
  for (const node of parent.childNodes) {
    yield node;
    if ("childNodes" in node) yield* nodesIn(node);
  }
}

/** The markup a parse error is in, as written: from the `<` before it to the `>` after it. */
function markupAround(html: string, offset: number): string {
  const end = html.indexOf(">", offset);
  return shorten(html.slice(Math.max(0, html.lastIndexOf("<", offset - 1)), end === -1 ? html.length : end + 1));
}

/** A node as written, for a comment (`<![CDATA[ >` reads as one). */
const writtenAs = (html: string, node: ChildNode) =>
  node.sourceCodeLocation ? shorten(html.slice(node.sourceCodeLocation.startOffset, node.sourceCodeLocation.endOffset)) : node.nodeName;

/**
 * What the sanitiser would remove from a tree, in the order written: an
 * element (`<script>`), an attribute of an element it keeps (`onerror="…" on
 * <img>`, `href="javascript:…" on <a>`), a comment; and the markup at each
 * parse error, where parsers other than the standard's part ways. Each element
 * and attribute is put to the sanitiser on its own, so the verdict is the
 * sanitiser's, not a pattern of ours.
 */
function problemsIn(html: string, fragment: ParentNode, errors: readonly ParserError[], allowList: sanitizeHtml.IOptions): string[] {
  const found: { at: number; text: string }[] = errors.map((error) => ({ at: error.startOffset, text: markupAround(html, error.startOffset) }));
  for (const node of nodesIn(fragment)) {
    const at = node.sourceCodeLocation?.startOffset ?? html.length;
    if (node.nodeName === "#comment") found.push({ at, text: writtenAs(html, node) });
    if (!isElement(node)) continue;
    const name = node.tagName;
    if (!sanitizeHtml(`<${name}>`, allowList).startsWith(`<${name}`)) {
      found.push({ at, text: `<${name}>` });
      continue;
    }
    for (const { name: attribute, value } of node.attrs) {
      const kept = /^[a-z][a-z0-9-]*$/.test(attribute) && sanitizeHtml(`<${name} ${attribute}="${attributeText(value)}">`, allowList).includes(` ${attribute}=`);
      if (!kept) found.push({ at, text: `${attribute}="${shorten(value)}" on <${name}>` });
    }
  }
  return [...new Set(found.sort((a, b) => a.at - b.at).map(({ text }) => text))];
}

/** Every reference in a tree's texts and attributes filled: as text, which the serialiser escapes, or percent-encoded in a URL. */
function fillIn(fragment: ParentNode, facts: FactTable) {
  for (const node of nodesIn(fragment)) {
    if (node.nodeName === "#text" && "value" in node) node.value = fillFacts(node.value, facts);
    if (!isElement(node)) continue;
    for (const attribute of node.attrs) {
      attribute.value = urlAttributes.has(attribute.name) ? fillFactsInUrl(attribute.value, facts) : fillFacts(attribute.value, facts);
    }
  }
}

/**
 * A Markdown body's HTML as its page carries it, with what in it content may
 * not carry: read as a browser reads it, facts filled into the tree (never
 * into the HTML, where a `"` in a fact would end an attribute), and written
 * out again by parse5, so that every element is closed and nothing the body
 * leaves open reaches the page after it. With problems, it must not be served.
 */
export function bodyAsServed(html: string, facts?: FactTable): { html: string; problems: string[] } {
  const { fragment, errors } = read(html);
  if (facts) fillIn(fragment, facts);
  return { html: serialize(fragment), problems: problemsIn(html, fragment, errors, markdownAllowList) };
}

/** What a Markdown body holds that the site does not allow, as its page would carry it. */
export const markdownMarkupProblems = (markdown: string) => bodyAsServed(markdownHtml(markdown)).problems;

/**
 * Markup in a plain text field: none is allowed, no element and no comment.
 * The components show such a field as text; a stray `<` is no parse error to refuse there.
 */
export function textMarkupProblems(text: string): string[] {
  if (!text.includes("<")) return [];
  const { fragment } = read(text);
  const found = Array.from(nodesIn(fragment)).flatMap((node) => (isElement(node) ? [`<${node.tagName}>`] : node.nodeName === "#comment" ? [writtenAs(text, node)] : []));
  return [...new Set(found)];
}
