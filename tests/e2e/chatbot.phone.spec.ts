import chatbot from "../../content/chatbot.json";
import { chatbotAnswersPath } from "../../src/lib/chatbot";
import { expect, test, type Page } from "./fixtures";
import { cookieBanner, waitForHydration } from "./helpers";

/**
 * At 390 px only (playwright.config.ts, `*.phone.spec.ts`): on a phone the open panel, the cookie banner and
 * the contact bar share one narrow screen; at 1280 px the panel stands beside them.
 */

const header = `${chatbot.assistantName} online, ik help je graag`;
const launcher = (page: Page) => page.getByRole("button", { name: `Chat met ${chatbot.assistantName}` });
const panel = (page: Page) => page.getByRole("dialog", { name: header });
const input = (page: Page) => panel(page).getByPlaceholder("Stel je vraag...");

/** Opens the panel by its button and waits until the answers are there. */
async function openPanel(page: Page) {
  const answersLoaded = page.waitForResponse((response) => response.url().endsWith(chatbotAnswersPath));
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
  await answersLoaded;
}

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
