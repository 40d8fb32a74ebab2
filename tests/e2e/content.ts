import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { readContentRecords } from "../../plugins/gatsby-plugin-content/content-files";
import { byOrder, contentTypes, recordsOf, type Review, type Service, type Town } from "../../plugins/gatsby-plugin-content/content-schema";
import { factsFrom, fillFactsDeep } from "../../plugins/gatsby-plugin-content/facts";

/** The records of content/, read and typed as the build reads them (plugins/gatsby-plugin-content). */
const read = readContentRecords(path.resolve("content"));

/** Every fact content may refer to, as the build resolves it (plugins/gatsby-plugin-content/facts.ts). */
export const facts = factsFrom(read);

/** The records of a content type (contentTypes.ProjectsJson), typed by its schema, as the site shows them: every text's fact references resolved. */
export const contentRecords = <S extends z.ZodType>(schema: S): z.input<S>[] => fillFactsDeep(recordsOf(read, schema), facts);

/** The record of a file at the top of content/ (contentTypes.AboutPageJson), as the site shows it. */
export function contentFile<S extends z.ZodType>(schema: S): z.input<S> {
  const [record] = contentRecords(schema);
  if (record === undefined) throw new Error("content/ has no file of this type");
  return record;
}

/** The service files of content/, in the site's order, as the site shows them: what pages must show, read where editors write it. */
export const contentServices = (): Service[] => contentRecords(contentTypes.ServicesJson).sort(byOrder);

/** The reviews of content/reviews/, one file each, as the site shows them. */
export const contentReviews = (): Review[] => contentRecords(contentTypes.ReviewsJson);

/** The town files of content/, in the site's order, as the site shows them. */
export const contentTowns = (): Town[] => contentRecords(contentTypes.TownsJson).sort(byOrder);

/** The company as the site shows it: content/company.json with the towns of content/towns/. */
export const company = { ...contentFile(contentTypes.CompanyJson), towns: contentTowns() };

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
