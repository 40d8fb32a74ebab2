/**
 * `npm run content:check`: the fields that state the same kind of fact,
 * compared, and the content that is broken (a link to a missing page, a town
 * without a page, a price without its unit or VAT note). Texts refer to the
 * field that holds a fact ({price:daklekkage}; README, "Changing content") and
 * the build checks every reference, so the report reads fields, not sentences.
 * A fact with two values is one a page states differently on purpose
 * (docs/requirements.md, 'Facts that pages state differently on purpose'):
 * listed for the editor, never an error.
 */
import fs from "node:fs";
import path from "node:path";

/** @typedef {{ file: string, at: string, quote: string }} Place */
/** @typedef {{ value: string, places: Place[] }} FactValue */
/** @typedef {"price" | "experience" | "review count"} FactKind */
/** @typedef {{ kind: FactKind, subject: string, values: FactValue[], disagrees: boolean }} Fact */
/** @typedef {{ file: string, field: string, message: string }} ContentProblem */
/** @typedef {{ facts: Fact[], problems: ContentProblem[] }} ContentReport */

/**
 * Reads every JSON and Markdown file under `contentDir`; `projectDir` holds what decides which pages exist.
 * `listFiles` is the content plugin's lister (plugins/gatsby-plugin-content/content-files.ts), which is TypeScript.
 * @param {string} contentDir
 * @param {{ listFiles: (dir: string) => string[], projectDir?: string }} options
 * @returns {ContentReport}
 */
export function contentReport(contentDir, { listFiles, projectDir = process.cwd() }) {
  const content = readContent(contentDir, listFiles);
  const site = describeSite(content);
  const facts = [...startingPrices(site), ...experience(site), ...reviewCounts(site)];
  const problems = [
    ...brokenLinks(content, knownPages(content, projectDir, listFiles)),
    ...townsWithoutPage(content, site),
    ...pricesWithoutUnit(content, site),
  ];
  return { facts, problems };
}

/** The report as text: facts with more than one value first, with every place, then those with one, then broken content. */
export function formatReport({ facts, problems }, { contentLabel = "content" } = {}) {
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
export function formatProblem({ file, field, message }, contentLabel = "content") {
  const place = field.startsWith("line ") ? field : `field "${field}"`;
  return `Content error in ${contentLabel}/${file}: ${place} ${message}`;
}

const capitalise = (text) => text[0].toUpperCase() + text.slice(1);
const count = (number, noun) => `${number} ${noun}${number === 1 ? "" : "s"}`;
const formatPlace = ({ file, at, quote }) => `${file} ${at}: "${quote}"`;
const isRecord = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
const lower = (text) => text.toLowerCase();
const euro = (amount) => `€ ${amount}`;

/** The JSON and Markdown files; one that is not JSON is left out, as content:check has it from the content plugin (parseContentFile). */
function readContent(contentDir, listFiles) {
  const [json, markdown] = [[], []];
  for (const file of listFiles(contentDir)) {
    const source = () => fs.readFileSync(path.join(contentDir, file), "utf8");
    if (file.endsWith(".md")) markdown.push({ file, lines: source().split(/\r?\n/) });
    if (file.endsWith(".json")) {
      try {
        json.push({ file, data: JSON.parse(source()) });
      } catch (error) {
        if (!(error instanceof SyntaxError)) throw error;
      }
    }
  }
  return { json, markdown };
}

/** The records the facts live in: services, towns, the company and the quote page. */
function describeSite(content) {
  const fileData = (file) => content.json.find((entry) => entry.file === file)?.data;
  const recordsIn = (folder) =>
    content.json
      .filter(({ file, data }) => file.startsWith(`${folder}/`) && isRecord(data) && typeof data.slug === "string")
      .map(({ file, data }) => ({ file, ...data, name: typeof data.name === "string" ? data.name : data.slug }));
  return {
    services: recordsIn("services"),
    towns: recordsIn("towns"),
    company: isRecord(fileData("company.json")) ? fileData("company.json") : {},
    quotePrices: fileData("quote-page.json")?.services?.items ?? [],
  };
}

/** The slug of the service a record's `service` field names, by slug ("bitumen-dak") or name ("Bitumen dak"). */
const serviceNamed = (site, value) =>
  typeof value === "string" ? site.services.find((service) => service.slug === value || lower(service.name) === lower(value))?.slug : undefined;

/** A JSON path in the build's notation: faq.items[3].answer. */
const joinPath = (at, key) => (typeof key === "number" ? `${at}[${key}]` : at ? `${at}.${key}` : key);

/**
 * Every value in parsed JSON, outer before inner, with its path, its key and the object or list it is in.
 * @returns {Generator<{ value: unknown, at: string, key: string | number | undefined, parent: unknown, parentAt: string }>}
 */
function* jsonNodes(value, at = "", key = undefined, parent = undefined, parentAt = "") {
  yield { value, at, key, parent, parentAt };
  if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* jsonNodes(item, joinPath(at, index), index, value, at);
  else if (isRecord(value)) for (const [name, item] of Object.entries(value)) yield* jsonNodes(item, joinPath(at, name), name, value, at);
}

/** One fact, its values each with the places that state it (statements: { value, place }[]); it disagrees when it has two. */
function fact(kind, subject, statements) {
  const values = [];
  for (const { value, place } of statements) {
    const known = values.find((candidate) => candidate.value === value);
    if (known) known.places.push(place);
    else values.push({ value, places: [place] });
  }
  return [{ kind, subject, values, disagrees: values.length > 1 }];
}

const place = (file, at, quote) => ({ file, at, quote: String(quote) });

/** A service's starting price in its file, and the price the quote page gives it as its own. */
function startingPrices(site) {
  return site.services.flatMap((service) => {
    if (typeof service.startingPriceEuro !== "number") return [];
    const quoted = site.quotePrices.flatMap((item, index) => {
      const amount = typeof item.price === "string" ? /€\s*([\d.]+)/.exec(item.price)?.[1] : undefined;
      if (serviceNamed(site, item.service) !== service.slug || !amount) return [];
      return [{ value: euro(amount), place: place("quote-page.json", `services.items[${index}].price`, item.price) }];
    });
    const own = { value: euro(service.startingPriceEuro), place: place(service.file, "startingPriceEuro", service.startingPriceEuro) };
    return fact("price", service.name, [own, ...quoted]);
  });
}

/** The company's years of experience, and the years a service page states instead. */
function experience(site) {
  if (typeof site.company.experienceYears !== "number") return [];
  const statement = (file, years) => ({ value: `${years}+ jaar`, place: place(file, "experienceYears", years) });
  const own = site.services.filter((service) => typeof service.experienceYears === "number");
  return fact("experience", "years of experience", [
    statement("company.json", site.company.experienceYears),
    ...own.map((service) => statement(service.file, service.experienceYears)),
  ]);
}

/** The company's review count beside the towns' counts ("80+") added up. */
function reviewCounts(site) {
  const towns = site.towns.filter((town) => typeof town.reviews?.count === "number");
  if (typeof site.company.rating?.count !== "number" || towns.length === 0) return [];
  const sum = towns.reduce((total, town) => total + town.reviews.count, 0);
  return fact("review count", "all reviews", [
    { value: String(site.company.rating.count), place: place("company.json", "rating.count", site.company.rating.count) },
    { value: `${sum}+`, place: place("towns/*.json", "reviews.count, added up", towns.map((town) => `${town.name} ${town.reviews.count}+`).join(", ")) },
  ]);
}

/** The paths that answer: src/pages (not 404), the pages made from content (src/lib/paths.ts), netlify.toml's redirects, static/. */
function knownPages(content, projectDir, listFiles) {
  const exact = new Set();
  const prefixes = [];
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

const normalisePath = (href) => href.replace(/[?#].*$/, "").replace(/(.)\/+$/, "$1");

/** JSON fields that hold a link by their name: href, to, link, url, path, or ending so (footerHref). */
const linkField = /^(?:href|to|link|url|path)$|(?:Href|Link|Url|Path)$/;
const isSitePath = (value) => typeof value === "string" && value.startsWith("/") && !value.startsWith("//");

function brokenLinks(content, isPage) {
  const problems = [];
  const check = (file, field, href) => {
    if (!isPage(normalisePath(href))) problems.push({ file, field, message: `links to "${href}", which is not a page of the site` });
  };
  for (const { file, data } of content.json) {
    for (const { value, at, key } of jsonNodes(data)) {
      if (typeof key === "string" && linkField.test(key) && isSitePath(value)) check(file, at, value);
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
function townsWithoutPage(content, site) {
  const hasPage = (name) => site.towns.some((town) => lower(town.name) === lower(name.trim()));
  const problems = [];
  for (const { file, data } of content.json) {
    for (const { value, at, key } of jsonNodes(data)) {
      if (["area", "place", "city"].includes(key) && typeof value === "string" && !catchAllArea.test(value) && !hasPage(value)) {
        problems.push({ file, field: at, message: `names "${value}" as a town we work in, but towns/ has no town file with that name` });
      }
    }
  }
  return problems;
}

const statesVat = /\bbtw\b/i;
/** An amount, or a reference to a service's starting price, which is one. */
const hasAmount = (price) => /€\s*\d|\{price:/.test(price);
const unitOf = (price) => /\bper\s+(m²|m2|m|meter|pan|stuk|uur|jaar)(?![\p{L}\d])/iu.exec(price)?.[1]?.replace(/^m2$/, "m²").replace(/^meter$/, "m");

/**
 * A service priced per unit in its own `price` (per m², per pan) gives that unit in every price field that names it
 * (by `service` slug or `name`) and in its material options; a list of prices says whether VAT is included, in each
 * price or in its block's note, intro or title.
 */
function pricesWithoutUnit(content, site) {
  const problems = [];
  const pricesOf = new Map(site.services.map((service) => [service.slug, []]));
  for (const { file, data } of content.json) {
    const own = site.services.find((service) => service.file === file)?.slug;
    for (const { value: list, at, key, parent: block, parentAt } of jsonNodes(data)) {
      const priced = Array.isArray(list) ? list.filter((item) => isRecord(item) && typeof item.price === "string") : [];
      if (priced.length === 0) continue;
      const amounts = priced.map((item) => item.price).filter(hasAmount);
      const blockStatesVat = isRecord(block) && Object.values(block).some((value) => typeof value === "string" && statesVat.test(value));
      if (amounts.length > 0 && !blockStatesVat && !amounts.every((price) => statesVat.test(price))) {
        problems.push({ file, field: parentAt || "(root)", message: `lists prices without saying whether they include VAT: add "exclusief btw" or "inclusief btw" to its note or intro` });
      }
      for (const [index, item] of list.entries()) {
        const slug = priced.includes(item) ? ((own && key === "options" ? own : undefined) ?? serviceNamed(site, item.service) ?? serviceNamed(site, item.name)) : undefined;
        if (slug) pricesOf.get(slug).push({ file, field: `${joinPath(at, index)}.price`, price: item.price });
      }
    }
  }
  for (const service of site.services) {
    const unit = typeof service.price === "string" && hasAmount(service.price) ? unitOf(service.price) : undefined;
    if (!unit) continue;
    for (const { file, field, price } of pricesOf.get(service.slug)) {
      if (hasAmount(price) && !unitOf(price)) {
        problems.push({ file, field, message: `gives the price "${price}" without a unit, but ${service.name} is priced per ${unit} (${service.file} price: "${service.price}")` });
      }
    }
  }
  return problems;
}
