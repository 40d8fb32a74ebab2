import toHtml from "hast-util-to-html";
import { Parser } from "htmlparser2";
import toHast from "mdast-util-to-hast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import sanitizeHtml from "sanitize-html";
import unified from "unified";

/**
 * Content is input too: an editor's slip, a pasted snippet or a compromised
 * account must never put code on the site. What content may carry is an
 * allow-list for sanitize-html: the elements and attributes Markdown makes
 * (headings, lists, links, emphasis, tables, images), and links only to the
 * web, mail and phone. The build (plugins/gatsby-plugin-content) and the
 * CMS's pre-save check (plugins/gatsby-plugin-cms/admin/cms-validation.ts) refuse whatever the
 * sanitiser would remove, naming it, rather than strip it unseen: the editor
 * learns what went wrong, and a page shows only HTML that passed the list.
 */
const markdownAllowList: sanitizeHtml.IOptions = {
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

/** Plain text fields carry no markup at all: the components show them as text. */
const textAllowList: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: "discard" };

/** A Markdown body as gatsby-transformer-remark renders it: remark with GitHub's extensions, raw HTML kept. */
function markdownHtml(markdown: string): string {
  const processor = unified().use(remarkParse).use(remarkGfm);
  const tree = processor.runSync(processor.parse(markdown));
  return toHtml(toHast(tree, { allowDangerousHtml: true }) as Parameters<typeof toHtml>[0], { allowDangerousHtml: true });
}

const attributeText = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
const shorten = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}...` : value);

/**
 * What the sanitiser would remove from a piece of HTML, each as it was
 * written: an element (`<script>`), or an attribute of an element it keeps
 * (`onerror="…" on <img>`, `href="javascript:…" on <a>`). The HTML is read
 * with the sanitiser's own parser, and each element and attribute is put to
 * the sanitiser on its own, so the verdict is the sanitiser's, not a pattern
 * of ours.
 */
function removedBy(html: string, allowList: sanitizeHtml.IOptions): string[] {
  const seen: { name: string; attributes: Record<string, string> }[] = [];
  const parser = new Parser({ onopentag: (name, attributes) => seen.push({ name, attributes }) }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  parser.write(html);
  parser.end();
  const found = new Set<string>();
  for (const { name, attributes } of seen) {
    if (!sanitizeHtml(`<${name}>`, allowList).startsWith(`<${name}`)) {
      found.add(`<${name}>`);
      continue;
    }
    for (const [attribute, value] of Object.entries(attributes)) {
      const kept = sanitizeHtml(`<${name} ${attribute}="${attributeText(value)}">`, allowList);
      if (!kept.includes(` ${attribute}=`)) found.add(`${attribute}="${shorten(value)}" on <${name}>`);
    }
  }
  return [...found];
}

/** What a Markdown body holds that the site does not allow, as the sanitiser finds it in the rendered HTML. */
export const markdownMarkupProblems = (markdown: string) => htmlMarkupProblems(markdownHtml(markdown));

/** Markup in a plain text field: none is allowed. */
export const textMarkupProblems = (text: string) => (/[<&]/.test(text) ? removedBy(text, textAllowList) : []);

/** What HTML (a Markdown body as rendered, facts filled in) holds that the site does not allow. */
const htmlMarkupProblems = (html: string) => removedBy(html, markdownAllowList);
