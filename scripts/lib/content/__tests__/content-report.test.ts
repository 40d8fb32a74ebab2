/** @jest-environment node */
/**
 * `npm run content:check`: small content folders for each rule, then the real
 * content/, which must have no broken content and whose fields state some facts
 * differently on purpose (docs/requirements.md, 'Facts that pages state differently on purpose').
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { typescriptProcess } from "../../serve/typescript-process";
import { contentReport, formatProblem, formatReport, type ContentReport, type FactKind } from "../content-report";

const projectDir = path.resolve(__dirname, "../../../..");
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

/** The values of a fact with where they are, in short: { "€ 35": ["services/bitumen-dak.json startingPriceEuro", …] }. */
function valuesOf(report: ContentReport, kind: FactKind, subject: string) {
  return Object.fromEntries(
    factOf(report, kind, subject).values.map(({ value, places }) => [value, places.map(({ file, at }) => `${file} ${at}`)]),
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
      "towns/amsterdam.json": amsterdam,
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
      "towns/amsterdam.json": amsterdam,
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
      { file: "emergency-page.json", field: "areas.rows[1].area", message: 'names "Weesp" as a town we work in, but towns/ has no town file with that name' },
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
            { service: "bitumen-dak", price: "vanaf {price:bitumen-dak}", text: "Verwijst naar de vanafprijs." },
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
      {
        file: "quote-page.json",
        field: "services.items[2].price",
        message:
          'gives the price "vanaf {price:bitumen-dak}" without a unit, but Bitumen dak is priced per m² (services/bitumen-dak.json price: "Vanaf € 35 per m²")',
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

  it("formats a problem as the build does, naming file and field or line", () => {
    expect(formatProblem({ file: "navigation.json", field: "main[1].href", message: 'links to "/over-onz", which is not a page of the site' })).toBe(
      'Content error in content/navigation.json: field "main[1].href" links to "/over-onz", which is not a page of the site',
    );
    expect(formatProblem({ file: "blog/onderhoud.md", field: "line 6", message: "links to x" }, "fixture")).toBe(
      "Content error in fixture/blog/onderhoud.md: line 6 links to x",
    );
  });
});

describe("facts, read from the fields that state them", () => {
  it("lists a service's starting price beside the quote page's own price for it, by slug or name", () => {
    const report = reportOn({
      "services/bitumen-dak.json": { ...bitumen, startingPriceEuro: 35 },
      "services/daklekkage.json": { ...leak, startingPriceEuro: 150 },
      "quote-page.json": {
        services: {
          intro: "Exclusief btw.",
          items: [
            { service: "bitumen-dak", price: "vanaf € 85 per m²", text: "Nieuw plat dak." },
            { service: "Daklekkage", price: "vanaf € 150", text: "Reparatie." },
          ],
        },
      },
    });
    expect(valuesOf(report, "price", "Bitumen dak")).toEqual({
      "€ 35": ["services/bitumen-dak.json startingPriceEuro"],
      "€ 85": ["quote-page.json services.items[0].price"],
    });
    expect(factOf(report, "price", "Bitumen dak").disagrees).toBe(true);
    expect(factOf(report, "price", "Daklekkage").disagrees).toBe(false);
  });

  it("has no price fact for a service priced on request", () => {
    const report = reportOn({ "services/schoorsteen-renovatie.json": { slug: "schoorsteen-renovatie", name: "Schoorsteen renovatie", price: "Prijs op aanvraag" } });
    expect(report.facts).toEqual([]);
  });

  it("lists the company's years of experience beside a service page's own", () => {
    const report = reportOn({
      "company.json": { experienceYears: 15 },
      "services/zinken-dakgoot.json": { slug: "zinken-dakgoot", name: "Zinken dakgoot", experienceYears: 25 },
      "services/daklekkage.json": leak,
    });
    expect(valuesOf(report, "experience", "years of experience")).toEqual({
      "15+ jaar": ["company.json experienceYears"],
      "25+ jaar": ["services/zinken-dakgoot.json experienceYears"],
    });
  });

  it("adds up the towns' review counts beside the company's total", () => {
    const report = reportOn({
      "company.json": { rating: { value: 4.9, count: 247 } },
      "towns/amsterdam.json": { ...amsterdam, reviews: { count: 200 } },
      "towns/haarlem.json": { slug: "haarlem", name: "Haarlem", order: 2, reviews: { count: 100 } },
    });
    expect(valuesOf(report, "review count", "all reviews")).toEqual({
      "247": ["company.json rating.count"],
      "300+": ["towns/*.json reviews.count, added up"],
    });
  });
});

describe("the real content", () => {
  const report = contentReport(path.join(projectDir, "content"), { projectDir });
  const readJson = <T,>(file: string) => JSON.parse(fs.readFileSync(path.join(projectDir, "content", file), "utf8")) as T;
  const services = fs.readdirSync(path.join(projectDir, "content/services")).map((file) =>
    readJson<{ slug: string; name: string; startingPriceEuro?: number; experienceYears?: number }>(`services/${file}`),
  );
  const quotePrices = readJson<{ services: { items: { service: string; price: string }[] } }>("quote-page.json").services.items;

  it("has no broken content", () => {
    expect(report.problems).toEqual([]);
  });

  it("lists every starting price, with the quote page's own where it names one", () => {
    for (const service of services.filter((candidate) => candidate.startingPriceEuro !== undefined)) {
      const values = valuesOf(report, "price", service.name);
      expect(values[`€ ${service.startingPriceEuro}`]).toContain(`services/${service.slug}.json startingPriceEuro`);
      const quoted = quotePrices.findIndex((item) => item.service === service.slug);
      if (quoted >= 0 && quotePrices[quoted].price.includes("€")) {
        expect(Object.values(values).flat()).toContain(`quote-page.json services.items[${quoted}].price`);
      }
    }
  });

  it("lists the pages that state their own years of experience", () => {
    const own = services.filter((service) => service.experienceYears !== undefined).map((service) => `services/${service.slug}.json experienceYears`);
    expect(own.length).toBeGreaterThan(0);
    expect(Object.values(valuesOf(report, "experience", "years of experience")).flat()).toEqual(expect.arrayContaining(["company.json experienceYears", ...own]));
  });

  it("prints the facts stated differently on purpose first, then those with one value, then the broken content", () => {
    const text = formatReport(report);
    const differing = text.indexOf("Stated differently on purpose");
    const single = text.indexOf("One value: ");
    expect(differing).toBeGreaterThan(0);
    expect(single).toBeGreaterThan(differing);
    expect(text.indexOf("Broken content: none")).toBeGreaterThan(single);
  });
});

describe("npm run content:check (scripts/content-check.ts)", () => {
  const check = (contentDir: string) =>
    spawnSync(...typescriptProcess("scripts/content-check.ts"), { cwd: projectDir, encoding: "utf8", env: { ...process.env, CONTENT_DIR: contentDir } });

  it("exits 0 on the real content", () => {
    const { status, stdout } = check("content");
    expect(stdout).toContain("Broken content: none");
    expect(status).toBe(0);
  });

  it("exits 1 when a twelfth town features a four-star review of its own, naming file and field (the schema's rule, as the build holds it)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-check-"));
    fixtures.push(dir);
    fs.cpSync(path.join(projectDir, "content"), dir, { recursive: true, filter: (source) => !source.includes(`${path.sep}images${path.sep}`) });
    const readJson = <T,>(file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as T;
    const writeJson = (file: string, data: unknown) => fs.writeFileSync(path.join(dir, file), JSON.stringify(data, null, 2));
    const lastOrder = Math.max(...fs.readdirSync(path.join(dir, "towns")).map((file) => readJson<{ order: number }>(`towns/${file}`).order));
    const town = readJson<Record<string, unknown> & { reviews: Record<string, unknown> }>("towns/amstelveen.json");
    const review = readJson<Record<string, unknown>>("reviews/review-kees-brouwer.json");
    writeJson("reviews/review-uithoorn-1.json", { ...review, slug: "review-uithoorn-1", location: "Uithoorn", rating: 5 });
    writeJson("reviews/review-uithoorn-2.json", { ...review, slug: "review-uithoorn-2", location: "Uithoorn", rating: 4 });
    writeJson("towns/uithoorn.json", {
      ...town,
      slug: "uithoorn",
      name: "Uithoorn",
      order: lastOrder + 1,
      reviews: { ...town.reviews, featured: ["review-uithoorn-1", "review-uithoorn-2"] },
    });
    const { status, stdout } = check(dir);
    expect(stdout).toContain(
      `Content error in ${dir}/towns/uithoorn.json: field "reviews.featured[1]" names "review-uithoorn-2", which is not a five-star review from the town itself (docs/requirements.md, 'Page by page')`,
    );
    expect(stdout).not.toContain("reviews.featured[0]");
    expect(status).toBe(1);
  });

  it("exits 1 on a reference that names no fact, as the build does", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-check-"));
    fixtures.push(dir);
    fs.cpSync(path.join(projectDir, "content"), dir, { recursive: true, filter: (source) => !source.includes(`${path.sep}images${path.sep}`) });
    const file = path.join(dir, "services", "daklekkage.json");
    const service = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
    fs.writeFileSync(file, JSON.stringify({ ...service, price: "Vanaf {price:daklek}" }, null, 2));
    const { status, stdout } = check(dir);
    expect(stdout).toContain(`Content error in ${dir}/services/daklekkage.json: field "price" names {price:daklek}, which is no fact (docs/content.md)`);
    expect(status).toBe(1);
  });

  it("exits 1 on a file that is not JSON, printing it once", () => {
    const dir = contentFolder({ "company.json": '{ "name": "Grachtenstad Dakwerken", }' });
    const { status, stdout } = check(dir);
    expect(stdout.match(/company\.json: field "\(file\)" is not valid JSON: /g)).toHaveLength(1);
    expect(status).toBe(1);
  });

  it("exits 1 on broken content, printing each problem with file and place", () => {
    const dir = contentFolder({ "navigation.json": { main: [{ name: "Over ons", href: "/over-onz" }] } });
    const { status, stdout } = check(dir);
    expect(stdout).toContain(`Content error in ${dir}/navigation.json: field "main[0].href" links to "/over-onz", which is not a page of the site`);
    expect(status).toBe(1);
  });
});
