/** @jest-environment node */
/**
 * Adding a page is adding one content file: a fixture file in a copy of the
 * project builds into a full page, and every list of its kind picks it up.
 */
import fs from "node:fs";
import path from "node:path";
import { headersFor, parseHeadersFile } from "../../scripts/lib/serve/static-server";
import { siteInlineScripts } from "../../plugins/gatsby-plugin-first-paint/inline-scripts";
import { scriptHashSource } from "../../plugins/gatsby-plugin-netlify-adapter/security-headers";
import { projects, services, towns } from "../../scripts/lib/content/content";
import { buildCopy, readJson, writeJson, type Json } from "../../scripts/lib/builds/project-copy";

jest.setTimeout(480_000);

test("a service, a town, an article and a project added after the last of their kind each build and join every list of their kind", async () => {
  // After the last of their kind, whatever the repository's content/ (which the copy is made from) holds: a fixed order could tie with a file an editor added.
  const nextOrder = (records: readonly { order: number }[]) => Math.max(...records.map((record) => record.order)) + 1;
  // Each page with its own search title and description, as the schema asks of every page (plugins/gatsby-plugin-content/cross-file.ts).
  const fixture = {
    slug: "dakinspectie",
    name: "Dakinspectie",
    title: "Dakinspectie met rapport",
    order: nextOrder(services),
    seo: { title: "Dakinspectie met rapport en foto's", description: "Een dakinspectie met rapport en foto's: wat wij bekijken, wat het kost en wat u daarna weet over uw dak." },
  };
  const town = { slug: "uithoorn", name: "Uithoorn", order: nextOrder(towns) };
  // A town page shows two five-star reviews of the town's own (docs/requirements.md, 'Page by page').
  const townReviews = ["review-uithoorn-dakgoot", "review-uithoorn-lekkage"];
  const article = { slug: "dakgoot-schoonmaken", title: "Dakgoot schoonmaken: wanneer en hoe" };
  const project = { slug: "dakkapel-diemen", title: "Nieuwe dakkapel met zinken goot in Diemen", order: nextOrder(projects), featured: false, categories: ["dakgoten"] };
  const gutterProjects = projects.filter((record) => record.categories.includes("dakgoten")).length;
  await buildCopy(
    (dir) => {
      const model = readJson(path.join(dir, "content/services/daklekkage.json")) as Record<string, Json>;
      writeJson(path.join(dir, `content/services/${fixture.slug}.json`), { ...model, ...fixture });
      const townModel = readJson(path.join(dir, "content/towns/amstelveen.json")) as Record<string, Json>;
      const hero = { ...(townModel.hero as Record<string, Json>), title: "Dakdekker in Uithoorn" };
      const seo = { title: "Dakdekker Uithoorn: lekkage, renovatie en onderhoud", description: "Dakdekker in Uithoorn en De Kwakel: lekkages snel verholpen, renovatie en onderhoud met garantie en een vaste prijs." };
      const reviews = { ...(townModel.reviews as Record<string, Json>), featured: townReviews };
      writeJson(path.join(dir, `content/towns/${town.slug}.json`), { ...townModel, ...town, seo, hero, reviews });
      const reviewModel = readJson(path.join(dir, "content/reviews/review-kees-brouwer.json")) as Record<string, Json>;
      for (const slug of townReviews) writeJson(path.join(dir, `content/reviews/${slug}.json`), { ...reviewModel, slug, location: town.name, rating: 5 });
      const articleModel = fs.readFileSync(path.join(dir, "content/blog/daklekkage-amsterdam.md"), "utf8");
      fs.writeFileSync(
        path.join(dir, `content/blog/${article.slug}.md`),
        articleModel
          .replace(/^title: .*$/m, `title: "${article.title}"`)
          .replace(/^excerpt: .*$/m, 'excerpt: "Wanneer u uw dakgoot schoonmaakt, hoe u dat veilig doet en wanneer u beter een dakdekker belt."')
          .replace(/^date: .*$/m, 'date: "2026-11-20"'),
      );
      const projectModel = readJson(path.join(dir, "content/projects/zinken-goten-amstelveen.json")) as Record<string, Json>;
      writeJson(path.join(dir, `content/projects/${project.slug}.json`), { ...projectModel, ...project });
    },
    (dir, result) => {
      expect({ status: result.status, end: result.output.slice(-800) }).toMatchObject({ status: 0 });
      // Nor an error or a deprecation warning of Node though the build succeeded (Gatsby's reporter shows some of those as
      // "ERROR UNKNOWN"); npm test runs it under Node 24 (docs/testing.md, "Node versions").
      expect(result.output.match(/.{0,200}(\bERROR\b|\[DEP\d{4}\]).{0,200}/g) ?? []).toEqual([]);
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
      const projectsPage = html("projecten");
      expect(projectsPage).toContain(project.title);
      expect(projectsPage).toContain(`>Alle<!-- --> (<!-- -->${projects.length + 1}<!-- -->)<`);
      expect(projectsPage).toContain(`>Dakgoten<!-- --> (<!-- -->${gutterProjects + 1}<!-- -->)<`);

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
