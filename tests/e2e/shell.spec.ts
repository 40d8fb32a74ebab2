import { expect, test } from "./fixtures";
import navigation from "../../content/navigation.json";
import { every100ms, waitForHydration } from "./helpers";
import { company, contentServices } from "./content";
import { formPages } from "./routes";
import { paintedAttribute } from "../../plugins/gatsby-plugin-first-paint/after-first-paint";

/**
 * Runs at 390 and 1280 px (playwright.config.ts): the header, the contact bar and the footer are laid out
 * differently at each, parts hydrate in turns as they come into view, and where a reload scrolls back to is
 * a position in that layout. What only a phone has, its menu and its first paint, is shell.phone.spec.ts's.
 */

test.describe("header", () => {
  test("shows the contact line, the nine links and the quote and chat buttons", async ({ page }, testInfo) => {
    await page.goto("/");
    await waitForHydration(page);
    const header = page.locator("header");
    await expect(header.getByRole("link", { name: `Bel ons: ${company.phones.regular.display}` })).toBeVisible();
    await expect(header.getByRole("link", { name: `E-mail: ${company.email}` })).toBeVisible();
    const emergency = header.locator(`a[href="tel:${company.phones.emergency.e164}"]`);
    const chat = header.getByRole("link", { name: "WhatsApp" });
    await expect(chat).toHaveAttribute("href", `https://wa.me/${company.chat.number}?text=${encodeURIComponent(company.chat.header)}`);
    await expect(header.getByRole("link", { name: company.name })).toHaveAttribute("href", "/");

    if (testInfo.project.name === "desktop") {
      await expect(emergency).toBeVisible();
      const nav = page.getByRole("navigation", { name: "Hoofdmenu" });
      await expect(nav.getByRole("link")).toHaveText(navigation.main.map((link) => link.name));
      await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
      await expect(header.getByRole("link", { name: "Gratis Offerte" })).toHaveAttribute("href", "/offerte");
      await expect(page.getByRole("button", { name: "Menu openen" })).toBeHidden();
    } else {
      // Phones get the emergency number in the footer banner and the menu instead of a crowded top bar.
      await expect(emergency).toBeHidden();
      await expect(page.getByRole("button", { name: "Menu openen" })).toBeVisible();
    }
  });
});

test.describe("bottom contact bar", () => {
  test("offers chat, call and e-mail, with labels only on wide screens", async ({ page }, testInfo) => {
    await page.goto("/");
    const bar = page.getByRole("navigation", { name: "Direct contact" });
    const links = bar.getByRole("link");
    await expect(links).toHaveCount(3);
    await expect(links.nth(0)).toHaveAttribute("href", `https://wa.me/${company.chat.number}?text=${encodeURIComponent(company.chat.general)}`);
    await expect(links.nth(1)).toHaveAttribute("href", `tel:${company.phones.regular.e164}`);
    await expect(links.nth(2)).toHaveAttribute("href", `mailto:${company.email}`);
    const label = bar.getByText("E-mail", { exact: true });
    if (testInfo.project.name === "desktop") await expect(label).toBeVisible();
    else expect(await label.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
  });

  test("never covers the footer's last line", async ({ page }) => {
    await page.goto("/");
    // The page ends where it does once the parts below the first screen are drawn (plugins/gatsby-plugin-first-paint/README.md, "The top of the page first").
    await expect(page.locator("html")).toHaveAttribute(paintedAttribute, "");
    // At the bottom once the page no longer grows under the scroll.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            window.scrollTo(0, document.documentElement.scrollHeight);
            return Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
          }),
        every100ms,
      )
      .toBe(true);
    const lastLine = await page.locator("footer").getByText(/KvK/).boundingBox();
    const bar = await page.getByRole("navigation", { name: "Direct contact" }).locator("ul").boundingBox();
    expect((lastLine?.y ?? 0) + (lastLine?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
  });
});

test.describe("footer", () => {
  test("has the emergency banner, the lists, copyright with year and KvK, and the legal links", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    await expect(footer.getByText("Acute daklekkage? Bel direct onze spoedlijn!")).toBeVisible();
    await expect(footer.getByRole("link", { name: company.phones.emergency.display }).first()).toHaveAttribute(
      "href",
      `tel:${company.phones.emergency.e164}`,
    );
    await expect(footer.getByRole("navigation", { name: "Werkgebied" }).getByRole("link")).toHaveCount(company.towns.length);
    await expect(footer.getByRole("navigation", { name: "Diensten" }).getByRole("link")).toHaveCount(contentServices().length);
    await expect(footer.getByText(`© ${new Date().getFullYear()} ${company.legalName} · KvK ${company.kvk}`)).toBeVisible();
    for (const [name, href] of [
      ["Privacyverklaring", "/privacy"],
      ["Algemene voorwaarden", "/algemene-voorwaarden"],
      ["Sitemap", "/sitemap.xml"],
    ]) {
      await expect(footer.getByRole("link", { name })).toHaveAttribute("href", href);
    }
  });
});

test.describe("hydration in turns", () => {
  /** Whether React has hydrated an element: it then carries React's fiber key. */
  const hydratedCount = (elements: Element[]) =>
    elements.filter((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"))).length;

  for (const path of ["/", "/diensten/dakisolatie"]) {
    test(`${path}: every part hydrates without the visitor doing anything`, async ({ page }) => {
      await page.goto(path);
      const parts = page.locator("header, main section, footer");
      const total = await parts.count();
      expect(total).toBeGreaterThan(5);
      await expect.poll(() => parts.evaluateAll(hydratedCount), every100ms).toBe(total);
    });
  }
});

test.describe("the top of the page first", () => {
  test("a reload comes back to the part of a long page the visitor had scrolled to", async ({ page }) => {
    const { path, anchor } = formPages.find((formPage) => formPage.path.startsWith("/diensten/")) ?? formPages[0];
    await page.goto(path);
    await waitForHydration(page);
    const heading = page.locator(`#${anchor} h2`);
    await heading.evaluate((element) => element.scrollIntoView());
    const before = await heading.evaluate((element) => element.getBoundingClientRect().top);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    // Gatsby keeps the position in the scroll handler's next frame, in sessionStorage under "@@scroll|{path}|{key}".
    const scrolledTo = await page.evaluate(() => window.scrollY);
    await expect
      .poll(
        () =>
          page.evaluate((prefix) => Object.entries(sessionStorage).flatMap(([key, value]) => (key.startsWith(prefix) ? [Number(value)] : [])), `@@scroll|${path}|`),
        every100ms,
      )
      .toContain(scrolledTo);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => heading.evaluate((element) => Math.round(element.getBoundingClientRect().top)), every100ms).toBe(Math.round(before));
  });
});
