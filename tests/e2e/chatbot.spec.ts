import { axeViolations } from "./axe";
import { input, launcher, log, panel } from "./chatbot-panel";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./helpers";

/**
 * The chat panel by keyboard and under axe, at 390 and 1280 px (playwright.config.ts): the panel is laid out
 * for each width. What it answers and when is the same at every width: chatbot.once.spec.ts; how it sits
 * beside the cookie banner on a phone: chatbot.phone.spec.ts.
 */


test("works by keyboard and for screen readers, and passes axe while open", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await expect(launcher(page)).toHaveAttribute("aria-expanded", "false");
  await launcher(page).focus();
  await page.keyboard.press("Enter");
  await expect(panel(page)).toBeVisible();
  await expect(input(page)).toBeFocused();
  await expect(launcher(page)).toHaveAttribute("aria-expanded", "true");
  await expect(launcher(page)).toHaveAttribute("aria-controls", "chatbot-panel");
  await expect(log(page)).toHaveAttribute("role", "log");

  expect(await axeViolations(page, { include: "#chatbot-panel", allRules: true })).toEqual([]);

  await page.keyboard.press("Escape");
  await expect(panel(page)).toBeHidden();
  await expect(launcher(page)).toBeFocused();
  await expect(launcher(page)).toHaveAttribute("aria-expanded", "false");

  await page.keyboard.press("Enter");
  await expect(panel(page)).toBeVisible();
  await panel(page).getByRole("button", { name: "Chat sluiten" }).click();
  await expect(panel(page)).toBeHidden();
  await expect(launcher(page)).toBeFocused();
});
