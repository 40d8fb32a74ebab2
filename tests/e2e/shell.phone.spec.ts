import { expect, test } from "./fixtures";
import navigation from "../../content/navigation.json";
import { drawnWhenInView, waitForHydration } from "./helpers";
import { formPages, pages } from "./routes";

/**
 * Runs at 390 px only (playwright.config.ts, `*.phone.spec.ts`): the menu button exists below 1240 px, and
 * the first paint checked here is a phone's (the CSS that defers the footer and the form has no width
 * condition). shell.spec.ts checks the rest of the shell at both widths.
 */

test.describe("mobile menu", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
  });

  test("slides in from the right, 300 px wide, with the nine links and focus inside", async ({ page }) => {
    await page.getByRole("button", { name: "Menu openen" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link")).toHaveText([...navigation.main.map((link) => link.name), "Gratis Offerte"]);
    // Measured where the slide-in ends.
    await menu.evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    const box = await menu.boundingBox();
    expect(box?.width).toBe(300);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBe(390);
    expect(await menu.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await expect(menu.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  });

  test("closes on Escape and gives focus back to the menu button", async ({ page }) => {
    const button = page.getByRole("button", { name: "Menu openen" });
    await button.click();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("closes on a click outside it", async ({ page }) => {
    await page.getByRole("button", { name: "Menu openen" }).click();
    await page.mouse.click(30, 400);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });

  test("closes when a link is chosen, and the page changes", async ({ page }) => {
    await page.getByRole("button", { name: "Menu openen" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Reviews" }).click();
    await expect(page).toHaveURL(/\/reviews$/);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });
});

test.describe("hydration in turns", () => {
  test("the first touch hydrates the part it lands on at once, and the click works", async ({ page }) => {
    await page.goto("/diensten/daklekkage", { waitUntil: "commit" });
    // As soon as React has taken the page (its root listens), before the header's turn may have come.
    await page.waitForFunction(() => Object.keys(document.getElementById("___gatsby") ?? {}).some((key) => key.startsWith("__reactContainer")));
    await page.getByRole("button", { name: "Menu openen" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });
});

test.describe("the top of the page first", () => {
  test.describe("without script, as at the first paint", () => {
    test.use({ javaScriptEnabled: false });

    test("the footer and the contact form's section are drawn only near the screen, on every page", async ({ page }) => {
      for (const { path } of pages) {
        await page.goto(path);
        const skippable = await page.evaluate(drawnWhenInView);
        expect.soft(skippable, path).toContain("footer");
        const formPage = formPages.find((candidate) => candidate.path === path);
        if (formPage) expect.soft(skippable, path).toContain(`section#${formPage.anchor}`);
      }
    });
  });
});
