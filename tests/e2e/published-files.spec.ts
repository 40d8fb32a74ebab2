/**
 * public/ holds what the site serves to visitors on purpose, and none of what
 * the build leaves for itself (docs/publishing.md).
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";
import { pages } from "./routes";

test.describe("what the build publishes", () => {
  test.skip(({ isMobile }) => isMobile, "the files are the same at every width");

  test("no build stats, chunk map, Partytown or source map, and no page's script points at a map", async ({ request }) => {
    const files = fs.readdirSync("public", { recursive: true, encoding: "utf8" }).map((file) => file.split(path.sep).join("/"));
    expect(files.filter((file) => /^(webpack\.stats\.json|chunk-map\.json|~partytown(\/|$))|\.map$/.test(file))).toEqual([]);
    for (const file of ["/webpack.stats.json", "/chunk-map.json"]) expect((await request.get(file)).status(), file).toBe(404);
    const scripts = new Set<string>();
    for (const { path: page } of pages) {
      const sources = /<script data-sources="([^"]+)"/.exec(await (await request.get(page)).text())?.[1].split(" ") ?? [];
      expect(sources.length, page).toBeGreaterThan(1);
      for (const source of sources) scripts.add(source);
    }
    for (const script of scripts) expect(await (await request.get(script)).text(), script).not.toContain("sourceMappingURL");
  });
});
