/**
 * Adding a page is adding one content file: a fixture file in a copy of the
 * project builds into a full page, and every list of its kind picks it up.
 */
import fs from "node:fs";
import path from "node:path";
import { buildCopy, readJson, writeJson, type Json } from "./project-copy";

jest.setTimeout(480_000);

test("a ninth service file builds its own page, and joins the overview, the other service pages, the form and the sitemap", () => {
  const fixture = { slug: "dakinspectie", name: "Dakinspectie", title: "Dakinspectie met rapport", order: 9 };
  buildCopy(
    (dir) => {
      const model = readJson(path.join(dir, "content/services/daklekkage.json")) as Record<string, Json>;
      writeJson(path.join(dir, `content/services/${fixture.slug}.json`), { ...model, ...fixture });
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
      const options = readJson(path.join(dir, "netlify/functions/send-contact-email/form-options.json")) as { services: string[] };
      expect(options.services[options.services.length - 1]).toBe(fixture.name);
      expect(fs.readFileSync(path.join(dir, "public/sitemap-0.xml"), "utf8")).toContain(`/diensten/${fixture.slug}</loc>`);
    },
  );
});
