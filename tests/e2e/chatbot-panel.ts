import chatbot from "../../content/chatbot.json";
import { chatbotAnswersPath } from "../../src/lib/chatbot";
import { expect, type Page } from "./fixtures";

/** The chatbot's launcher and panel as a visitor finds them, for the chatbot's specs at each width. */
export const panelHeader = `${chatbot.assistantName} online, ik help je graag`;
export const launcher = (page: Page) => page.getByRole("button", { name: `Chat met ${chatbot.assistantName}` });
export const panel = (page: Page) => page.getByRole("dialog", { name: panelHeader });
export const log = (page: Page) => panel(page).getByRole("log");
export const input = (page: Page) => panel(page).getByPlaceholder("Stel je vraag...");

/** Opens the panel by its button and waits until the answers are there. */
export async function openPanel(page: Page) {
  const answersLoaded = page.waitForResponse((response) => response.url().endsWith(chatbotAnswersPath));
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
  await answersLoaded;
}
