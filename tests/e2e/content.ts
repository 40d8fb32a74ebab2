import fs from "node:fs";
import path from "node:path";

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

export const readContent = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join("content", file), "utf8")) as T;

/** The service files of content/, in the site's order: what pages must show, read where editors write it. */
export function contentServices(): ContentService[] {
  return fs
    .readdirSync(path.join("content", "services"))
    .map((file) => readContent<ContentService>(path.join("services", file)))
    .sort((a, b) => a.order - b.order);
}
