/** @jest-environment node */
/**
 * `npm run content:check`: small content folders for each rule, then the real
 * content/, which must have no broken content and does state some facts in
 * more than one way (docs/requirements.md, 'Facts that pages state differently on purpose').
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { contentReport, formatProblem, formatReport, type ContentReport, type FactKind } from "../content-report.mjs";

const projectDir = path.resolve(__dirname, "../../..");
const fixtures: string[] = [];

/** A content folder in a temporary directory: objects are written as JSON, strings as they are. */
function contentFolder(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-report-"));
  fixtures.push(dir);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), typeof content === "string" ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

const reportOn = (files: Record<string, unknown>) => contentReport(contentFolder(files), { projectDir });

function factOf(report: ContentReport, kind: FactKind, subject: string) {
  const fact = report.facts.find((candidate) => candidate.kind === kind && candidate.subject === subject);
  if (!fact) throw new Error(`no ${kind} fact about "${subject}"; found: ${report.facts.map((f) => `${f.kind}: ${f.subject}`).join("; ")}`);
  return fact;
}

/** The values of a fact with where they are, in short: { "€ 35 per m²": ["services/bitumen-dak.json price", …] }. */
function valuesOf(report: ContentReport, kind: FactKind, subject: string) {
  return Object.fromEntries(
    factOf(report, kind, subject).values.map(({ value, note, places }) => [
      note ? `${value} (${note})` : value,
      places.map(({ file, at }) => `${file} ${at}`),
    ]),
  );
}

afterAll(() => {
  for (const dir of fixtures) fs.rmSync(dir, { recursive: true, force: true });
});

const bitumen = { slug: "bitumen-dak", name: "Bitumen dak", order: 3, price: "Vanaf € 35 per m²" };
const leak = { slug: "daklekkage", name: "Daklekkage", order: 1, price: "Vanaf € 150" };
const amsterdam = { slug: "amsterdam", name: "Amsterdam", order: 1 };

describe("broken content", () => {
  it("reports a JSON link to a page that does not exist, and accepts pages, redirects, anchors and other schemes", () => {
    const { problems } = reportOn({
      "services/daklekkage.json": leak,
      "navigation.json": {
        main: [
          { name: "Home", href: "/" },
          { name: "Over ons", href: "/over-onz" },
          { name: "Offerte", href: "/offerte#offerte-formulier" },
          { name: "Lekkage", href: "/diensten/daklekkage/" },
          { name: "Oude goten", href: "/diensten/dakgoten" },
          { name: "Bellen", href: "tel:+31202614890" },
          { name: "Elders", href: "https://example.com/over-onz" },
        ],
        legal: [
          { name: "Sitemap", href: "/sitemap.xml" },
          { name: "Icoon", href: "/favicon.svg?v=2" },
        ],
      },
    });
    expect(problems).toEqual([{ file: "navigation.json", field: "main[1].href", message: 'links to "/over-onz", which is not a page of the site' }]);
  });

  it("reports a Markdown link to a page that does not exist with its line", () => {
    const { problems } = reportOn({
      "services/dakisolatie.json": { slug: "dakisolatie", name: "Dakisolatie" },
      "cities/amsterdam.json": amsterdam,
      "blog/onderhoud.md": [
        "---",
        'title: "Onderhoud"',
        "---",
        "",
        "Lees over [isolatie](/diensten/dakisolatie) en [Amsterdam](/dakdekker-amsterdam).",
        "Of over [zinken goten](/diensten/dakgoot#prijzen), [dit artikel](/blog/onderhoud) en [privacy](https://example.com).",
        "",
      ].join("\n"),
    });
    expect(problems).toEqual([{ file: "blog/onderhoud.md", field: "line 6", message: 'links to "/diensten/dakgoot#prijzen", which is not a page of the site' }]);
  });

  it("reports an emergency area that has no town page, but not the row for all other places", () => {
    const { problems } = reportOn({
      "cities/amsterdam.json": amsterdam,
      "emergency-page.json": {
        areas: {
          rows: [
            { area: "Amsterdam", time: "30-60 min", priority: "Hoog" },
            { area: "Weesp", time: "45-60 min", priority: "Hoog" },
            { area: "Overige plaatsen", time: "90-120 min", priority: "Standaard" },
          ],
        },
      },
    });
    expect(problems).toEqual([
      { file: "emergency-page.json", field: "areas.rows[1].area", message: 'names "Weesp" as a town we work in, but cities/ has no town file with that name' },
    ]);
  });

  it("reports a town in a written list of the work area that has no town page", () => {
    const { problems } = reportOn({
      "cities/amsterdam.json": amsterdam,
      "chatbot.json": {
        entries: [{ keywords: ["werkgebied"], question: "Waar werken jullie?", answer: "We werken in {townCount} plaatsen: Amsterdam en Weesp. Bel {phone}." }],
      },
    });
    expect(problems).toEqual([
      { file: "chatbot.json", field: "entries[0].answer", message: 'names "Weesp" as a town we work in, but cities/ has no town file with that name' },
    ]);
  });

  it("reports a price without the unit its service is priced in, but not a price for a whole job", () => {
    const { problems } = reportOn({
      "services/bitumen-dak.json": bitumen,
      "services/daklekkage.json": leak,
      "quote-page.json": {
        services: {
          intro: "Indicatieve vanafprijzen, exclusief btw.",
          items: [
            { service: "bitumen-dak", price: "vanaf € 85", text: "Een nieuwe bitumen dakbedekking." },
            { service: "daklekkage", price: "vanaf € 125", text: "Een blijvende reparatie." },
          ],
        },
      },
    });
    expect(problems).toEqual([
      {
        file: "quote-page.json",
        field: "services.items[0].price",
        message: 'gives the price "vanaf € 85" without a unit, but Bitumen dak is priced per m² (services/bitumen-dak.json price: "Vanaf € 35 per m²")',
      },
    ]);
  });

  it("reports a price list that does not say whether VAT is included", () => {
    const priceBox = (note: string) => ({ title: "Wat kost het?", rows: [{ label: "Kleine reparatie", price: "vanaf € 150" }], note });
    const withoutVat = reportOn({ "services/daklekkage.json": { ...leak, priceBox: priceBox("Grotere reparaties krijgen een vaste prijs.") } });
    expect(withoutVat.problems).toEqual([
      {
        file: "services/daklekkage.json",
        field: "priceBox",
        message: 'lists prices without saying whether they include VAT: add "exclusief btw" or "inclusief btw" to its note or intro',
      },
    ]);
    const withVat = reportOn({ "services/daklekkage.json": { ...leak, priceBox: priceBox("Prijzen exclusief btw.") } });
    expect(withVat.problems).toEqual([]);
  });

  it("reports a content file that is not valid JSON", () => {
    const { problems } = reportOn({ "company.json": '{ "name": "Grachtenstad Dakwerken", }' });
    expect(problems).toEqual([{ file: "company.json", field: "(file)", message: expect.stringMatching(/^is not valid JSON: /) }]);
  });

  it("formats a problem as the build does, naming file and field or line", () => {
    expect(formatProblem({ file: "navigation.json", field: "main[1].href", message: 'links to "/over-onz", which is not a page of the site' })).toBe(
      'Content error in content/navigation.json: field "main[1].href" links to "/over-onz", which is not a page of the site',
    );
    expect(formatProblem({ file: "blog/onderhoud.md", field: "line 6", message: "links to x" }, "fixture")).toBe(
      "Content error in fixture/blog/onderhoud.md: line 6 links to x",
    );
  });
});

describe("facts stated in more than one way", () => {
  it("groups prices by service and variant, from service files, quote cards, chatbot answers and articles", () => {
    const report = reportOn({
      "services/bitumen-dak.json": {
        ...bitumen,
        materials: { intro: "Prijzen exclusief btw.", options: [{ name: "EPDM", price: "Vanaf € 45 per m²" }] },
        priceBox: { rows: [{ label: "Losse inspectie met rapport", price: "€ 75" }], note: "Prijzen exclusief btw." },
      },
      "quote-page.json": { services: { intro: "Exclusief btw.", items: [{ service: "bitumen-dak", price: "vanaf € 85 per m²", text: "Nieuw dak." }] } },
      "chatbot.json": {
        entries: [
          {
            keywords: ["bitumen"],
            question: "Wat kost een bitumen dak?",
            answer: "Een nieuwe bitumen dakbedekking kost vanaf € 35 per m², EPDM vanaf € 45 per m². Meerwerk boven € 250 melden we vooraf.",
          },
        ],
      },
      "blog/plat-dak.md": "# Plat dak\n\n- EPDM: vanaf € 45 per m².\n",
    });
    expect(factOf(report, "price", "Bitumen dak").disagrees).toBe(true);
    expect(valuesOf(report, "price", "Bitumen dak")).toEqual({
      "€ 35 per m²": ["chatbot.json entries[0].answer", "services/bitumen-dak.json price"],
      "€ 85 per m²": ["quote-page.json services.items[0].price"],
    });
    expect(factOf(report, "price", "Bitumen dak – EPDM").disagrees).toBe(false);
    expect(valuesOf(report, "price", "Bitumen dak – EPDM")).toEqual({
      "€ 45 per m²": ["chatbot.json entries[0].answer", "services/bitumen-dak.json materials.options[0].price", "blog/plat-dak.md line 3"],
    });
    expect(valuesOf(report, "price", "Losse inspectie")).toEqual({ "€ 75": ["services/bitumen-dak.json priceBox.rows[0].price"] });
    // A limit such as "boven € 250" is not a price.
    expect(report.facts.flatMap((fact) => fact.values).map((value) => value.value)).not.toContain("€ 250");
  });

  it("keeps each material with its own amount in a list of prices", () => {
    const report = reportOn({
      "services/dakisolatie.json": {
        slug: "dakisolatie",
        name: "Dakisolatie",
        price: "Vanaf € 25 per m²",
        intro: { paragraphs: ["Isoleren kost vanaf € 18 per m² met glaswol, € 22 met steenwol en € 25 met PIR, exclusief btw."] },
      },
    });
    expect(valuesOf(report, "price", "Dakisolatie – Glaswol")).toEqual({ "€ 18 per m²": ["services/dakisolatie.json intro.paragraphs[0]"] });
    expect(valuesOf(report, "price", "Dakisolatie – Steenwol")).toEqual({ "€ 22": ["services/dakisolatie.json intro.paragraphs[0]"] });
    expect(valuesOf(report, "price", "Dakisolatie – PIR")).toEqual({ "€ 25": ["services/dakisolatie.json intro.paragraphs[0]"] });
    expect(factOf(report, "price", "Dakisolatie").disagrees).toBe(false);
  });

  it("finds warranty years per service and for the work in general", () => {
    const report = reportOn({
      "services/dakisolatie.json": { slug: "dakisolatie", name: "Dakisolatie", features: ["15 jaar garantie op de isolatie"] },
      "home.json": { stats: [{ value: "15 jaar", label: "garantie op dakwerk" }] },
      "services-page.json": { keyFacts: [{ value: "10 jaar", label: "garantie op ons werk" }] },
      "chatbot.json": {
        entries: [{ keywords: ["garantie"], question: "Hoeveel jaar garantie krijg ik?", answer: "Dat hangt af van het werk: 15 jaar op dakisolatie. Isolatie gaat 50 jaar mee." }],
      },
    });
    const general = "the company's work in general (no service named)";
    expect(factOf(report, "warranty", general).disagrees).toBe(true);
    expect(valuesOf(report, "warranty", general)).toEqual({
      "15 jaar": ["home.json stats[0].value"],
      "10 jaar": ["services-page.json keyFacts[0].value"],
    });
    expect(valuesOf(report, "warranty", "Dakisolatie")).toEqual({
      "15 jaar": ["chatbot.json entries[0].answer", "services/dakisolatie.json features[0]"],
    });
  });

  it("groups response times by what is promised", () => {
    const report = reportOn({
      "cities/amsterdam.json": { ...amsterdam, contactForm: { subtitle: "Wij reageren binnen 2 uur en plannen een inspectie." } },
      "contact-page.json": { contactForm: { subtitle: "Vul het formulier in, dan nemen wij binnen 4 uur contact met u op." } },
      "emergency-page.json": {
        hero: { points: ["Meestal binnen 2 uur ter plaatse"] },
        areas: { rows: [{ area: "Amsterdam", time: "30-60 min", priority: "Hoog" }] },
      },
      "quote-page.json": { process: { steps: [{ title: "Offerte binnen 24 uur", description: "U krijgt een vaste prijs." }] } },
      "chatbot.json": { entries: [{ keywords: ["amsterdam"], question: "Amsterdam?", answer: "Bij spoed zijn we er in Amsterdam meestal binnen 30-60 min." }] },
    });
    expect(valuesOf(report, "response time", "reply to a request (form, e-mail, WhatsApp, call back)")).toEqual({
      "binnen 2 uur": ["cities/amsterdam.json contactForm.subtitle"],
      "binnen 4 uur": ["contact-page.json contactForm.subtitle"],
    });
    expect(valuesOf(report, "response time", "emergency: time until on site")).toEqual({ "binnen 2 uur": ["emergency-page.json hero.points[0]"] });
    expect(valuesOf(report, "response time", "quote after the inspection")).toEqual({ "binnen 24 uur": ["quote-page.json process.steps[0].title"] });
    expect(valuesOf(report, "response time", "emergency drive time to Amsterdam")).toEqual({
      "30-60 min": ["chatbot.json entries[0].answer", "emergency-page.json areas.rows[0].time"],
    });
  });

  it("compares review counts in company.json, the platforms, the towns and text, and skips {reviewCount}", () => {
    const report = reportOn({
      "company.json": { rating: { value: 4.9, best: 5, count: 247 } },
      "reviews-page.json": {
        hero: { text: "Gemiddeld een {rating} uit {reviewCount} beoordelingen." },
        platforms: { items: [{ name: "Google", rating: 4.9, count: 200 }, { name: "Trustoo", rating: 4.8, count: 40 }] },
      },
      "cities/amsterdam.json": { ...amsterdam, keyFacts: [{ value: "80+", label: "reviews uit Amsterdam" }], reviews: { count: 80 } },
      "cities/haarlem.json": { slug: "haarlem", name: "Haarlem", keyFacts: [{ value: "45+", label: "reviews uit Haarlem" }], reviews: { count: 40 } },
    });
    expect(valuesOf(report, "review count", "all reviews")).toEqual({
      "247": ["company.json rating.count"],
      "240": ["reviews-page.json platforms.items[].count, added up"],
    });
    expect(factOf(report, "review count", "reviews from Amsterdam").disagrees).toBe(false);
    expect(valuesOf(report, "review count", "reviews from Haarlem")).toEqual({
      "40+": ["cities/haarlem.json reviews.count"],
      "45+": ["cities/haarlem.json keyFacts[0].value"],
    });
  });

  it("reports town counts that add up to more reviews than the total", () => {
    const report = reportOn({
      "company.json": { rating: { count: 247 } },
      "cities/amsterdam.json": { ...amsterdam, reviews: { count: 200 } },
      "cities/haarlem.json": { slug: "haarlem", name: "Haarlem", reviews: { count: 100 } },
    });
    expect(factOf(report, "review count", "all reviews").disagrees).toBe(true);
    expect(valuesOf(report, "review count", "all reviews")).toEqual({
      "247": ["company.json rating.count"],
      "300+ (the towns' review counts added up)": ["cities/amsterdam.json reviews.count", "cities/haarlem.json reviews.count"],
    });
  });
});

describe("the real content", () => {
  const report = contentReport(path.join(projectDir, "content"), { projectDir });
  const shown = (kind: FactKind, subject: string) => Object.keys(valuesOf(report, kind, subject));

  it("has no broken content", () => {
    expect(report.problems).toEqual([]);
  });

  it("reports the prices that differ between service pages, the quote page, the chatbot and the blog", () => {
    expect(shown("price", "Daklekkage")).toEqual(["€ 150", "€ 125"]);
    expect(valuesOf(report, "price", "Daklekkage")["€ 125"]).toEqual(["quote-page.json services.items[0].price"]);
    expect(shown("price", "Bitumen dak")).toEqual(["€ 35 per m²", "€ 85 per m²"]);
    expect(shown("price", "Pannendak")).toEqual(["€ 55 per m²", "€ 45 per m²"]);
    expect(shown("price", "Zinken dakgoot")).toEqual(["€ 45 per m", "€ 35 per m"]);
    expect(shown("price", "Dakrenovatie")).toEqual(["€ 45 per m²", "op aanvraag"]);
    expect(valuesOf(report, "price", "Dakrenovatie – plat dak")["€ 75 per m²"]).toEqual(["blog/dakrenovatie-badhoevedorp.md line 64"]);
    expect(factOf(report, "price", "Dakisolatie – PIR").disagrees).toBe(false);
    expect(factOf(report, "price", "Losse inspectie").disagrees).toBe(false);
  });

  it("reports warranty years stated as 15 and as 10 years for the work in general", () => {
    const general = valuesOf(report, "warranty", "the company's work in general (no service named)");
    expect(Object.keys(general).sort()).toEqual(["10 jaar", "15 jaar", "tot 15 jaar"]);
    expect(general["10 jaar"]).toContain("services-page.json keyFacts[1].value");
    expect(general["15 jaar"]).toContain("legal/algemene-voorwaarden.md line 74");
    expect(factOf(report, "warranty", "Dakrenovatie").disagrees).toBe(false);
  });

  it("reports the different reply and arrival times", () => {
    expect(shown("response time", "reply to a request (form, e-mail, WhatsApp, call back)").sort()).toEqual(
      ["binnen 15 minuten", "binnen 2 uur", "binnen 24 uur", "binnen 4 uur"].sort(),
    );
    expect(shown("response time", "emergency: time until on site")).toEqual(expect.arrayContaining(["binnen 2 uur", "binnen 1-2 uur"]));
    expect(factOf(report, "response time", "quote after the inspection").disagrees).toBe(false);
  });

  it("reports that the towns' review counts add up to more than the total", () => {
    expect(shown("review count", "all reviews")).toEqual(["247", "360+ (the towns' review counts added up)"]);
    expect(factOf(report, "review count", "reviews from Amsterdam").disagrees).toBe(false);
  });

  it("prints disagreements first, then the consistent facts, then the broken content", () => {
    const text = formatReport(report);
    const disagreements = text.indexOf("Disagreements: ");
    const consistent = text.indexOf("Consistent: ");
    expect(disagreements).toBeGreaterThan(0);
    expect(consistent).toBeGreaterThan(disagreements);
    expect(text.indexOf("Broken content: none")).toBeGreaterThan(consistent);
    expect(text).toContain('    quote-page.json services.items[0].price: "vanaf € 125"');
    expect(text).toContain("  Price: Dakisolatie – PIR: € 25 per m²");
  });
});

describe("node scripts/content-check.mjs", () => {
  const check = (contentDir: string) =>
    spawnSync(process.execPath, ["scripts/content-check.mjs"], { cwd: projectDir, encoding: "utf8", env: { ...process.env, CONTENT_DIR: contentDir } });

  it("exits 0 on the real content", () => {
    const { status, stdout } = check("content");
    expect(stdout).toContain("Broken content: none");
    expect(status).toBe(0);
  });

  it("exits 1 on broken content, printing each problem with file and place", () => {
    const dir = contentFolder({ "navigation.json": { main: [{ name: "Over ons", href: "/over-onz" }] } });
    const { status, stdout } = check(dir);
    expect(stdout).toContain(`Content error in ${dir}/navigation.json: field "main[0].href" links to "/over-onz", which is not a page of the site`);
    expect(status).toBe(1);
  });
});
