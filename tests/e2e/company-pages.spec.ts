import { expect, test, type Page } from "./fixtures";
import { byOrder, contentTypes } from "../../plugins/gatsby-plugin-content/content-schema";
import { contentFile, contentRecords } from "./content";
import { every100ms, openHydrated, section, waitForApp } from "./helpers";

/**
 * What of the company's pages the width lays out or loads, at 390 and 1280 px (playwright.config.ts): the 112
 * warning on the first screen, and the project photos fetched only as the visitor nears them (how near depends
 * on the screen). Their content is company-pages.once.spec.ts's.
 */

test.describe("/spoedservice", () => {
  const emergency = contentFile(contentTypes.EmergencyPageJson);

  test("the 112 warning comes first, on the first screen, in the emergency colour", async ({ page }) => {
    await openHydrated(page, "/spoedservice");
    const warning = page.locator("section#levensgevaar");
    await expect(warning.getByRole("heading", { level: 2 })).toHaveText(emergency.warning.title);
    await expect(warning).toContainText("112");
    await expect(warning.getByRole("link", { name: "Bel 112" })).toHaveAttribute("href", "tel:112");
    await expect(warning).toBeInViewport();
    const [warningTop, titleTop] = await Promise.all([
      warning.evaluate((element) => element.getBoundingClientRect().top),
      page.locator("h1").evaluate((element) => element.getBoundingClientRect().top),
    ]);
    expect(warningTop).toBeLessThan(titleTop);
    expect(await warning.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(185, 28, 28)");
  });
});

test.describe("/projecten", () => {
  // The projects in their order on the page: the page's query sorts them by `order`.
  const projects = contentRecords(contentTypes.ProjectsJson).sort(byOrder);
  const overview = (page: Page) => section(page, "overzicht").getByRole("article");

  test("every project photo is in the HTML, and the browser fetches it only as the visitor nears it", async ({ page }) => {
    const requested = new Set<string>();
    page.on("request", (request) => {
      const match = /project-([a-z0-9-]+)-(voor|na)\.\w+$/.exec(new URL(request.url()).pathname);
      if (request.resourceType() === "image" && match) requested.add(match[1]);
    });
    const served = await (await page.request.get("/projecten")).text();
    const images = served.match(/<img [^>]*>/g) ?? [];
    for (const project of projects) {
      const before = images.find((image) => new RegExp(` src="[^"]*project-${project.slug}-voor`).test(image));
      expect(before, project.slug).toMatch(/ loading="lazy"/);
    }
    await page.goto("/projecten");
    // Everything the page fetches by itself has been asked for once the network is idle.
    await waitForApp(page);
    // Native lazy loading: the last project, thousands of pixels below the first screen, is not fetched yet.
    expect(requested.has(projects[projects.length - 1].slug)).toBe(false);

    const last = overview(page).last();
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => requested.has(projects[projects.length - 1].slug), every100ms).toBe(true);
    await expect(last.locator("img[src*='project-']").first()).toBeVisible();
  });
});
