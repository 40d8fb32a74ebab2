/** @jest-environment node */
/**
 * Adding a page is adding one content file: a fixture file in a copy of the
 * project builds into a full page, and every list of its kind picks it up.
 */
import fs from "node:fs";
import path from "node:path";
import { headersFor, parseHeadersFile } from "../../scripts/lib/static-server.mjs";
import { scriptHashSource, siteInlineScripts } from "../../src/lib/security-headers";
import { buildCopy, readJson, writeJson, type Json } from "./project-copy";

jest.setTimeout(480_000);

test("a ninth service, a twelfth town, a fifth article and a seventh project each build and join every list of their kind", async () => {
  const fixture = { slug: "dakinspectie", name: "Dakinspectie", title: "Dakinspectie met rapport", order: 9 };
  const town = { slug: "uithoorn", name: "Uithoorn", order: 12 };
  const article = { slug: "dakgoot-schoonmaken", title: "Dakgoot schoonmaken: wanneer en hoe" };
  const project = { slug: "dakkapel-diemen", title: "Nieuwe dakkapel met zinken goot in Diemen", order: 7, featured: false, categories: ["dakgoten"] };
  await buildCopy(
    (dir) => {
      const model = readJson(path.join(dir, "content/services/daklekkage.json")) as Record<string, Json>;
      writeJson(path.join(dir, `content/services/${fixture.slug}.json`), { ...model, ...fixture });
      const townModel = readJson(path.join(dir, "content/towns/amstelveen.json")) as Record<string, Json>;
      const hero = { ...(townModel.hero as Record<string, Json>), title: "Dakdekker in Uithoorn" };
      writeJson(path.join(dir, `content/towns/${town.slug}.json`), { ...townModel, ...town, hero });
      const articleModel = fs.readFileSync(path.join(dir, "content/blog/daklekkage-amsterdam.md"), "utf8");
      fs.writeFileSync(
        path.join(dir, `content/blog/${article.slug}.md`),
        articleModel.replace(/^title: .*$/m, `title: "${article.title}"`).replace(/^date: .*$/m, 'date: "2026-11-20"'),
      );
      const projectModel = readJson(path.join(dir, "content/projects/zinken-goten-amstelveen.json")) as Record<string, Json>;
      writeJson(path.join(dir, `content/projects/${project.slug}.json`), { ...projectModel, ...project });
    },
    (dir, result) => {
      expect({ status: result.status, end: result.output.slice(-800) }).toMatchObject({ status: 0 });
      // The Netlify adapter writes a page as route.html (trailingSlash "never"); Gatsby alone as route/index.html.
      const html = (route: string) => {
        const flat = path.join(dir, "public", `${route}.html`);
        return fs.readFileSync(fs.existsSync(flat) ? flat : path.join(dir, "public", route, "index.html"), "utf8");
      };
      expect(html(`diensten/${fixture.slug}`)).toMatch(new RegExp(`<h1[^>]*>${fixture.title}</h1>`));
      expect(html("diensten")).toContain(`href="/diensten/${fixture.slug}"`);
      expect(html("diensten/daklekkage")).toContain(`href="/diensten/${fixture.slug}"`);

      expect(html(`dakdekker-${town.slug}`)).toMatch(/<h1[^>]*>Dakdekker in Uithoorn<\/h1>/);
      expect(html("index")).toContain(`href="/dakdekker-${town.slug}"`);
      expect(html("dakdekker-haarlem")).toContain(`href="/dakdekker-${town.slug}"`);
      expect(html("diensten")).toMatch(new RegExp(`<option[^>]*>${town.name}</option>`));

      const options = readJson(path.join(dir, "netlify/functions/send-contact-email/form-options.json")) as {
        services: string[];
        towns: string[];
      };
      expect(options.services[options.services.length - 1]).toBe(fixture.name);
      expect(options.towns[options.towns.length - 1]).toBe(town.name);
      expect(html(`blog/${article.slug}`)).toMatch(new RegExp(`<h1[^>]*>${article.title}</h1>`));
      const index = html("blog");
      expect(index.indexOf(`href="/blog/${article.slug}"`)).toBeGreaterThan(-1);
      expect(index.indexOf(`href="/blog/${article.slug}"`)).toBeLessThan(index.indexOf('href="/blog/dakonderhoud-purmerend"'));

      // Server-rendered with all projects; the filter's count for its category grows by one.
      const projects = html("projecten");
      expect(projects).toContain(project.title);
      expect(projects).toMatch(/>Alle<!-- --> \(<!-- -->7<!-- -->\)</);
      expect(projects).toMatch(/>Dakgoten<!-- --> \(<!-- -->3<!-- -->\)</);

      const sitemap = fs.readFileSync(path.join(dir, "public/sitemap-0.xml"), "utf8");
      expect(sitemap).toContain(`/blog/${article.slug}</loc>`);
      expect(sitemap).toContain(`/diensten/${fixture.slug}</loc>`);
      expect(sitemap).toContain(`/dakdekker-${town.slug}</loc>`);

      // The policy allows the site's own inline scripts, known by where they come from, and no other.
      const headers = headersFor(parseHeadersFile(fs.readFileSync(path.join(dir, "public", "_headers"), "utf8")), `/blog/${article.slug}`);
      const allowed = headers["content-security-policy"]?.match(/script-src ([^;]+)/)?.[1].split(" ").slice(1);
      expect(allowed).toEqual([...new Set(siteInlineScripts(path.join(dir, "public")).map(scriptHashSource))].sort());
    },
  );
});
