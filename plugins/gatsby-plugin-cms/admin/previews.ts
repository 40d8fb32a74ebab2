/**
 * How a service, a town and an article will read, beside the form in the CMS:
 * Decap's preview templates, drawn with its own React (window.h), so the site's
 * React 18 never meets the CMS's React 19. Texts show their fact references
 * filled in as the build fills them (plugins/gatsby-plugin-content/facts.ts),
 * from the records the build wrote (src/lib/paths.ts, cmsRecordsPath) with
 * the entry as edited in place of its saved self.
 */
import { colors, fontStack, radius } from "../../../src/components/ui/theme";
import { isRecord, type ReadRecords } from "../../gatsby-plugin-content/content-schema";
import { factsFrom, fillFacts, type FactTable } from "../../gatsby-plugin-content/facts";
import { entryType } from "./cms-validation";
import { cmsRecordsPath } from "../../../src/lib/paths";
import type { DecapCms, PreviewProps } from "./decap";

type Data = Record<string, unknown>;

/** The build's records by type; undefined until they are loaded. */
let saved: Readonly<Record<string, unknown>> | undefined;

const savedOf = (type: string): readonly unknown[] => {
  const records = saved?.[type];
  return Array.isArray(records) ? records : [];
};

/**
 * The records with the entry being edited, a record of content type
 * `edited`, in place of its saved self (the record of the same slug, or the
 * one record of a file such as company.json); undefined until they are loaded.
 */
export function recordsFor(edited: string | undefined, data: Data): ReadRecords | undefined {
  if (!saved) return undefined;
  return (type) => (type === edited ? [...savedOf(type).filter((record) => !isRecord(record) || record.slug !== data.slug), data] : savedOf(type));
}

/** The facts with the entry as edited; while it is not yet a whole record, as saved. */
export function factsFor(edited: string | undefined, data: Data): FactTable | undefined {
  const read = recordsFor(edited, data);
  if (!read) return undefined;
  try {
    return factsFrom(read);
  } catch {
    return factsFrom(savedOf);
  }
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const record = (value: unknown): Data => (isRecord(value) ? value : {});

export function registerPreviews(cms: DecapCms) {
  const h = window.h;

  /** A text with its references filled; one naming no fact is shown marked, as the build would refuse it. */
  const Filled = ({ value, facts }: { value: unknown; facts?: FactTable }) => {
    const raw = text(value);
    if (!facts) return h("span", null, raw);
    try {
      return h("span", null, fillFacts(raw, facts));
    } catch {
      return h("span", { className: "unknown", title: "Deze tekst noemt een feit dat niet bestaat: de site wordt zo niet gebouwd." }, raw);
    }
  };
  const p = (value: unknown, facts?: FactTable, key?: number) => h("p", { key }, h(Filled, { value, facts }));
  const image = (props: PreviewProps, path: unknown, alt: unknown) => {
    const asset = text(path) ? props.getAsset(text(path)) : undefined;
    return asset ? h("img", { src: asset.toString(), alt: text(alt) }) : null;
  };
  const keyFacts = (items: unknown, facts?: FactTable) =>
    h(
      "dl",
      { className: "facts" },
      list(items).map((item, index) =>
        h("div", { key: index }, h("dt", null, h(Filled, { value: record(item).value, facts })), h("dd", null, h(Filled, { value: record(item).label, facts }))),
      ),
    );
  const faq = (block: unknown, facts?: FactTable) =>
    h(
      "section",
      null,
      h("h2", null, h(Filled, { value: record(block).title, facts })),
      list(record(block).items).map((item, index) =>
        h("details", { key: index, open: index === 0 }, h("summary", null, h(Filled, { value: record(item).question, facts })), p(record(item).answer, facts)),
      ),
    );

  /** A page's opening: the hero's badge, the page's heading, the hero's text; as children to spread into the page. */
  const opening = (data: Data, heading: unknown, facts?: FactTable) => {
    const hero = record(data.hero);
    return [h("p", { className: "badge" }, h(Filled, { value: hero.badge, facts })), h("h1", null, h(Filled, { value: heading, facts })), p(hero.text, facts)];
  };

  cms.registerPreviewTemplate("services", (props) => {
    const data = props.entry.get("data").toJS();
    const facts = factsFor(entryType("services", "", true), data);
    const hero = record(data.hero);
    const intro = record(data.intro);
    return h(
      "article",
      null,
      ...opening(data, data.title, facts),
      h("ul", null, list(hero.points).map((point, index) => h("li", { key: index }, h(Filled, { value: point, facts })))),
      keyFacts(data.keyFacts, facts),
      image(props, data.image, data.imageAlt),
      h("section", { className: "card" }, h("h2", null, h(Filled, { value: data.name, facts })), p(data.description, facts), h("p", { className: "price" }, h(Filled, { value: data.price, facts }))),
      h("section", null, h("h2", null, h(Filled, { value: intro.title, facts })), list(intro.paragraphs).map((paragraph, index) => p(paragraph, facts, index))),
      faq(data.faq, facts),
    );
  });

  cms.registerPreviewTemplate("towns", (props) => {
    const data = props.entry.get("data").toJS();
    const facts = factsFor(entryType("towns", "", true), data);
    const local = record(data.local);
    const emergency = record(data.emergency);
    const districts = record(data.districts);
    return h(
      "article",
      null,
      ...opening(data, record(data.hero).title, facts),
      keyFacts(data.keyFacts, facts),
      image(props, data.image, data.imageAlt),
      h("section", { className: "emergency" }, h("h2", null, h(Filled, { value: emergency.title, facts })), p(emergency.text, facts)),
      h("section", null, h("h2", null, h(Filled, { value: local.title, facts })), list(local.paragraphs).map((paragraph, index) => p(paragraph, facts, index))),
      h("section", null, h("h2", null, h(Filled, { value: districts.title, facts })), p(list(districts.names).join(", "))),
    );
  });

  cms.registerPreviewTemplate("blog", (props) => {
    const data = props.entry.get("data").toJS();
    const facts = factsFor(entryType("blog", "", true), data);
    return h(
      "article",
      null,
      h("p", { className: "badge" }, text(data.category)),
      h("h1", null, h(Filled, { value: data.title, facts })),
      h("p", { className: "lead" }, h(Filled, { value: data.excerpt, facts })),
      image(props, data.image, data.imageAlt),
      h("div", { className: "body" }, props.widgetFor("body")),
    );
  });

  cms.registerPreviewStyle(
    `body { font-family: ${fontStack}; color: ${colors.ink}; line-height: 1.6; margin: 0; padding: 24px; max-width: 70ch; }
h1 { font-size: 31px; line-height: 1.15; font-weight: 800; }
h2 { font-size: 25px; line-height: 1.15; font-weight: 800; margin-top: 32px; }
img { max-width: 100%; height: auto; border-radius: ${radius.card}; }
.badge { display: inline-block; background: ${colors.sand}; border: 1px solid ${colors.line}; border-radius: ${radius.pill}; padding: 2px 12px; font-weight: 700; }
.lead { font-size: 20px; color: ${colors.inkMuted}; }
.facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(140px, 1fr)); gap: 12px; }
.facts dt { font-size: 25px; font-weight: 800; color: ${colors.action}; }
.facts dd { margin: 0; color: ${colors.inkMuted}; }
.card { border: 1px solid ${colors.line}; border-radius: ${radius.card}; padding: 24px; }
.price { font-weight: 700; color: ${colors.action}; }
.emergency { border-left: 4px solid ${colors.emergency}; padding-left: 16px; }
.unknown { outline: 2px solid ${colors.emergency}; background: ${colors.errorTint}; }`,
    { raw: true },
  );
}

/** Loads the records the previews and the check before saving read; until then, texts show as written and references are not checked. */
export async function loadRecords() {
  const response = await fetch(cmsRecordsPath);
  if (!response.ok) return;
  const records: unknown = await response.json();
  if (isRecord(records)) saved = records;
}
