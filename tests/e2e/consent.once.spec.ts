import { baseURL } from "../../playwright.config";
import { consentRecord, consentStorageKey, everything, onlyNecessary } from "../../src/lib/consent";
import home from "../../content/home.json";
import { expect, test, type Page } from "./fixtures";
import { cookieBanner, every100ms, recordGoogle, waitForApp, waitForHydration, watchErrors, watchHosts } from "./helpers";

const settings = (page: Page) => page.getByRole("dialog", { name: "Cookie Instellingen" });
const stored = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null"), consentStorageKey);
const storeRaw = (page: Page, value: string) =>
  page.addInitScript(({ key, raw }) => localStorage.setItem(key, raw), { key: consentStorageKey, raw: value });

/**
 * What a cookie choice stores and what it lets load, once, at 1280 px (playwright.config.ts, the `once`
 * project): storage and requests do not read the width. consent.spec.ts checks the banner and its dialog on
 * screen at both widths.
 */

test.use({ cookieChoice: false });

for (const [button, expected] of [
  ["Alles accepteren", { analytics: true, marketing: true, functional: true }],
  ["Alleen noodzakelijk", { analytics: false, marketing: false, functional: false }],
] as const) {
  test(`'${button}' stores the documented record and the banner stays away`, async ({ page }) => {
    await page.goto("/diensten");
    await waitForHydration(page);
    await cookieBanner(page).getByRole("button", { name: button }).click();
    await expect(cookieBanner(page)).toHaveCount(0);
    const record = await stored(page);
    expect(record).toEqual({ necessary: true, ...expected, timestamp: expect.any(String) });
    expect(Math.abs(Date.parse(record.timestamp) - Date.now())).toBeLessThan(60_000);
    expect(new Date(record.timestamp).toISOString()).toBe(record.timestamp);
    await page.reload();
    await waitForHydration(page);
    await expect(cookieBanner(page)).toHaveCount(0);
  });
}

test("custom settings store the chosen flags; the footer link reopens them to withdraw", async ({ page }) => {
  await page.goto("/diensten");
  await waitForHydration(page);
  await cookieBanner(page).getByRole("button", { name: "Instellingen" }).click();
  await settings(page).getByRole("switch", { name: /Functioneel/ }).check();
  await settings(page).getByRole("button", { name: "Voorkeuren opslaan" }).click();
  await expect(settings(page)).toBeHidden();
  await expect(cookieBanner(page)).toHaveCount(0);
  expect(await stored(page)).toMatchObject({ necessary: true, analytics: false, marketing: false, functional: true });

  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie-instellingen" }).click();
  await expect(settings(page)).toBeVisible();
  await expect(settings(page).getByRole("switch", { name: /Functioneel/ })).toBeChecked();
  await expect(settings(page).getByRole("switch", { name: /Analytisch/ })).not.toBeChecked();
  await settings(page).getByRole("button", { name: "Alleen noodzakelijk" }).click();
  await expect(settings(page)).toBeHidden();
  expect(await stored(page)).toMatchObject({ analytics: false, marketing: false, functional: false });
});

for (const [what, raw] of [
  ["unreadable", "{niet-json"],
  ["incomplete", JSON.stringify({ necessary: true, timestamp: new Date().toISOString() })],
  ["older than 12 months", JSON.stringify(consentRecord(everything, new Date(Date.now() - 13 * 31 * 24 * 3600 * 1000)))],
  ["dated in the future", JSON.stringify(consentRecord(everything, new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000)))],
]) {
  test(`a stored choice that is ${what} counts as none: the banner shows and nothing breaks`, async ({ page }) => {
    const errors = watchErrors(page);
    const hosts = watchHosts(page);
    await storeRaw(page, raw);
    await page.goto("/");
    await waitForApp(page);
    await expect(cookieBanner(page)).toBeVisible();
    await expect(page.locator("#kaart iframe")).toHaveCount(0);
    expect(errors).toEqual([]);
    expect([...hosts]).toEqual([new URL(baseURL).host]);
  });
}

test.describe("maps", () => {
  test("load by themselves once functional cookies are allowed", async ({ page }) => {
    const google = await recordGoogle(page);
    await storeRaw(page, JSON.stringify(consentRecord({ ...onlyNecessary, functional: true })));
    await page.goto("/");
    await waitForHydration(page);
    const map = page.locator("#kaart iframe");
    await expect(map).toHaveAttribute("src", new RegExp(`google\\.com/maps\\?q=${encodeURIComponent(home.map.place)}`));
    await map.scrollIntoViewIfNeeded();
    await expect.poll(() => google.length, every100ms).toBeGreaterThan(0);
  });

  test("wait behind a placeholder without it; loading one is stored as consent and the next map loads directly", async ({ page }) => {
    const google = await recordGoogle(page);
    await page.goto("/dakdekker-haarlem");
    await waitForHydration(page);
    const placeholder = page.getByRole("button", { name: "Kaart laden" }).locator("..");
    await expect(placeholder.getByText("Haarlem", { exact: true })).toBeVisible();
    await expect(placeholder.getByRole("link", { name: /Open in Google Maps/ })).toHaveAttribute("target", "_blank");
    await expect(placeholder.getByRole("link", { name: /Open in Google Maps/ })).toHaveAttribute("href", /google\.com\/maps\/search\/.*Haarlem/);
    expect(google).toEqual([]);

    await page.getByRole("button", { name: "Kaart laden" }).click();
    await expect.poll(() => google.length, every100ms).toBeGreaterThan(0);
    expect(await stored(page)).toMatchObject({ necessary: true, functional: true, analytics: false, marketing: false });
    await expect(cookieBanner(page)).toHaveCount(0);

    await page.goto("/contact");
    await waitForHydration(page);
    await expect(page.getByTitle(/^Kaart van /)).toBeVisible();
    await expect(page.getByRole("button", { name: "Kaart laden" })).toHaveCount(0);
  });
});

test("without GATSBY_ANALYTICS_ID even 'Alles accepteren' loads nothing from another host", async ({ page }) => {
  const hosts = watchHosts(page);
  await page.goto("/diensten");
  await waitForApp(page);
  await cookieBanner(page).getByRole("button", { name: "Alles accepteren" }).click();
  await page.goto("/over-ons");
  await waitForApp(page);
  expect([...hosts]).toEqual([new URL(baseURL).host]);
  expect(await page.evaluate(() => document.querySelectorAll('script[src*="googletagmanager"]').length)).toBe(0);
});
