/**
 * `npm run content:check`: the facts the content states in more than one way
 * (prices per service, warranty years, response times, review counts), each
 * value with every place it is written, and the content that is broken (a link
 * to a missing page, a town without a page, a price without its unit).
 *
 * Text that company.json fills in through {placeholders} is left as it is: a
 * placeholder has one source, so it cannot disagree with itself.
 */
import fs from "node:fs";
import path from "node:path";

/** @typedef {{ file: string, at: string, quote: string }} Place */
/** @typedef {{ value: string, note?: string, places: Place[] }} FactValue */
/** @typedef {"price" | "warranty" | "response time" | "review count"} FactKind */
/** @typedef {{ kind: FactKind, subject: string, values: FactValue[], disagrees: boolean }} Fact */
/** @typedef {{ file: string, field: string, message: string }} ContentProblem */
/** @typedef {{ facts: Fact[], problems: ContentProblem[] }} ContentReport */

/**
 * @typedef {object} Text One string of content with what surrounds it.
 * @property {string} file path relative to the content folder
 * @property {string} at JSON path such as faq.items[3].answer, or "line 27" in Markdown
 * @property {string} text
 * @property {string} context the names of the record the string is in (label, name, title, question, area; for a title, its text)
 * @property {string} [question] the question a record's answer answers
 * @property {string} [recordService] the service (slug) the record names in its `service` field, by slug or name
 * @property {string} [fileService] the service of a file in services/
 * @property {string} [fileTown] the town of a file in cities/
 * @property {string} [material] the material option a services/ price belongs to
 * @property {boolean} [isPrice] whether the string is a `price` field
 */

/**
 * Prices and warranties are grouped by what they are for. Content words each
 * service in many ways, so this list maps the words to services (by slug) or to
 * other priced work; a variant is a kind of the work with its own price. Of the
 * patterns found in a clause, the one that occurs first names the subject (so
 * "renovatie van een pannendak" is a renovation); a service without an entry
 * here is recognised by its name only.
 * @type {{ service?: string, thing?: string, pattern: RegExp, variants?: [string, RegExp][] }[]}
 */
const vocabulary = [
  { thing: "Voorrijden en eerste inspectie bij spoed", pattern: /voorrijden/ },
  { thing: "Onderhoudscontract", pattern: /onderhoudscontract|per jaar/, variants: [["twee inspecties per jaar", /twee inspecties/]] },
  { thing: "Noodafdichting", pattern: /noodafdicht/ },
  { thing: "Stormschade", pattern: /stormschade/ },
  { thing: "Losse inspectie", pattern: /inspectie|opname/ },
  {
    service: "dakpannen-vervangen",
    pattern: /dakpan|\bpan\b|vervangen pannen|pannen vervangen|bepannen/,
    variants: [["dakvlak opnieuw bepannen", /bepannen/]],
  },
  {
    service: "schoorsteen-renovatie",
    pattern: /schoorst|rookkanaal|voegen|voegwerk|\bkap\b/,
    variants: [
      ["voegwerk", /voeg/],
      ["schoorsteenkap", /schoorsteenkap|\bkap\b/],
      ["rookkanaal", /rookkanaal/],
    ],
  },
  { service: "zinken-dakgoot", pattern: /goot|goten|zink/ },
  {
    service: "dakisolatie",
    pattern: /isol|\bpir\b|glaswol|steenwol/,
    variants: [
      ["PIR", /\bpir\b/],
      ["Glaswol", /glaswol/],
      ["Steenwol", /steenwol/],
      ["alles bij elkaar", /alles bij elkaar/],
    ],
  },
  {
    service: "pannendak",
    pattern: /pannendak|hellend dak|keramische pan|betonpan|natuurlei/,
    variants: [
      ["Keramische pannen", /keramische pan/],
      ["Betonpannen", /betonpan/],
      ["Natuurleien", /natuurlei/],
    ],
  },
  {
    service: "bitumen-dak",
    pattern: /bitumen|epdm|pvc|tpo|dakleer|plat(?:te)? dak/,
    variants: [
      ["", /bitumen/],
      ["EPDM", /epdm/],
      ["PVC/TPO-folie", /pvc|tpo/],
    ],
  },
  {
    service: "dakrenovatie",
    pattern: /renovatie|vernieuw/,
    variants: [
      ["plat dak", /plat/],
      ["pannendak", /pannendak|hellend/],
    ],
  },
  { service: "daklekkage", pattern: /\blek|daklek|reparatie|repareren/ },
];

/**
 * What a response time promises, tried in this order on the figure's clause,
 * then the clauses before it, its sentence and the names of its record.
 * Promises in days (payment, complaints) are not response times, except the
 * inspection planned in working days.
 * @type {{ label: string, pattern: RegExp, units: string[] }[]}
 */
const responsePromises = [
  { label: "inspection when it is not urgent", pattern: /inspectie/, units: ["werkdagen"] },
  { label: "emergency covering and storm damage: time until on site", pattern: /storm|noodafdicht/, units: ["uur", "min"] },
  {
    label: "reply to a request (form, e-mail, WhatsApp, call back)",
    pattern: /reageer|reageren|reageert|reactie|antwoord|contact (?:met (?:u|je) )?op|bellen (?:u|je)\b|terugbel/,
    units: ["uur", "min"],
  },
  { label: "quote after the inspection", pattern: /offerte|vaste prijs/, units: ["uur"] },
  {
    label: "emergency: time until on site",
    pattern: /ter plaatse|bij u\b|op het dak|op de stoep|(?:zijn|staan) (?:we|wij)|er zijn|bent u er|spoed|24\/7|aanrij/,
    units: ["uur", "min"],
  },
];

const kindOrder = ["price", "warranty", "response time", "review count"];
const otherPlaces = "Overige plaatsen";

/**
 * Reads every JSON and Markdown file under `contentDir` and reports the facts
 * stated in more than one way and the broken content. `projectDir` holds
 * src/pages, static/ and netlify.toml, which decide what pages exist.
 * @param {string} contentDir
 * @param {{ projectDir?: string }} [options]
 * @returns {ContentReport}
 */
export function contentReport(contentDir, { projectDir = process.cwd() } = {}) {
  const content = readContent(contentDir);
  const site = describeSite(content);
  const texts = [...jsonTexts(content, site), ...markdownTexts(content)];
  const facts = [
    ...groupFacts("price", priceFigures(texts, site)),
    ...groupFacts("warranty", warrantyFigures(texts, site)),
    ...groupFacts("response time", responseFigures(texts, site)),
    ...reviewCountFacts(content, texts, site),
  ]
    .sort(
      (a, b) =>
        kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) ||
        (a.order === b.order ? 0 : a.order - b.order) ||
        a.subject.localeCompare(b.subject, "nl"),
    )
    .map(({ kind, subject, values, disagrees }) => ({ kind, subject, values, disagrees }));
  const problems = [
    ...content.problems,
    ...brokenLinks(content, knownPages(content, projectDir)),
    ...townsWithoutPage(content, texts, site),
    ...pricesWithoutUnit(content, site),
  ];
  return { facts, problems };
}

/**
 * The report as plain text: disagreements first with every place, then the
 * facts that were checked and agree, one line each, then the broken content.
 * @param {ContentReport} report
 * @param {{ contentLabel?: string }} [options] how to name the content folder in messages
 */
export function formatReport({ facts, problems }, { contentLabel = "content" } = {}) {
  const disagreements = facts.filter((fact) => fact.disagrees);
  const consistent = facts.filter((fact) => !fact.disagrees);
  const lines = [`Content report for ${contentLabel}/`, ""];
  lines.push(
    disagreements.length === 0
      ? "Disagreements: none"
      : `Disagreements: ${disagreements.length} ${disagreements.length === 1 ? "fact is" : "facts are"} stated in more than one way`,
  );
  for (const fact of disagreements) {
    lines.push("", `${capitalise(fact.kind)}: ${fact.subject}`);
    for (const { value, note, places } of fact.values) {
      lines.push(`  ${value}${note ? ` (${note})` : ""}: ${count(places.length, "place")}`);
      for (const place of places) lines.push(`    ${formatPlace(place)}`);
    }
  }
  lines.push("", `Consistent: ${count(consistent.length, "fact")} with one value everywhere`);
  for (const fact of consistent) {
    const [{ value, places }] = fact.values;
    lines.push(`  ${capitalise(fact.kind)}: ${fact.subject}: ${value} (${count(places.length, "place")})`);
  }
  lines.push("", problems.length === 0 ? "Broken content: none" : `Broken content: ${count(problems.length, "problem")}`);
  for (const problem of problems) lines.push(formatProblem(problem, contentLabel));
  return `${lines.join("\n")}\n`;
}

/**
 * In the words of the build's content errors, naming file and field (or line).
 * @param {ContentProblem} problem
 * @param {string} [contentLabel]
 */
export function formatProblem({ file, field, message }, contentLabel = "content") {
  const place = field.startsWith("line ") ? field : `field "${field}"`;
  return `Content error in ${contentLabel}/${file}: ${place} ${message}`;
}

const capitalise = (text) => text[0].toUpperCase() + text.slice(1);
const count = (number, noun) => `${number} ${noun}${number === 1 ? "" : "s"}`;
const formatPlace = ({ file, at, quote }) => `${file}${at.startsWith("line ") ? `:${at.slice(5)}` : ` ${at}`}: "${quote}"`;
const isRecord = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
const lower = (text) => text.toLowerCase();

// --- Reading the content -----------------------------------------------------

/** Every file under `dir`, as paths relative to it with "/" separators, sorted. */
function listFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

function readContent(contentDir) {
  const json = [];
  const markdown = [];
  const problems = [];
  for (const file of listFiles(contentDir)) {
    const source = () => fs.readFileSync(path.join(contentDir, file), "utf8");
    if (file.endsWith(".md")) markdown.push({ file, lines: source().split(/\r?\n/) });
    if (!file.endsWith(".json")) continue;
    try {
      json.push({ file, data: JSON.parse(source()) });
    } catch (error) {
      problems.push({ file, field: "(file)", message: `is not valid JSON: ${error.message}` });
    }
  }
  return { json, markdown, problems };
}

/** The services and towns the content has files for. */
function describeSite(content) {
  const recordsIn = (folder) =>
    content.json.filter(({ file, data }) => file.startsWith(`${folder}/`) && isRecord(data) && typeof data.slug === "string");
  const services = recordsIn("services").map(({ file, data }) => ({
    file,
    slug: data.slug,
    name: typeof data.name === "string" ? data.name : data.slug,
    order: typeof data.order === "number" ? data.order : Infinity,
  }));
  const towns = recordsIn("cities").map(({ file, data }) => ({ file, name: typeof data.name === "string" ? data.name : data.slug, data }));
  const known = new Set(vocabulary.map((entry) => entry.service));
  const terms = [
    ...vocabulary,
    ...services.filter((service) => !known.has(service.slug)).map((service) => ({ service: service.slug, pattern: wordPattern(service.name) })),
  ];
  return { services, towns, terms };
}

/** The slug of the service a record's `service` field names, by slug ("bitumen-dak") or name ("Bitumen dak"). */
const serviceNamed = (site, value) =>
  typeof value === "string"
    ? site.services.find((service) => service.slug === value || lower(service.name) === lower(value))?.slug
    : undefined;

const wordPattern = (words) => new RegExp(`\\b${lower(words).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`);

/** A JSON path in the build's notation: faq.items[3].answer, or [2].rating in a file that is a list. */
const joinPath = (at, key) => (typeof key === "number" ? `${at}[${key}]` : at ? `${at}.${key}` : key);

/**
 * Every value in parsed JSON, outer before inner, with its path, its key (a
 * field name or list index) and the object or list it is in.
 * @returns {Generator<{ value: unknown, at: string, key: string | number | undefined, parent: unknown, parentAt: string }>}
 */
function* jsonNodes(value, at = "", key = undefined, parent = undefined, parentAt = "") {
  yield { value, at, key, parent, parentAt };
  const children = Array.isArray(value) ? value.entries() : isRecord(value) ? Object.entries(value) : [];
  for (const [childKey, child] of children) yield* jsonNodes(child, joinPath(at, childKey), childKey, value, at);
}

/** Fields that name the record they are in, so a figure in a sibling field is about it. */
const namingFields = ["label", "name", "title", "question", "area"];

/** Every string in the JSON files, with the record it is in. */
function* jsonTexts(content, site) {
  for (const { file, data } of content.json) {
    const fileService = site.services.find((service) => service.file === file)?.slug;
    const fileTown = site.towns.find((town) => town.file === file)?.name;
    for (const { value, at, key, parent } of jsonNodes(data)) {
      if (typeof value !== "string") continue;
      // A figure set large ("€ 35") and its label ("per m² bitumen, vanaf") are read as one text.
      const pairedWithValue = isRecord(parent) && typeof parent.value === "string" && typeof parent.label === "string";
      if (pairedWithValue && key === "label") continue;
      const record = isRecord(parent) ? parent : {};
      yield {
        file,
        at,
        text: pairedWithValue ? `${value} ${record.label}` : value,
        // A title ("Binnen 2 uur") is explained by the text under it ("ter plaatse bij spoed").
        context: [...namingFields, ...(key === "title" ? ["text"] : [])]
          .filter((field) => field !== key && typeof record[field] === "string")
          .map((field) => record[field])
          .join(" "),
        question: typeof record.question === "string" && key === "answer" ? record.question : undefined,
        recordService: serviceNamed(site, record.service),
        fileService,
        fileTown,
        material: fileService && /^materials\.options\[\d+\]\.price$/.test(at) ? record.name : undefined,
        isPrice: key === "price",
      };
    }
  }
}

/** Every line of the Markdown files; a link is read as its words, without its address. */
function* markdownTexts(content) {
  for (const { file, lines } of content.markdown) {
    for (const [index, line] of lines.entries()) {
      if (line.trim()) yield { file, at: `line ${index + 1}`, text: line.replace(/\]\([^)]*\)/g, "]"), context: "" };
    }
  }
}

// --- Figures and the clauses they are in -------------------------------------

const abbreviation = /\b(?:excl|incl|bijv|ca|nr|o\.a)$/i;

/** The sentences of a text as [start, end]; a semicolon also ends one, "excl." does not. */
function sentenceRanges(text) {
  const ranges = [];
  let start = 0;
  for (const match of text.matchAll(/[.!?;]+(?=\s|$)|\n/g)) {
    if (match[0] === "." && abbreviation.test(text.slice(start, match.index))) continue;
    const end = match.index + match[0].length;
    ranges.push([start, end]);
    start = end;
  }
  if (start < text.length) ranges.push([start, text.length]);
  return ranges;
}

const clauseBoundary = /,\s+|\s+en\s+/g;

/**
 * Each match of `pattern` that `counts` (a limit such as "tot € 150" is matched
 * so it is not read as a price, but it is no figure) with the clause it is in,
 * the clauses before it back to the previous figure, nearest first, and the
 * clauses after it up to the next figure. Sentences split into clauses at
 * commas, and at "en" next to a figure: "Bitumen en EPDM dak" is one subject,
 * "€ 18 met glaswol en € 22 met steenwol" two; two figures in one clause each
 * get their own part of it. So in "PIR (vanaf € 25 per m²), glaswol (vanaf
 * € 18 per m²) en steenwol dempt geluid (vanaf € 22 per m²)" each amount keeps its own material.
 */
function figuresIn(text, pattern, counts = () => true) {
  const figures = [];
  for (const [sentenceStart, sentenceEnd] of sentenceRanges(text)) {
    const sentence = text.slice(sentenceStart, sentenceEnd);
    const matches = [...sentence.matchAll(pattern)].filter(counts);
    const clauses = [];
    let clauseStart = 0;
    for (const boundary of sentence.matchAll(clauseBoundary)) {
      const boundaryEnd = boundary.index + boundary[0].length;
      const nextToFigure = matches.some(
        (match) =>
          (match.index >= clauseStart && match.index < boundary.index) ||
          (match.index >= boundaryEnd && sentence.slice(boundaryEnd, match.index).trim().split(/\s+/).filter(Boolean).length <= 1),
      );
      if (boundary[0].trim() === "en" && !nextToFigure) continue;
      clauses.push({ start: clauseStart, end: boundary.index });
      clauseStart = boundary.index + boundary[0].length;
    }
    clauses.push({ start: clauseStart, end: sentence.length });
    const clauseOf = (match) => clauses.findIndex((clause) => match.index < clause.end || clause === clauses.at(-1));
    matches.forEach((match, index) => {
      const own = clauseOf(match);
      const previous = index > 0 ? matches[index - 1] : undefined;
      const next = matches[index + 1];
      const previousClause = previous ? clauseOf(previous) : -1;
      const nextClause = next ? clauseOf(next) : clauses.length;
      const start = previous && previousClause === own ? previous.index + previous[0].length : clauses[own].start;
      const end = next && nextClause === own ? next.index : clauses[own].end;
      const slice = ({ start: from, end: to }) => ({ text: sentence.slice(from, to), start: from });
      figures.push({
        match,
        sentence,
        clause: sentence.slice(start, end),
        clauseStart: start,
        clauseEnd: end,
        before: clauses.slice(previousClause + 1, own).reverse().map(slice),
        after: clauses.slice(own + 1, nextClause).map((clause) => sentence.slice(clause.start, clause.end)),
      });
    });
  }
  return figures;
}

/** The first entry of `terms` that `words` name, by position in the words. */
function firstTerm(words, terms) {
  const lowered = lower(words);
  let first;
  for (const entry of terms) {
    const index = lowered.search(entry.pattern);
    if (index >= 0 && (!first || index < first.index)) first = { entry, index };
  }
  return first?.entry;
}

/**
 * The variant a figure names: the first of its entry's variant words in its own
 * clause, else in the clauses after it ("€ 295 per jaar, met twee inspecties"),
 * else before it, else in `recordNames` when the record named the subject. A
 * variant named "" is the service itself ("bitumen" on the bitumen page is its
 * main price, not a variant).
 */
function variantOf(entry, figure, recordNames = "") {
  if (!entry.variants) return undefined;
  for (const words of [figure.clause, ...figure.after, ...figure.before.map((clause) => clause.text), recordNames]) {
    const lowered = lower(words);
    const found = entry.variants
      .map(([variant, pattern]) => ({ variant, index: lowered.search(pattern) }))
      .filter(({ index }) => index >= 0)
      .sort((a, b) => a.index - b.index)[0];
    if (found) return found.variant || undefined;
  }
  return undefined;
}

/**
 * What a price or warranty is about: the first service or priced work named in
 * its clause (or, for prices, the clauses before it); else, for a material
 * option's price, that option of its file's service; else the service the
 * record names, the words of the record's names, and the service of the file,
 * in that order. A warranty is only ever about a service.
 * @returns {{ key: string, label: string, order: number, service?: string } | undefined}
 */
function subjectOf(figure, text, site, { servicesOnly = false, lookBack = true, variants = true } = {}) {
  const terms = servicesOnly ? site.terms.filter((entry) => entry.service) : site.terms;
  for (const words of [figure.clause, ...(lookBack ? figure.before.map((clause) => clause.text) : [])]) {
    const entry = firstTerm(words, terms);
    if (entry) return subjectFor(site, entry, variants ? variantOf(entry, figure) : undefined);
  }
  // Every service with a file has an entry in site.terms, by vocabulary or by name.
  const byService = (slug) => site.terms.find((entry) => entry.service === slug);
  const fallback =
    (variants && text.material ? { entry: byService(text.fileService), variant: text.material } : undefined) ??
    [text.recordService && byService(text.recordService), firstTerm(text.context, terms), text.fileService && byService(text.fileService)]
      .filter(Boolean)
      .map((entry) => ({ entry, variant: variants ? variantOf(entry, figure, text.context) : undefined }))[0];
  return fallback && subjectFor(site, fallback.entry, fallback.variant);
}

function subjectFor(site, entry, variant) {
  if (!entry.service) return { key: `thing:${entry.thing}:${lower(variant ?? "")}`, label: withVariant(entry.thing, variant), order: Infinity };
  const service = site.services.find((candidate) => candidate.slug === entry.service);
  return {
    key: `service:${entry.service}:${lower(variant ?? "")}`,
    label: withVariant(service?.name ?? entry.service, variant),
    order: service?.order ?? Infinity,
    service: entry.service,
  };
}

const withVariant = (name, variant) => (variant ? `${name} – ${variant}` : name);

/** A short quote of the words around a figure, so the editor recognises the place. */
function excerpt(words, figure) {
  const plain = words.trim().replace(/\s+/g, " ").replace(/\*\*/g, "");
  if (plain.length <= 100) return plain;
  // About 45 characters before the figure and 50 after it, cut between words.
  const figureAt = plain.indexOf(figure.replace(/\*\*/g, ""));
  const start = figureAt > 45 ? plain.indexOf(" ", figureAt - 45) + 1 : 0;
  const stop = plain.lastIndexOf(" ", start + 95);
  const end = plain.length - start <= 95 || stop <= figureAt ? plain.length : stop;
  return `${start > 0 ? "…" : ""}${plain.slice(start, end)}${end < plain.length ? "…" : ""}`;
}

/** Where a figure is: its file and field or line, and its words since the previous figure. */
const placeOf = (text, figure) => ({
  file: text.file,
  at: text.at,
  quote: excerpt(figure.sentence.slice(figure.before.at(-1)?.start ?? figure.clauseStart, figure.clauseEnd), figure.match[0]),
});

/**
 * @typedef {object} Figure
 * @property {{ key: string, label: string, order: number, service?: string }} subject
 * @property {string} valueKey how values are compared
 * @property {string} value how the value is shown
 * @property {Place} place
 */

/** Groups figures by subject into facts; a fact disagrees when it has more than one value. */
function groupFacts(kind, figures) {
  const bySubject = new Map();
  for (const figure of figures) {
    const fact = bySubject.get(figure.subject.key) ?? { subject: figure.subject, values: new Map() };
    const value = fact.values.get(figure.valueKey) ?? { shown: [], places: [] };
    value.shown.push(figure.value);
    value.places.push(figure.place);
    fact.values.set(figure.valueKey, value);
    bySubject.set(figure.subject.key, fact);
  }
  return [...bySubject.values()].map(({ subject, values }) => ({
    kind,
    subject: subject.label,
    order: subject.order,
    values: [...values.values()]
      // Shown with its unit when any place gives one.
      .map(({ shown, places }) => ({ value: mostCommon(shown.some(hasUnit) ? shown.filter(hasUnit) : shown), places }))
      .sort((a, b) => b.places.length - a.places.length),
    disagrees: values.size > 1,
  }));
}

const hasUnit = (value) => / per /.test(value);
const mostCommon = (items) => {
  const tally = new Map(items.map((item) => [item, items.filter((other) => other === item).length]));
  return [...tally.entries()].sort((a, b) => b[1] - a[1])[0][0];
};

// --- Prices ------------------------------------------------------------------

const amount = String.raw`(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d{2}|,-)?`;
const priceUnit = String.raw`m²|m2|vierkante meter|strekkende meter|meter|m|pan|uur|jaar|stuk`;
/** Where a unit ends: not \b, since "m²" ends in a sign, not a letter. */
const unitEnd = String.raw`(?![\p{L}\p{N}])`;
/**
 * An amount or a range of two, with the unit after it. "tot € 150" or "boven € 250"
 * on its own is a limit ("reparaties tot € 150 inbegrepen"), not a price.
 */
const pricePattern = new RegExp(
  String.raw`(?<limit>\b(?:tot|boven|onder|maximaal)\s+)?(?:tussen\s+€\s*(?<betweenLow>${amount})\s+en\s+€\s*(?<betweenHigh>${amount})|€\s*(?<low>${amount})(?:\s*(?:-|–|tot|à)\s*€\s*(?<high>${amount}))?)(?:\s+per\s+(?<unit>${priceUnit})${unitEnd})?`,
  "giu",
);

const euros = (text) => Number(text.replace(/\./g, "").replace(/,.*$/, ""));
const formatEuros = (value) => `€ ${String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ".")}`;

function normaliseUnit(unit) {
  if (!unit) return undefined;
  const word = lower(unit);
  if (["m²", "m2", "vierkante meter"].includes(word)) return "per m²";
  if (["m", "meter", "strekkende meter"].includes(word)) return "per m";
  return `per ${word}`;
}

/**
 * Every amount in the content with what it is the price of. Prices are compared
 * by their lowest amount, without the unit, which text often leaves out ("€ 18
 * per m² met glaswol, € 22 met steenwol"): "€ 8 - € 15 per pan" states the
 * same "from" price as "vanaf € 8 per pan". A `price` field without an amount
 * states "op aanvraag" or "gratis".
 */
function* priceFigures(texts, site) {
  for (const text of texts) {
    const isPrice = (match) => !match.groups.limit || Boolean(match.groups.high ?? match.groups.betweenHigh);
    for (const figure of figuresIn(text.text, pricePattern, isPrice)) {
      const { betweenLow, low } = figure.match.groups;
      const subject = subjectOf(figure, text, site);
      if (!subject) continue;
      const unit = normaliseUnit(figure.match.groups.unit);
      const from = euros(betweenLow ?? low);
      const value = from === 0 ? "gratis" : `${formatEuros(from)}${unit ? ` ${unit}` : ""}`;
      yield { subject, valueKey: from === 0 ? "gratis" : String(from), value, place: placeOf(text, figure) };
    }
    if (text.isPrice && !/\d/.test(text.text)) {
      const value = /op aanvraag/i.test(text.text) ? "op aanvraag" : /gratis/i.test(text.text) ? "gratis" : undefined;
      const whole = { match: [text.text], sentence: text.text, clause: text.text, clauseStart: 0, clauseEnd: text.text.length, before: [], after: [] };
      const subject = value && subjectOf(whole, text, site);
      if (subject) yield { subject, valueKey: value, value, place: placeOf(text, whole) };
    }
  }
}

// --- Warranty ------------------------------------------------------------------

const years = String.raw`(?<upTo>\btot\s+)?(?<low>\d+)(?:\s*(?:-|–|tot)\s*(?<high>\d+))?\s+jaar`;
/** "10 jaar garantie", "tot 20 jaar garantie", "garantie van 10 tot 30 jaar". */
const warrantyPattern = new RegExp(
  String.raw`(?<before>garantie\s+(?:van\s+)?)?${years}(?<after>\s+(?:\p{L}+\s+)?garantie)?`,
  "giu",
);
const lifespan = /levensduur|\bmee\b|ouder dan|oud\b/;

/**
 * Warranty years, by service (not by material: content states a warranty per
 * service). A figure counts when "garantie" stands next to it, or when it
 * answers a question about the warranty ("Hoeveel garantie krijg ik?" "Tot 20
 * jaar, …") and its clause, record or file names a service. Without a service
 * it is the warranty on the company's work in general.
 */
function* warrantyFigures(texts, site) {
  for (const text of texts) {
    const answersWarranty = /garantie/i.test(text.question ?? "");
    for (const figure of figuresIn(text.text, warrantyPattern)) {
      const { before, after, upTo, low, high } = figure.match.groups;
      const explicit = Boolean(before || after);
      if (!explicit && (!answersWarranty || lifespan.test(lower(figure.clause)))) continue;
      const subject =
        subjectOf(figure, text, site, { servicesOnly: true, lookBack: false, variants: false }) ??
        (explicit ? { key: "general", label: "the company's work in general (no service named)", order: -1 } : undefined);
      if (!subject) continue;
      const value = upTo ? `tot ${low} jaar` : high ? `${low} tot ${high} jaar` : `${low} jaar`;
      yield { subject, valueKey: value, value, place: placeOf(text, figure) };
    }
  }
}

// --- Response times --------------------------------------------------------------

/**
 * "binnen 2 uur", "binnen 1-2 uur", "binnen het uur", "binnen 1 à 2 werkdagen",
 * a figure set large ("1-2 uur" with its label), and drive times such as "30-60 min".
 */
const responsePattern =
  /(?:\bbinnen\s+|^)(?:(?<withinTheHour>het uur)|(?<low>\d+)(?:\s*(?:-|–|à|tot)\s*(?<high>\d+))?\s*(?<unit>uur|minuten|min|werkdagen)\b)|(?<driveLow>\d+)\s*[-–]\s*(?<driveHigh>\d+)\s*(?:minuten|min)\b/gi;

/**
 * Response times, grouped by what is promised. A range of minutes is the drive
 * time to a town (named in its clause, its record or its town file); other
 * times are classified by the words of their clause, sentence or record.
 */
function* responseFigures(texts, site) {
  const townPatterns = [
    ...site.towns.map((town) => ({ name: town.name, pattern: wordPattern(town.name) })),
    { name: otherPlaces, pattern: /overige|verder weg|andere plaatsen/ },
  ];
  const townIn = (words) => {
    const lowered = lower(words);
    return townPatterns
      .map(({ name, pattern }) => ({ name, index: lowered.search(pattern) }))
      .filter(({ index }) => index >= 0)
      .sort((a, b) => a.index - b.index)[0]?.name;
  };
  for (const text of texts) {
    for (const figure of figuresIn(text.text, responsePattern)) {
      const { withinTheHour, low, high, unit, driveLow, driveHigh } = figure.match.groups;
      const nearWords = [figure.clause, ...figure.before.map((clause) => clause.text)];
      const minutesRange = driveLow ?? (high && /^min/i.test(unit) ? low : undefined);
      if (minutesRange) {
        const town = nearWords.map(townIn).find(Boolean) ?? townIn(text.context) ?? text.fileTown;
        if (!town) continue;
        const value = `${minutesRange}-${driveHigh ?? high} min`;
        const subject = { key: `drive:${town}`, label: `emergency drive time to ${town}`, order: town === otherPlaces ? 1 : 0 };
        yield { subject, valueKey: value, value, place: placeOf(text, figure) };
        continue;
      }
      const shortUnit = withinTheHour ? "uur" : /^min/i.test(unit) ? "min" : lower(unit);
      const promise = [...nearWords, figure.sentence, text.context]
        .map((words) => responsePromises.find((candidate) => candidate.units.includes(shortUnit) && candidate.pattern.test(lower(words))))
        .find(Boolean);
      if (!promise) continue;
      const amount = withinTheHour ? "1" : high ? `${low}-${high}` : low;
      const value = `binnen ${amount} ${shortUnit === "min" ? "minuten" : shortUnit}`;
      const subject = { key: `promise:${promise.label}`, label: promise.label, order: -1 };
      yield { subject, valueKey: value, value, place: placeOf(text, figure) };
    }
  }
}

// --- Review counts -----------------------------------------------------------------

const reviewCountPattern = /(?<count>\d+)(?<atLeast>\+)?\s+(?:reviews|beoordelingen|recensies)\b/gi;

/**
 * Review counts: the total (company.json's rating.count, the reviews-page
 * platforms added up, counts written in text) and the count per town (the
 * town file's reviews.count, shown as "80+", and counts written in text). The
 * values stated must be the same; counts that follow from the content must
 * not exceed them: the towns' counts added up, and the reviews listed in reviews.json.
 */
function reviewCountFacts(content, texts, site) {
  const total = { subject: "all reviews", stated: [], implied: [] };
  const byTown = new Map(site.towns.map((town) => [town.name, { subject: `reviews from ${town.name}`, stated: [], implied: [] }]));
  const addStated = (group, value, place) => {
    const existing = group.stated.find((item) => item.value === value);
    if (existing) existing.places.push(place);
    else group.stated.push({ value, places: [place] });
  };

  const company = content.json.find(({ file }) => file === "company.json")?.data;
  if (isRecord(company) && isRecord(company.rating) && typeof company.rating.count === "number") {
    addStated(total, String(company.rating.count), { file: "company.json", at: "rating.count", quote: String(company.rating.count) });
  }
  const platforms = content.json.find(({ file }) => file === "reviews-page.json")?.data?.platforms?.items;
  if (Array.isArray(platforms) && platforms.every((platform) => typeof platform?.count === "number")) {
    const sum = platforms.reduce((accumulated, platform) => accumulated + platform.count, 0);
    addStated(total, String(sum), {
      file: "reviews-page.json",
      at: "platforms.items[].count, added up",
      quote: platforms.map((platform) => `${platform.name}: ${platform.count}`).join(", "),
    });
  }
  const townCounts = site.towns.filter((town) => typeof town.data.reviews?.count === "number");
  for (const town of townCounts) {
    addStated(byTown.get(town.name), `${town.data.reviews.count}+`, { file: town.file, at: "reviews.count", quote: `${town.data.reviews.count}` });
  }
  if (townCounts.length > 0) {
    total.implied.push({
      atLeast: townCounts.reduce((accumulated, town) => accumulated + town.data.reviews.count, 0),
      note: "the towns' review counts added up",
      places: townCounts.map((town) => ({ file: town.file, at: "reviews.count", quote: `${town.data.reviews.count}` })),
    });
  }
  const listed = content.json.find(({ file }) => file === "reviews.json")?.data;
  if (Array.isArray(listed)) {
    total.implied.push({ atLeast: listed.length, note: "reviews listed in reviews.json", places: [{ file: "reviews.json", at: "(all)", quote: `${listed.length} reviews` }] });
    for (const [name, group] of byTown) {
      const fromTown = listed
        .map((review, index) => ({ review, index }))
        .filter(({ review }) => typeof review?.location === "string" && (review.location === name || review.location.startsWith(`${name}-`)));
      if (fromTown.length === 0) continue;
      group.implied.push({
        atLeast: fromTown.length,
        note: `reviews from ${name} listed in reviews.json`,
        places: fromTown.map(({ review, index }) => ({ file: "reviews.json", at: `[${index}].location`, quote: review.location })),
      });
    }
  }

  const townNames = site.towns.map((town) => town.name);
  for (const text of texts) {
    for (const figure of figuresIn(text.text, reviewCountPattern)) {
      const nearWords = lower([figure.clause, ...figure.before.map((clause) => clause.text)].join(" "));
      const town = townNames.find((name) => wordPattern(name).test(nearWords)) ?? text.fileTown;
      const value = `${figure.match.groups.count}${figure.match.groups.atLeast ?? ""}`;
      addStated(town ? byTown.get(town) : total, value, placeOf(text, figure));
    }
  }

  return [total, ...byTown.values()]
    .filter((group) => group.stated.length > 0)
    .map((group) => {
      const statedNumbers = group.stated.map((item) => Number.parseInt(item.value, 10));
      const exceeding = group.implied.filter((item) => item.atLeast > Math.min(...statedNumbers));
      return {
        kind: "review count",
        subject: group.subject,
        order: group === total ? 0 : 1,
        values: [
          ...group.stated.sort((a, b) => b.places.length - a.places.length),
          ...exceeding.map(({ atLeast, note, places }) => ({ value: `${atLeast}+`, note, places })),
        ],
        disagrees: group.stated.length > 1 || exceeding.length > 0,
      };
    });
}

// --- Broken links ------------------------------------------------------------------

/**
 * The paths that answer: src/pages (index is /, 404 is not a page one links
 * to), the pages gatsby-node.ts makes from content (paths as in
 * src/lib/paths.ts), the redirect sources in netlify.toml and the files in static/.
 */
function knownPages(content, projectDir) {
  const exact = new Set();
  const prefixes = [];
  for (const file of listFiles(path.join(projectDir, "src", "pages"))) {
    const route = file.replace(/\.[jt]sx?$/, "").replace(/(^|\/)index$/, "");
    if (route !== file && route !== "404") exact.add(`/${route}`);
  }
  for (const { file, data } of content.json) {
    if (!isRecord(data) || typeof data.slug !== "string") continue;
    if (file.startsWith("services/")) exact.add(`/diensten/${data.slug}`);
    if (file.startsWith("cities/")) exact.add(`/dakdekker-${data.slug}`);
  }
  for (const { file } of content.markdown) {
    const slug = path.posix.basename(file, ".md");
    if (file.startsWith("blog/")) exact.add(`/blog/${slug}`);
    if (file.startsWith("legal/")) exact.add(`/${slug}`);
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

const normalisePath = (href) => {
  const bare = href.replace(/[?#].*$/, "");
  return bare.length > 1 ? bare.replace(/\/+$/, "") : bare;
};

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

// --- Towns without a page ------------------------------------------------------------

const catchAllArea = /^(?:overige|andere|alle)\b/i;

/**
 * The content names the towns it works in in three ways: the emergency page's
 * areas (each `area` field, except a catch-all row such as "Overige plaatsen"),
 * the map's `place` and the office's `city`, and a written list of the work
 * area ("We werken in {townCount} plaatsen: Amsterdam, …, Aalsmeer en Abcoude").
 * Each must have a town file in cities/. Where projects and reviews took place
 * is not checked: the company also works outside its towns.
 */
function townsWithoutPage(content, texts, site) {
  const hasPage = (name) => site.towns.some((town) => lower(town.name) === lower(name.trim()));
  const problems = [];
  const report = (file, field, name) =>
    problems.push({ file, field, message: `names "${name}" as a town we work in, but cities/ has no town file with that name` });
  for (const { file, data } of content.json) {
    for (const { value, at, key } of jsonNodes(data)) {
      if (["area", "place", "city"].includes(key) && typeof value === "string" && !catchAllArea.test(value) && !hasPage(value)) {
        report(file, at, value);
      }
    }
  }
  for (const text of texts) {
    for (const [, list] of text.text.matchAll(/\bplaatsen:\s*([^.!?;]+)/g)) {
      for (const name of list.split(/,\s*|\s+(?:en|of)\s+/).map((item) => item.trim())) {
        if (/^\p{Lu}/u.test(name) && !hasPage(name)) report(text.file, text.at, name);
      }
    }
  }
  return problems;
}

// --- Prices without a unit -------------------------------------------------------------

const statesVat = /\bbtw\b/i;
const hasAmount = (price) => /€\s*\d/.test(price);

/**
 * A structured price is a `price` field. Two rules, so that a price never
 * loses what it is counted in:
 * 1. A service priced per unit (per m², per m, per pan) in one of its own
 *    prices (its file's price and material options, a card elsewhere naming it by
 *    `service` slug or by name) must give that unit in each of them: "vanaf € 85"
 *    on a card for a roof priced per m² is a price without a unit. A service
 *    whose price is for the whole job ("Vanaf € 150" for a repair) needs none.
 * 2. A list of prices (price box, material options, the cards of a page) must say
 *    whether its amounts include VAT, in each price or in its note or intro.
 */
function pricesWithoutUnit(content, site) {
  const problems = [];
  const servicePrices = new Map(site.services.map((service) => [service.slug, []]));
  for (const { file, data } of content.json) {
    const ownService = site.services.find((service) => service.file === file)?.slug;
    if (ownService && typeof data.price === "string") servicePrices.get(ownService).push({ file, field: "price", price: data.price });
    for (const { value: list, at, key, parent: block, parentAt } of jsonNodes(data)) {
      const priced = Array.isArray(list) ? list.filter((item) => isRecord(item) && typeof item.price === "string") : [];
      if (priced.length === 0) continue;
      problems.push(...listWithoutVat(file, parentAt, block, priced));
      list.forEach((item, index) => {
        if (!priced.includes(item)) return;
        const slug = (ownService && key === "options" ? ownService : undefined) ?? serviceNamed(site, item.service) ?? serviceNamed(site, item.name);
        if (slug) servicePrices.get(slug).push({ file, field: `${joinPath(at, index)}.price`, price: item.price });
      });
    }
  }
  for (const [slug, prices] of servicePrices) {
    const withUnit = prices.find(({ price }) => hasAmount(price) && normaliseUnit(unitOf(price)));
    if (!withUnit) continue;
    const unit = normaliseUnit(unitOf(withUnit.price));
    const name = site.services.find((service) => service.slug === slug).name;
    for (const { file, field, price } of prices) {
      if (!hasAmount(price) || unitOf(price)) continue;
      problems.push({
        file,
        field,
        message: `gives the price "${price}" without a unit, but ${name} is priced ${unit} (${withUnit.file} ${withUnit.field}: "${withUnit.price}")`,
      });
    }
  }
  return problems;
}

const unitOf = (price) => new RegExp(String.raw`\bper\s+(${priceUnit})${unitEnd}`, "iu").exec(price)?.[1];

/** A list of prices whose block (note, intro, title) and prices never say whether VAT is included. */
function listWithoutVat(file, blockAt, block, pricedItems) {
  const amounts = pricedItems.map((item) => item.price).filter(hasAmount);
  if (amounts.length === 0) return [];
  const blockStatesVat = isRecord(block) && Object.values(block).some((value) => typeof value === "string" && statesVat.test(value));
  if (blockStatesVat || amounts.every((price) => statesVat.test(price))) return [];
  return [
    {
      file,
      field: blockAt || "(root)",
      message: `lists prices without saying whether they include VAT: add "exclusief btw" or "inclusief btw" to its note or intro`,
    },
  ];
}
