import { axeViolations } from "./axe";
import { baseURL } from "../../playwright.config";
import { consentStorageKey } from "../../src/lib/consent";
import { expect, test, type Page } from "./fixtures";
import { cookieBanner, waitForApp, waitForHydration } from "./helpers";

const settings = (page: Page) => page.getByRole("dialog", { name: "Cookie Instellingen" });
const stored = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null"), consentStorageKey);

/**
 * The cookie banner and its dialog as they look and behave on screen, at 390 and 1280 px (playwright.config.ts):
 * refusing as plain as accepting, nothing moved when they appear, the dialog under axe and by keyboard. What a
 * choice stores and loads is the same at every width: consent.once.spec.ts.
 */

test.use({ cookieChoice: false });

test("the banner offers refusing exactly as plainly as accepting", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await expect(cookieBanner(page).getByRole("heading", { level: 2 })).toHaveText("Wij gebruiken cookies");
  await expect(cookieBanner(page).getByRole("link", { name: /privacyverklaring/i })).toHaveAttribute("href", "/privacy");
  await expect(cookieBanner(page).getByRole("button")).toHaveText(["Instellingen", "Alleen noodzakelijk", "Alles accepteren"]);
  const looks = (name: string) =>
    cookieBanner(page)
      .getByRole("button", { name })
      .evaluate((button) => {
        const style = getComputedStyle(button);
        const box = button.getBoundingClientRect();
        return {
          background: style.backgroundColor,
          color: style.color,
          border: style.borderColor,
          weight: style.fontWeight,
          size: style.fontSize,
          width: Math.round(box.width),
          height: Math.round(box.height),
        };
      });
  expect(await looks("Alleen noodzakelijk")).toEqual(await looks("Alles accepteren"));
  await expect(cookieBanner(page)).toBeInViewport();
});

test.describe("a first visit", () => {
  test.use({ chatSeen: false });

  test("the banner and the chat panel appear without moving anything on the page", async ({ page }) => {
    // The site's scripts wait until the page is parsed and painted, so that
    // only what they add is observed: a frame painted while the HTML is still
    // being parsed may show a header half-received, which is not this test's
    // subject and no script can prevent.
    let releaseScripts = () => {};
    const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(new RegExp(`^${baseURL}/.*\\.js$`), async (route) => {
      await scriptsReleased;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.evaluate(
      () =>
        new Promise<void>((painted) => {
          const shifts: number[] = [];
          Object.assign(window, { layoutShifts: shifts });
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
          }).observe({ type: "layout-shift" });
          requestAnimationFrame(() => requestAnimationFrame(() => painted()));
        }),
    );
    await expect(cookieBanner(page)).toHaveCount(0);
    releaseScripts();
    await waitForApp(page);
    await expect(cookieBanner(page)).toBeVisible();
    await expect(page.getByRole("dialog", { name: /online, ik help je graag/ })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)).toEqual([]);
  });
});

test("the page's CSS, the banner's too, comes with the page: hydration and the banner insert none and move none of it (plugins/gatsby-plugin-first-paint/README.md)", async ({ page }) => {
  // A <style> taken out of the document and put back makes the browser restyle every element.
  await page.addInitScript(() => {
    const moved: string[] = [];
    Object.assign(window, { movedStyles: moved });
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.removedNodes) if (node.nodeName === "STYLE") moved.push((node.textContent ?? "").slice(0, 80));
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto("/");
  await waitForApp(page);
  await expect(cookieBanner(page)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { movedStyles: string[] }).movedStyles)).toEqual([]);
  // The server's CSS is in plain <style> elements; a <style data-emotion> holds rules Emotion compiled and inserted in the browser.
  const inserted = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLStyleElement>("style[data-emotion]")].flatMap((style) =>
      [...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText.slice(0, 80)),
    ),
  );
  expect(inserted).toEqual([]);
});

test("the settings dialog: labelled, necessary always on, the rest off at first, focus kept inside, Escape closes", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const open = cookieBanner(page).getByRole("button", { name: "Instellingen" });
  await open.click();
  await expect(settings(page)).toBeVisible();
  const necessary = settings(page).getByRole("switch", { name: /Noodzakelijk/ });
  await expect(necessary).toBeChecked();
  await expect(necessary).toBeDisabled();
  await expect(settings(page).getByText("Verplicht")).toBeVisible();
  for (const name of [/Analytisch/, /Marketing/, /Functioneel/]) {
    await expect(settings(page).getByRole("switch", { name })).not.toBeChecked();
  }
  await expect(settings(page).getByRole("button", { name: "Alleen noodzakelijk" })).toBeVisible();
  await expect(settings(page).getByRole("button", { name: "Voorkeuren opslaan" })).toBeVisible();

  expect(await axeViolations(page)).toEqual([]);

  // The page behind is inert: Tab cycles through the dialog (passing the browser's own controls), never behind it.
  const switches = settings(page).getByRole("switch");
  let visitsToAnalytics = 0;
  for (let step = 0; step < 16; step += 1) {
    await page.keyboard.press("Tab");
    const where = await settings(page).evaluate((dialog) => {
      const active = document.activeElement;
      return active === null || active === document.body ? "browser" : dialog.contains(active) ? "dialog" : active.outerHTML.slice(0, 80);
    });
    expect(["dialog", "browser"]).toContain(where);
    if (await switches.nth(1).evaluate((element) => element === document.activeElement)) visitsToAnalytics += 1;
  }
  expect(visitsToAnalytics).toBeGreaterThanOrEqual(2);
  await page.keyboard.press("Escape");
  await expect(settings(page)).toBeHidden();
  await expect(open).toBeFocused();
  await expect(cookieBanner(page)).toBeVisible();
  expect(await stored(page)).toBeNull();
});
