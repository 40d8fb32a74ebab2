import { input, launcher, openPanel, panel } from "./chatbot-panel";
import { expect, test } from "./fixtures";
import { cookieBanner, waitForHydration } from "./helpers";

/**
 * At 390 px only (playwright.config.ts, `*.phone.spec.ts`): on a phone the open panel, the cookie banner and
 * the contact bar share one narrow screen; at 1280 px the panel stands beside them.
 */


test.describe("on a 390 px phone with the cookie banner open", () => {
  test.use({ cookieChoice: false });

  test("the panel covers neither the banner's buttons nor the contact bar", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await openPanel(page);
    const banner = cookieBanner(page);
    await expect(banner).toBeVisible();
    const panelBox = await panel(page).boundingBox();
    const launcherBox = await launcher(page).boundingBox();
    const covered = [
      ...(await banner.getByRole("button").all()),
      ...(await page.getByRole("navigation", { name: "Direct contact" }).getByRole("link").all()),
    ];
    expect(covered).toHaveLength(6);
    for (const box of [panelBox, launcherBox]) {
      for (const target of covered) {
        const other = await target.boundingBox();
        const overlaps =
          box!.x < other!.x + other!.width && other!.x < box!.x + box!.width && box!.y < other!.y + other!.height && other!.y < box!.y + box!.height;
        expect(overlaps, `${await target.textContent()} is covered`).toBe(false);
      }
    }
    // Every button stays clickable: what is on top at its centre is the button itself.
    for (const target of covered) await target.click({ trial: true });
    await expect(input(page)).toBeInViewport();
  });
});
