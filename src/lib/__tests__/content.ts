import fs from "node:fs";
import path from "node:path";
import companyFile from "../../../content/company.json";
import { factTable, fillFactsDeep } from "../../../plugins/gatsby-plugin-content/facts";

const contentDir = path.resolve(__dirname, "../../../content");

function folder<T extends { order: number }>(name: string): T[] {
  return fs
    .readdirSync(path.join(contentDir, name))
    .map((file) => JSON.parse(fs.readFileSync(path.join(contentDir, name, file), "utf8")) as T)
    .sort((a, b) => a.order - b.order);
}

/** The service files, in the site's order. */
export const services = folder<{ order: number; slug: string; name: string; icon: string; urgent: boolean; startingPriceEuro?: number }>(
  "services",
);

/** The town files, in the site's order. */
export const towns = folder<{
  order: number;
  slug: string;
  name: string;
  chatbot: { keywords?: string[]; question: string; answer: string };
}>("towns");

/** The company as the site sees it: content/company.json with the towns of content/towns/ (see useSiteData). */
export const company = { ...companyFile, towns };

/** Every fact content may refer to, as the build resolves it. */
export const facts = factTable({ company: companyFile, towns, services });

/** A content record as GraphQL hands it to components: every text's fact references resolved (plugins/gatsby-plugin-content). */
export const resolvedDeep = <T,>(value: T): T => fillFactsDeep(value, facts);
