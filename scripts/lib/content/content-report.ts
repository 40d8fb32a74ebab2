/**
 * `npm run content:check`: the fields that state the same kind of fact,
 * compared, and the content that is broken (a link to a missing page, a town
 * without a page, a price without its unit or VAT note). Texts refer to the
 * field that holds a fact ({price:daklekkage}; docs/content.md) and
 * the build checks every reference, so the report reads fields, not sentences.
 * A fact with two values is one a page states differently on purpose
 * (docs/requirements.md, 'Facts that pages state differently on purpose'):
 * listed for the editor, never an error. TypeScript, as the content plugin it
 * reads files with; scripts/content-check.ts runs it.
 */
import fs from "node:fs";
import path from "node:path";
import { listFiles } from "../../../plugins/gatsby-plugin-content/content-files";
import { fieldPath, isRecord, parseContentFile, type ContentProblem, type FieldPath } from "../../../plugins/gatsby-plugin-content/content-schema";

export interface Place {
  /** Path relative to the content folder, such as services/daklekkage.json. */
  file: string;
  /** The field that states the value, such as startingPriceEuro or services.items[0].price. */
  at: string;
  /** The value as the field writes it. */
  quote: string;
}
export interface FactValue {
  value: string;
  places: Place[];
}
export type FactKind = "price" | "experience" | "review count";
export interface Fact {
  kind: FactKind;
  subject: string;
  values: FactValue[];
  disagrees: boolean;
}
/** Its problems' `field` is a JSON path, or "line 27" in a Markdown file. */
export interface ContentReport {
  facts: Fact[];
  problems: ContentProblem[];
}

type Data = Readonly<Record<string, unknown>>;
interface Content {
  json: { file: string; data: unknown }[];
  markdown: { file: string; lines: string[] }[];
}
/** A service or town file with what the report reads of it: its slug and its name (the slug when it has none). */
type SiteRecord = Data & { file: string; slug: string; name: string };
interface Site {
  services: SiteRecord[];
  towns: SiteRecord[];
  company: Data;
  quotePrices: unknown[];
}

/** Reads every JSON and Markdown file under `contentDir`; `projectDir` holds what decides which pages exist. */
export function contentReport(contentDir: string, { projectDir = process.cwd() }: { projectDir?: string } = {}): ContentReport {
  const content = readContent(contentDir);
  const site = describeSite(content);
  const facts = [...startingPrices(site), ...experience(site), ...reviewCounts(site)];
  const problems = [...brokenLinks(content, knownPages(content, projectDir)), ...townsWithoutPage(content, site), ...pricesWithoutUnit(content, site)];
  return { facts, problems };
}

/** The report as text: facts with more than one value first, with every place, then those with one, then broken content. */
export function formatReport({ facts, problems }: ContentReport, { contentLabel = "content" }: { contentLabel?: string } = {}): string {
  const differing = facts.filter((fact) => fact.disagrees);
  const single = facts.filter((fact) => !fact.disagrees);
  const lines = [`Content report for ${contentLabel}/`, ""];
  lines.push(`Stated differently on purpose (docs/requirements.md): ${count(differing.length, "fact")}`);
  for (const fact of differing) {
    lines.push("", `${capitalise(fact.kind)}: ${fact.subject}`);
    for (const { value, places } of fact.values) {
      lines.push(`  ${value}: ${count(places.length, "place")}`);
      for (const place of places) lines.push(`    ${formatPlace(place)}`);
    }
  }
  lines.push("", `One value: ${count(single.length, "fact")}`);
  for (const fact of single) {
    const [{ value, places }] = fact.values;
    lines.push(`  ${capitalise(fact.kind)}: ${fact.subject}: ${value} (${places.map(formatPlace).join("; ")})`);
  }
  lines.push("", problems.length === 0 ? "Broken content: none" : `Broken content: ${count(problems.length, "problem")}`);
  for (const problem of problems) lines.push(formatProblem(problem, contentLabel));
  return `${lines.join("\n")}\n`;
}

/** In the words of the build's content errors, naming file and field (or line). */
export function formatProblem({ file, field, message }: ContentProblem, contentLabel = "content"): string {
  const place = field.startsWith("line ") ? field : `field "${field}"`;
  return `Content error in ${contentLabel}/${file}: ${place} ${message}`;
}

const capitalise = (text: string) => text[0].toUpperCase() + text.slice(1);
const count = (number: number, noun: string) => `${number} ${noun}${number === 1 ? "" : "s"}`;
const formatPlace = ({ file, at, quote }: Place) => `${file} ${at}: "${quote}"`;
const lower = (text: string) => text.toLowerCase();
const euro = (amount: string | number) => `€ ${amount}`;
/** A field of a record; nothing when the value is no record. */
const get = (value: unknown, key: string): unknown => (isRecord(value) ? value[key] : undefined);

/** The JSON and Markdown files; one that is not JSON is left out, as content:check has it from the content plugin (parseContentFile). */
function readContent(contentDir: string): Content {
  const content: Content = { json: [], markdown: [] };
  for (const file of listFiles(contentDir)) {
    const source = () => fs.readFileSync(path.join(contentDir, file), "utf8");
    if (file.endsWith(".md")) content.markdown.push({ file, lines: source().split(/\r?\n/) });
    if (file.endsWith(".json")) {
      const { data, problem } = parseContentFile(file, source());
      if (!problem) content.json.push({ file, data });
    }
  }
  return content;
}

/** The records the facts live in: services, towns, the company and the quote page. */
function describeSite(content: Content): Site {
  const fileData = (file: string) => content.json.find((entry) => entry.file === file)?.data;
  const recordsIn = (folder: string): SiteRecord[] =>
    content.json.flatMap(({ file, data }) =>
      file.startsWith(`${folder}/`) && isRecord(data) && typeof data.slug === "string"
        ? [{ file, ...data, slug: data.slug, name: typeof data.name === "string" ? data.name : data.slug }]
        : [],
    );
  const company = fileData("company.json");
  const quotePrices = get(get(fileData("quote-page.json"), "services"), "items") ?? [];
  return {
    services: recordsIn("services"),
    towns: recordsIn("towns"),
    company: isRecord(company) ? company : {},
    quotePrices: Array.isArray(quotePrices) ? quotePrices : [],
  };
}

/** The slug of the service a record's `service` field names, by slug ("bitumen-dak") or name ("Bitumen dak"). */
const serviceNamed = (site: Site, value: unknown) =>
  typeof value === "string" ? site.services.find((service) => service.slug === value || lower(service.name) === lower(value))?.slug : undefined;

interface JsonNode {
  value: unknown;
  path: FieldPath;
  key: string | number | undefined;
  parent: unknown;
  parentPath: FieldPath;
}

/** Every value in parsed JSON, outer before inner, with its path, its key and the object or list it is in (paths as fieldPath writes them). */
function* jsonNodes(value: unknown, at: FieldPath = [], parent: unknown = undefined, parentAt: FieldPath = []): Generator<JsonNode> {
  yield { value, path: at, key: at.at(-1), parent, parentPath: parentAt };
  if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* jsonNodes(item, [...at, index], value, at);
  else if (isRecord(value)) for (const [name, item] of Object.entries(value)) yield* jsonNodes(item, [...at, name], value, at);
}

interface Statement {
  value: string;
  place: Place;
}

/** One fact, its values each with the places that state it; it disagrees when it has two. */
function fact(kind: FactKind, subject: string, statements: Statement[]): Fact[] {
  const values: FactValue[] = [];
  for (const { value, place } of statements) {
    const known = values.find((candidate) => candidate.value === value);
    if (known) known.places.push(place);
    else values.push({ value, places: [place] });
  }
  return [{ kind, subject, values, disagrees: values.length > 1 }];
}

const place = (file: string, at: string, quote: unknown): Place => ({ file, at, quote: String(quote) });

/** A service's starting price in its file, and the price the quote page gives it as its own. */
function startingPrices(site: Site): Fact[] {
  return site.services.flatMap((service) => {
    if (typeof service.startingPriceEuro !== "number") return [];
    const quoted = site.quotePrices.flatMap((item, index) => {
      const price = get(item, "price");
      const amount = typeof price === "string" ? /€\s*([\d.]+)/.exec(price)?.[1] : undefined;
      if (serviceNamed(site, get(item, "service")) !== service.slug || !amount) return [];
      return [{ value: euro(amount), place: place("quote-page.json", `services.items[${index}].price`, price) }];
    });
    const own = { value: euro(service.startingPriceEuro), place: place(service.file, "startingPriceEuro", service.startingPriceEuro) };
    return fact("price", service.name, [own, ...quoted]);
  });
}

/** The company's years of experience, and the years a service page states instead. */
function experience(site: Site): Fact[] {
  if (typeof site.company.experienceYears !== "number") return [];
  const statement = (file: string, years: number) => ({ value: `${years}+ jaar`, place: place(file, "experienceYears", years) });
  const own = site.services.flatMap((service) => (typeof service.experienceYears === "number" ? [statement(service.file, service.experienceYears)] : []));
  return fact("experience", "years of experience", [statement("company.json", site.company.experienceYears), ...own]);
}

/** The company's review count beside the towns' counts ("80+") added up. */
function reviewCounts(site: Site): Fact[] {
  const towns = site.towns.flatMap((town) => {
    const reviews = get(town.reviews, "count");
    return typeof reviews === "number" ? [{ name: town.name, count: reviews }] : [];
  });
  const total = get(site.company.rating, "count");
  if (typeof total !== "number" || towns.length === 0) return [];
  const sum = towns.reduce((added, town) => added + town.count, 0);
  return fact("review count", "all reviews", [
    { value: String(total), place: place("company.json", "rating.count", total) },
    { value: `${sum}+`, place: place("towns/*.json", "reviews.count, added up", towns.map((town) => `${town.name} ${town.count}+`).join(", ")) },
  ]);
}

/** The paths that answer: src/pages (not 404), the pages made from content (src/lib/paths.ts), netlify.toml's redirects, static/. */
function knownPages(content: Content, projectDir: string): (target: string) => boolean {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const file of listFiles(path.join(projectDir, "src", "pages"))) {
    const route = file.replace(/\.[jt]sx?$/, "").replace(/(^|\/)index$/, "");
    if (route !== file && route !== "404") exact.add(`/${route}`);
  }
  for (const { file, data } of content.json) {
    if (!isRecord(data) || typeof data.slug !== "string") continue;
    if (file.startsWith("services/")) exact.add(`/diensten/${data.slug}`);
    if (file.startsWith("towns/")) exact.add(`/dakdekker-${data.slug}`);
  }
  for (const { file } of content.markdown) {
    if (file.startsWith("blog/") || file.startsWith("legal/")) exact.add(`${file.startsWith("blog/") ? "/blog" : ""}/${path.posix.basename(file, ".md")}`);
  }
  const netlifyToml = path.join(projectDir, "netlify.toml");
  if (fs.existsSync(netlifyToml)) {
    for (const [, from] of fs.readFileSync(netlifyToml, "utf8").matchAll(/^\s*from\s*=\s*"([^"]+)"/gm)) {
      if (from.endsWith("/*")) prefixes.push(from.slice(0, -1));
      else exact.add(normalisePath(from));
    }
  }
  for (const file of listFiles(path.join(projectDir, "static"))) exact.add(`/${file}`);
  return (target) => exact.has(target) || prefixes.some((prefix) => target.startsWith(prefix));
}

const normalisePath = (href: string) => href.replace(/[?#].*$/, "").replace(/(.)\/+$/, "$1");

/** JSON fields that hold a link by their name: href, to, link, url, path, or ending so (footerHref). */
const linkField = /^(?:href|to|link|url|path)$|(?:Href|Link|Url|Path)$/;
const isSitePath = (value: unknown): value is string => typeof value === "string" && value.startsWith("/") && !value.startsWith("//");

function brokenLinks(content: Content, isPage: (target: string) => boolean): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const check = (file: string, field: string, href: string) => {
    if (!isPage(normalisePath(href))) problems.push({ file, field, message: `links to "${href}", which is not a page of the site` });
  };
  for (const { file, data } of content.json) {
    for (const { value, path: at, key } of jsonNodes(data)) {
      if (typeof key === "string" && linkField.test(key) && isSitePath(value)) check(file, fieldPath(at), value);
    }
  }
  for (const { file, lines } of content.markdown) {
    for (const [index, line] of lines.entries()) {
      for (const [, href] of line.matchAll(/\]\((\/[^)\s]*)/g)) if (isSitePath(href)) check(file, `line ${index + 1}`, href);
    }
  }
  return problems;
}

const catchAllArea = /^(?:overige|andere|alle)\b/i;

/**
 * The fields that name a town we work in (an emergency area but "Overige plaatsen", the map's place, the
 * office's city) need a town file; where projects and reviews took place is free: the company also works elsewhere.
 */
function townsWithoutPage(content: Content, site: Site): ContentProblem[] {
  const hasPage = (name: string) => site.towns.some((town) => lower(town.name) === lower(name.trim()));
  const problems: ContentProblem[] = [];
  for (const { file, data } of content.json) {
    for (const { value, path: at, key } of jsonNodes(data)) {
      if (typeof key === "string" && ["area", "place", "city"].includes(key) && typeof value === "string" && !catchAllArea.test(value) && !hasPage(value)) {
        problems.push({ file, field: fieldPath(at), message: `names "${value}" as a town we work in, but towns/ has no town file with that name` });
      }
    }
  }
  return problems;
}

const statesVat = /\bbtw\b/i;
/** An amount, or a reference to a service's starting price, which is one. */
const hasAmount = (price: string) => /€\s*\d|\{price:/.test(price);
const unitOf = (price: string) =>
  /\bper\s+(m²|m2|m|meter|pan|stuk|uur|jaar)(?![\p{L}\d])/iu.exec(price)?.[1]?.replace(/^m2$/, "m²").replace(/^meter$/, "m");

/**
 * A service priced per unit in its own `price` (per m², per pan) gives that unit in every price field that names it
 * (by `service` slug or `name`) and in its material options; a list of prices says whether VAT is included, in each
 * price or in its block's note, intro or title.
 */
function pricesWithoutUnit(content: Content, site: Site): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const pricesOf = new Map<string, { file: string; field: string; price: string }[]>(site.services.map((service) => [service.slug, []]));
  const isPriced = (item: unknown): item is Data & { price: string } => isRecord(item) && typeof item.price === "string";
  for (const { file, data } of content.json) {
    const own = site.services.find((service) => service.file === file)?.slug;
    for (const { value: list, path: at, key, parent: block, parentPath } of jsonNodes(data)) {
      if (!Array.isArray(list)) continue;
      const priced = list.filter(isPriced);
      if (priced.length === 0) continue;
      const amounts = priced.map((item) => item.price).filter(hasAmount);
      const blockStatesVat = isRecord(block) && Object.values(block).some((value) => typeof value === "string" && statesVat.test(value));
      if (amounts.length > 0 && !blockStatesVat && !amounts.every((price) => statesVat.test(price))) {
        problems.push({ file, field: fieldPath(parentPath), message: `lists prices without saying whether they include VAT: add "exclusief btw" or "inclusief btw" to its note or intro` });
      }
      for (const [index, item] of list.entries()) {
        if (!isPriced(item)) continue;
        const slug = (own && key === "options" ? own : undefined) ?? serviceNamed(site, item.service) ?? serviceNamed(site, item.name);
        if (slug) pricesOf.get(slug)?.push({ file, field: `${fieldPath([...at, index])}.price`, price: item.price });
      }
    }
  }
  for (const service of site.services) {
    const unit = typeof service.price === "string" && hasAmount(service.price) ? unitOf(service.price) : undefined;
    if (!unit) continue;
    for (const { file, field, price } of pricesOf.get(service.slug) ?? []) {
      if (hasAmount(price) && !unitOf(price)) {
        problems.push({ file, field, message: `gives the price "${price}" without a unit, but ${service.name} is priced per ${unit} (${service.file} price: "${service.price}")` });
      }
    }
  }
  return problems;
}
