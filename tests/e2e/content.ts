import fs from "node:fs";
import path from "node:path";
import companyFile from "../../content/company.json";
import { factTable, fillFactsDeep } from "../../plugins/gatsby-plugin-content/facts";

interface IconCard {
  icon: string;
  title: string;
  text: string;
}

/** A service file of content/services/, as far as the tests read it. */
export interface ContentService {
  slug: string;
  name: string;
  title: string;
  order: number;
  urgent: boolean;
  description: string;
  features: string[];
  startingPriceEuro?: number;
  price: string;
  imageAlt: string;
  hero: { badge: string; text: string; points: string[] };
  keyFacts: { value: string; label: string }[];
  intro: { title: string; paragraphs: string[] };
  benefits: { title: string; items: IconCard[] };
  topics: { title: string; intro?: string; items: IconCard[] }[];
  materials?: { title: string; intro: string; options: { name: string; description: string; features: string[]; price: string }[] };
  priceBox?: { title: string; rows: { label: string; price: string }[]; note: string };
  emergency?: { title: string; text: string };
  process: { title: string; steps: { title: string; description: string }[] };
  faq: { title: string; items: { question: string; answer: string }[] };
  reviews: { title: string; intro: string };
  chatTopic: "general" | "insulation";
  cta: { title: string; text: string };
  contactForm: { title: string; subtitle: string };
}

const readRaw = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join("content", file), "utf8")) as T;
const readFolder = <T extends { order: number }>(folder: string, read: (file: string) => T): T[] =>
  fs
    .readdirSync(path.join("content", folder))
    .map((file) => read(path.join(folder, file)))
    .sort((a, b) => a.order - b.order);

/** Every fact content may refer to, as the build resolves it (plugins/gatsby-plugin-content/facts.ts). */
export const facts = factTable({
  company: companyFile,
  towns: readFolder<{ name: string; order: number }>("towns", readRaw),
  services: readFolder<{ slug: string; order: number; startingPriceEuro?: number; experienceYears?: number }>("services", readRaw),
});

/** A content file as the site shows it: every text with its fact references resolved, as the build does. */
export const readContent = <T>(file: string): T => fillFactsDeep(readRaw<T>(file), facts);

/** The service files of content/, in the site's order: what pages must show, read where editors write it. */
export const contentServices = (): ContentService[] => readFolder("services", readContent<ContentService>);

/** The reviews of content/reviews/, one file each, as the site shows them. */
export const contentReviews = <T>(): T[] =>
  fs.readdirSync(path.join("content", "reviews")).map((file) => readContent<T>(path.join("reviews", file)));

/** A town file of content/towns/, as far as the tests read it. */
export interface ContentTown {
  slug: string;
  name: string;
  order: number;
  imageAlt: string;
  hero: { badge: string; title: string; text: string; points: string[] };
  keyFacts: { value: string; label: string }[];
  local: { title: string; paragraphs: string[]; points: IconCard[] };
  emergency: { title: string; text: string };
  highlights: { title: string; intro: string; items: { service: string; text: string }[] };
  prices: { title: string; intro: string; services: string[]; note: string };
  districts: { title: string; intro: string; names: string[] };
  reviews: { title: string; intro: string; count: number; featured: string[] };
  contactForm: { title: string; subtitle: string };
  expertise: { title: string; paragraphs: string[] };
  map: { title: string; text: string };
  closing?: { title: string; text: string };
}

/** The town files of content/, in the site's order. */
export const contentTowns = (): ContentTown[] => readFolder("towns", readContent<ContentTown>);

/** The company as the site shows it: content/company.json with the towns of content/towns/. */
export const company = { ...readContent<typeof companyFile>("company.json"), towns: contentTowns() };

/** An article of content/blog/: its frontmatter and Markdown body, as the tests read them. */
export interface ContentArticle {
  slug: string;
  title: string;
  excerpt: string;
  date: string;
  category: string;
  imageAlt: string;
  body: string;
}

/** The articles of content/blog/, newest first. The frontmatter is flat "key: value" lines, as the articles write it. */
export function contentArticles(): ContentArticle[] {
  const dir = path.join("content", "blog");
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".md"))
    .map((file) => {
      const source = fs.readFileSync(path.join(dir, file), "utf8");
      const [, head, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source) ?? [];
      const fields = Object.fromEntries(
        head.split("\n").map((line) => {
          const [key, ...rest] = line.split(":");
          return [key.trim(), JSON.parse(rest.join(":").trim())];
        }),
      );
      return { ...fields, slug: file.replace(/\.md$/, ""), body } as ContentArticle;
    })
    .sort((a, b) => b.date.localeCompare(a.date));
}
