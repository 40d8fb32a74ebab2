/**
 * plugins/gatsby-plugin-first-paint/README.md, "No drawing in the script": a
 * page's HTML carries the symbols of the icons the server drew on it, and no
 * others; what only the browser draws takes its symbol from the sprite file.
 */
import fs from "node:fs";
import path from "node:path";
import chatbot from "../../content/chatbot.json";
import { builtPages, notFoundPage } from "../../scripts/lib/measure/page-weight";
import { expect, test } from "./fixtures";
import { waitForApp } from "./helpers";

const publicDir = path.resolve("public");

test.skip(({ isMobile }) => isMobile, "the same symbols at every width: once");

const symbolIds = (html: string) => [...new Set([...html.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]))].sort();
const referencedIds = (html: string) => [...new Set([...html.matchAll(/<use href="#([^"]+)"/g)].map((match) => match[1]))].sort();

test("every page carries the symbol of each icon it draws, and no other", () => {
  for (const page of [...builtPages(publicDir), notFoundPage(publicDir)]) {
    const html = fs.readFileSync(page.file, "utf8");
    expect({ page: page.route, symbols: symbolIds(html) }).toEqual({ page: page.route, symbols: referencedIds(html) });
    // The server refers only to symbols in the page, which draw at the first paint.
    expect(html, page.route).not.toMatch(/<use href="\/static\//);
  }
});

test("what only the browser draws takes its symbol from the sprite file", async ({ page }) => {
  // The page with the fewest symbols, so the chat draws icons its HTML lacks.
  const [fewest] = builtPages(publicDir)
    .map((built) => ({ route: built.route, symbols: symbolIds(fs.readFileSync(built.file, "utf8")).length }))
    .sort((a, b) => a.symbols - b.symbols);
  await page.goto(fewest.route);
  await waitForApp(page);
  await page.getByRole("button", { name: `Chat met ${chatbot.assistantName}` }).click();
  const uses = page.getByRole("dialog").locator("use");
  await expect(uses.first()).toBeAttached();
  const fromFile = (await uses.evaluateAll((elements) => elements.map((use) => use.getAttribute("href") ?? ""))).filter((href) => !href.startsWith("#"));
  expect(fromFile.length, `the chat on ${fewest.route} draws an icon the page's HTML lacks`).toBeGreaterThan(0);
  for (const href of fromFile) {
    const [file, id] = href.split("#");
    // Named after its content under /static/, whose files are cached for good (tests/e2e/security.spec.ts).
    expect(file).toMatch(/^\/static\/icons-[0-9a-f]+\.svg$/);
    const response = await page.request.get(file);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("image/svg+xml");
    expect(await response.text()).toContain(`<symbol id="${id}" `);
  }
  // Drawn: each <use> has the size of its drawing once the file is in.
  await expect.poll(() => uses.evaluateAll((elements) => elements.every((use) => (use as SVGUseElement).getBBox().width > 0))).toBe(true);
});
