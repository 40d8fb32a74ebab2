/**
 * The CMS at /admin as an editor uses it, against `npm run cms` in a copy of
 * the working tree (tests/cms/global-setup.ts): Decap CMS with its local
 * backend, saving through decap-server into the copy's content/. Then a build
 * of the copy shows what the edits did to the site.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import matter from "gray-matter";
import sharp from "sharp";
import { parse } from "yaml";
import { builtPages } from "../../scripts/lib/measure/page-weight";
import { blogPostSchema, validateContent, validateWith } from "../../plugins/gatsby-plugin-content/content-schema";
import { formatNumber } from "../../src/lib/dutch-format";
import { maxUploadEdgePx } from "../../plugins/gatsby-plugin-cms/cms-config";
import { blogPath, cmsPath } from "../../src/lib/paths";
import { cmsLabels } from "../../plugins/gatsby-plugin-cms/labels";
import { decapUserKey, publishingMessage } from "../../plugins/gatsby-plugin-cms/admin/publishing";
import { nextDailyPublish, publishNowPerDay } from "../../src/content-publish/shared/publish-schedule";
import { localEditor } from "../../src/content-publish/functions/editor-proof";
import { publishTitle } from "../../src/content-publish/functions/publishing";
import type { AskedBuilds } from "./global-setup";

const projectDir = () => {
  const dir = process.env.CMS_PROJECT_DIR;
  if (!dir) throw new Error("CMS_PROJECT_DIR is not set: run these tests with playwright.cms.config.ts");
  return dir;
};
const contentFile = (...parts: string[]) => path.join(projectDir(), "content", ...parts);
const readText = (file: string) => fs.readFileSync(file, "utf8");

interface CmsConfig {
  collections: { name: string; label: string }[];
}

/** Opens the CMS, logs in with the local backend, and collects page errors, console errors and CSP violations. */
async function openCms(page: Page, hash = "") {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console error: ${message.text()}`);
  });
  await page.goto(`${cmsPath}/${hash}`);
  await page.getByRole("button", { name: "Inloggen" }).click();
  return errors;
}

/** Publishes the open entry: Decap's "Publiceer", then "Publiceer nu". */
async function publish(page: Page) {
  await page.getByRole("button", { name: "Publiceer", exact: true }).click();
  await page.getByText("Publiceer nu", { exact: true }).click();
}

/**
 * Publishes the open entry and waits until decap-server has answered that it
 * saved it. Its files are only whole then: it writes each one by truncating it
 * first, so a file read between the two is empty (it read as one line once).
 */
async function publishAndWaitForSave(page: Page) {
  const saved = page.waitForResponse((response) => {
    const request = response.request();
    return request.method() === "POST" && new URL(request.url()).pathname === "/api/v1" && (request.postDataJSON() as { action?: string }).action === "persistEntry";
  });
  await publish(page);
  const response = await saved;
  expect(response.status(), await response.text()).toBe(200);
}

/** The lines that differ between two texts of the same length in lines. */
function changedLines(before: string, after: string) {
  const old = before.split("\n");
  const now = after.split("\n");
  expect(now.length, "the file keeps its number of lines").toBe(old.length);
  return now.filter((line, index) => line !== old[index]);
}

test.describe.serial("the CMS", () => {
  const daklekkage = () => contentFile("services", "daklekkage.json");
  let oldPrice = 0;
  const newPrice = 185;
  const article = { title: "Mos op het dak: weghalen of laten zitten", slug: "mos-op-het-dak-weghalen-of-laten-zitten" };
  const photo = "project-test-dakkapel-voor.jpg";

  test("loads with the local backend without an error and lists every collection", async ({ page }) => {
    const config = parse(await (await page.request.get(`${cmsPath}/config.yml`)).text()) as CmsConfig;
    const errors = await openCms(page);
    const sidebar = page.getByRole("complementary");
    for (const collection of config.collections) await expect(sidebar.getByRole("link", { name: collection.label })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("changing the leak-repair starting price changes exactly that line of its file; the CMS then says when it goes live, and an editor can publish it now through the build hook", async ({ page }) => {
    const before = readText(daklekkage());
    oldPrice = (JSON.parse(before) as { startingPriceEuro: number }).startingPriceEuro;
    expect(oldPrice).not.toBe(newPrice);
    const errors = await openCms(page, "#/collections/services/entries/daklekkage");
    // Who the editor is comes from Decap's own record of the login, an internal of Decap's that publishing.ts reads.
    expect(await page.evaluate((key) => typeof JSON.parse(localStorage.getItem(key) ?? "null"), decapUserKey)).toBe("object");
    const price = page.getByLabel("Vanafprijs in euro");
    await expect(price).toHaveValue(String(oldPrice));
    await price.fill(String(newPrice));
    await publishAndWaitForSave(page);
    expect(changedLines(before, readText(daklekkage()))).toEqual([`  "startingPriceEuro": ${newPrice},`]);

    const asked = async () => (await (await page.request.get(process.env.CMS_BUILD_HOOK ?? "")).json()) as AskedBuilds;
    const now = new Date();
    const goesLive = publishingMessage({ code: "waits", publishAt: nextDailyPublish(now).toISOString(), nowLeft: publishNowPerDay }, now, cmsLabels.publishing);
    await expect(page.getByRole("status").filter({ hasText: goesLive.text })).toBeVisible();
    expect(await asked()).toEqual([]);
    const publishNow = page.getByRole("button", { name: new RegExp(`^${cmsLabels.publishing.publishNow}`) });
    await expect(publishNow).toContainText(String(publishNowPerDay));
    await publishNow.click();
    await expect(page.getByRole("status").filter({ hasText: cmsLabels.publishing.publishing })).toBeVisible();
    await expect(publishNow).toBeHidden();
    expect((await asked()).map((url) => new URL(url, "http://hook").searchParams.get("trigger_title"))).toEqual([publishTitle("now", localEditor)]);
    expect(errors).toEqual([]);
  });

  test("a new article becomes a Markdown file with valid frontmatter", async ({ page }) => {
    const errors = await openCms(page, "#/collections/blog/new");
    await page.getByLabel("Titel", { exact: true }).fill(article.title);
    await page.getByLabel("Samenvatting").fill("Groen op de pannen is meestal onschuldig, maar niet altijd. Zo ziet u het verschil.");
    await page.getByRole("button", { name: "Set date to now" }).click();
    await page.getByLabel("Categorie").click();
    await page.getByText("Onderhoud", { exact: true }).click();
    await page.getByLabel("Beschrijving van de afbeelding (alt-tekst)").fill("Pannendak met groen mos tussen de pannen");
    await page.getByRole("button", { name: "Kies een afbeelding" }).click();
    await page.getByRole("dialog").getByText("dienst-pannendak.jpg").click();
    await page.getByRole("button", { name: "Gebruik selectie" }).click();
    await page.getByLabel("markdown field").locator("[contenteditable=true]").click();
    await page.keyboard.type("Mos houdt water vast. Wij kijken het graag voor u na.");
    await publishAndWaitForSave(page);
    const file = contentFile("blog", `${article.slug}.md`);
    const { data, content } = matter(readText(file));
    expect(validateWith(file, blogPostSchema, data)).toEqual([]);
    expect(data).toMatchObject({ title: article.title, date: new Date().toISOString().slice(0, 10), category: "Onderhoud", image: "../images/dienst-pannendak.jpg" });
    expect(content).toContain("Mos houdt water vast.");
    expect(errors).toEqual([]);
  });

  test(`a 4000 px photo uploaded for a project lands in content/images/ at most ${maxUploadEdgePx} px, without the position and names its camera wrote into it`, async ({ page }) => {
    const project = contentFile("projects", "bedrijfshal-zaandam.json");
    const errors = await openCms(page, "#/collections/projects/entries/bedrijfshal-zaandam");
    await page.getByRole("button", { name: "Kies een andere afbeelding" }).first().click();
    // A new photo as a phone takes it: the place it was taken and the photographer's name in its EXIF block.
    const upload = path.join(os.tmpdir(), photo);
    await sharp(contentFile("images", "project-stormschade-haarlem-voor.jpg"))
      .resize(4000, 3000, { fit: "cover" })
      .jpeg()
      .withExif({ IFD0: { Artist: "Jan Fotograaf" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 22/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "4/1 53/1 0/1" } })
      .toFile(upload);
    expect((await sharp(upload).metadata()).exif).toBeDefined();
    await page.getByRole("dialog").locator("input[type=file]").setInputFiles(upload);
    await page.getByRole("button", { name: "Gebruik selectie" }).click();
    await publishAndWaitForSave(page);
    // Decap draws it again in the browser before the commit (media_processing, plugins/gatsby-plugin-cms/cms-config.ts).
    const committed = fs.readFileSync(contentFile("images", photo));
    const { exif, width = 0, height = 0 } = await sharp(committed).metadata();
    expect(exif).toBeUndefined();
    expect(Math.max(width, height)).toBeLessThanOrEqual(maxUploadEdgePx);
    expect(width / height).toBeCloseTo(4 / 3, 2);
    expect(committed.includes("Jan Fotograaf")).toBe(false);
    const data = JSON.parse(readText(project)) as { before: { image: string } };
    expect(data.before.image).toBe(`../images/${photo}`);
    expect(validateContent(project, "ProjectsJson", data)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("an entry without a required field cannot be saved, and says so in Dutch", async ({ page }) => {
    const reviews = fs.readdirSync(contentFile("reviews"));
    await openCms(page, "#/collections/reviews/new");
    await page.getByLabel("Plaats", { exact: true }).fill("Diemen");
    await publish(page);
    await expect(page.getByText("Oeps, sommige verplichte velden zijn niet ingevuld.")).toBeVisible();
    await expect(page.getByText("Naam is vereist.")).toBeVisible();
    expect(fs.readdirSync(contentFile("reviews"))).toEqual(reviews);
  });

  test("an entry naming a fact that does not exist cannot be saved, and says which field in Dutch", async ({ page }) => {
    const before = readText(daklekkage());
    await openCms(page, "#/collections/services/entries/daklekkage");
    await page.getByLabel("Prijs", { exact: true }).fill("Vanaf {price:daklek}");
    await publish(page);
    await expect(page.getByText("Kan item niet opslaan: Verbeter eerst: Prijs: noemt {price:daklek}, maar dat feit bestaat niet")).toBeVisible();
    expect(readText(daklekkage())).toBe(before);
  });

  test("an article whose text holds a script cannot be saved, and says so in Dutch", async ({ page }) => {
    const file = contentFile("blog", "daklekkage-amsterdam.md");
    const before = readText(file);
    await openCms(page, "#/collections/blog/entries/daklekkage-amsterdam");
    // The text as Markdown, as an editor who pastes HTML would type it.
    await page.getByLabel("markdown field").getByRole("switch").click();
    await page.getByLabel("markdown field").getByRole("textbox").click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("\n\n<script>window.__pwned=1</script>\n");
    await publish(page);
    await expect(page.getByText(/Kan item niet opslaan: Verbeter eerst: Tekst: bevat <script>; scripts, frames, stijlen/)).toBeVisible();
    expect(readText(file)).toBe(before);
  });

  test("a rebuild shows the new price wherever the old one stood, and the new article's page", () => {
    test.setTimeout(15 * 60_000);
    const built = path.join(projectDir(), "public");
    const oldText = `€ ${formatNumber(oldPrice)}`;
    const newText = `€ ${formatNumber(newPrice)}`;
    /** How often each page states a text. Other prices may read the same as the old one ("€ 80 - € 150 per m"), so counts, not presence. */
    const count = (text: string) =>
      Object.fromEntries(builtPages(built).map((page) => [page.route, readText(page.file).split(text).length - 1]));
    const before = count(oldText);
    expect(Object.values(count(newText)).every((times) => times === 0), `no page states ${newText} yet`).toBe(true);

    const build = spawnSync("npx", ["gatsby", "build"], { cwd: projectDir(), encoding: "utf8", env: { ...process.env, CI: "true" } });
    expect(build.status, build.stdout.slice(-3000) + build.stderr.slice(-3000)).toBe(0);

    const after = count(oldText);
    const stated = count(newText);
    const replaced = Object.keys(before).filter((route) => before[route] - (after[route] ?? 0) > 0);
    for (const route of replaced) expect(stated[route], `${route} states ${newText} where it stated ${oldText}`).toBe(before[route] - after[route]);
    expect(Object.keys(stated).filter((route) => stated[route] > 0)).toEqual(replaced);
    expect(replaced).toEqual(expect.arrayContaining(["/diensten", "/diensten/daklekkage", "/spoedservice"]));
    expect(readText(path.join(built, "chatbot-answers.json"))).toContain(newText);

    const articlePage = builtPages(built).find((page) => page.route === blogPath(article.slug));
    expect(articlePage, `${blogPath(article.slug)} is built`).toBeDefined();
    expect(readText(articlePage!.file)).toContain(article.title);
    expect(readText(path.join(built, "projecten.html"))).toContain(photo.replace(/\.jpg$/, ""));
  });
});
