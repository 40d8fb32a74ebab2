import chatbot from "../../content/chatbot.json";
import {
  answerFor,
  autoOpenDelayMs,
  chatbotAnswersPath,
  inactivityCloseMs,
  replyDelayMs,
  type ChatbotAnswers,
} from "../../src/lib/chatbot";
import companyFile from "../../content/company.json";
import { input, launcher, log, openPanel, panel } from "./chatbot-panel";
import { expect, test, type Page } from "./fixtures";
import { noteHydrationUnderClock, waitForApp, waitForHydrationUnderClock, watchErrors } from "./helpers";

/**
 * What the chatbot answers and when, once, at 1280 px (playwright.config.ts, the `once` project): its timers
 * and answers do not read the width. Its timers run on Playwright's clock, paused, moved by the test.
 * chatbot.spec.ts checks the panel by keyboard and axe at both widths.
 */

const sendButton = (page: Page) => panel(page).getByRole("button", { name: "Versturen" });

/** The answers as the site serves them (facts filled in), to know what the bot must reply. */
async function servedAnswers(page: Page): Promise<ChatbotAnswers> {
  const response = await page.request.get(chatbotAnswersPath);
  expect(response.ok()).toBe(true);
  return response.json();
}

/** A page whose timers only move when the test moves them. */
async function openWithPausedClock(page: Page, path = "/") {
  // From the present: a stored cookie choice dated after the page's clock would count as none and show the banner.
  const start = Date.now();
  await page.clock.install({ time: start });
  // The installed clock runs until paused, and on a busy machine installing took over a second: pause well ahead.
  await page.clock.pauseAt(start + 60_000);
  await noteHydrationUnderClock(page);
  await page.goto(path);
  await waitForHydrationUnderClock(page);
}

test.describe("a first visit in this browser session", () => {
  test.use({ chatSeen: false });

  test("opens the panel by itself 3 s after the first load, once per session, without taking focus", async ({ page }) => {
    await openWithPausedClock(page);
    await page.clock.runFor(autoOpenDelayMs - 1);
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toHaveAttribute("aria-expanded", "false");
    await page.clock.runFor(1);
    await expect(panel(page)).toBeVisible();
    await expect(launcher(page)).toHaveAttribute("aria-expanded", "true");
    await expect(log(page).locator("p").first()).toHaveText(`${chatbot.assistantName}: ${chatbot.greeting}`);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    // Another page in the same session: a full load, and a client-side navigation.
    await page.goto("/diensten");
    await waitForHydrationUnderClock(page);
    await page.clock.runFor(autoOpenDelayMs * 3);
    await expect(panel(page)).toHaveCount(0);
    await page.evaluate(() => (window as unknown as { ___navigate: (to: string) => void }).___navigate("/contact"));
    await page.waitForURL("**/contact");
    await page.clock.runFor(autoOpenDelayMs * 3);
    await expect(launcher(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("does not open by itself after the visitor opened and closed it", async ({ page }) => {
    await openWithPausedClock(page);
    await page.clock.runFor(1_000);
    await launcher(page).click();
    await expect(panel(page)).toBeVisible();
    await panel(page).getByRole("button", { name: "Chat sluiten" }).click();
    await page.clock.runFor(autoOpenDelayMs * 2);
    await expect(panel(page)).toBeHidden();
  });

  test("closes after 30 s without activity", async ({ page }) => {
    await openWithPausedClock(page);
    await page.clock.runFor(autoOpenDelayMs);
    await expect(panel(page)).toBeVisible();
    await page.clock.runFor(inactivityCloseMs - 1);
    await expect(panel(page)).toBeVisible();
    await page.clock.runFor(1);
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toHaveAttribute("aria-expanded", "false");
  });
});

test("replies 500 ms after each message, with the matching answer or the fallback", async ({ page }) => {
  await openWithPausedClock(page);
  await openPanel(page);
  const answers = await servedAnswers(page);
  const [entry] = chatbot.entries;

  await input(page).fill(entry.question);
  await input(page).press("Enter");
  await expect(log(page).locator(".user").last()).toHaveText(`Jij: ${entry.question}`);
  await expect(input(page)).toHaveValue("");
  await page.clock.runFor(replyDelayMs - 1);
  await expect(log(page).locator("p")).toHaveCount(2);
  await page.clock.runFor(1);
  await expect(log(page).locator("p")).toHaveCount(3);
  await expect(log(page).locator(".bot").last()).toHaveText(`${chatbot.assistantName}: ${answerFor(entry.question, answers)}`);

  await input(page).fill("Hebben jullie ook een kat?");
  await sendButton(page).click();
  await page.clock.runFor(replyDelayMs);
  // Nothing matches: the fallback of content/chatbot.json, as the site serves it.
  expect(answerFor("Hebben jullie ook een kat?", answers)).toBe(answers.fallback);
  await expect(log(page).locator(".bot").last()).toHaveText(`${chatbot.assistantName}: ${answers.fallback}`);
});

test("when the answers cannot load, it says how to reach a person, and tries again with the next question", async ({ page }) => {
  let failing = true;
  await page.route(`**${chatbotAnswersPath}`, (route) => (failing ? route.fulfill({ status: 503, body: "" }) : route.continue()));
  await openWithPausedClock(page);
  await launcher(page).click();
  await input(page).fill("Wat kost een dakinspectie?");
  await input(page).press("Enter");
  await page.clock.runFor(replyDelayMs);
  await expect(log(page).locator(".bot").last()).toHaveText(
    `${chatbot.assistantName}: Sorry, ik kan nu even geen antwoord geven. Bel ons op ${companyFile.phones.regular.display} of mail naar ${companyFile.email}.`,
  );
  failing = false;
  const answers = await servedAnswers(page);
  await input(page).fill("Wat kost een dakinspectie?");
  await input(page).press("Enter");
  await page.clock.runFor(replyDelayMs);
  await expect(log(page).locator(".bot").last()).toHaveText(`${chatbot.assistantName}: ${answerFor("Wat kost een dakinspectie?", answers)}`);
});

test("sending resets the 30 s inactivity timer", async ({ page }) => {
  await openWithPausedClock(page);
  await openPanel(page);
  await page.clock.runFor(20_000);
  await input(page).fill("Wat kost een dakinspectie?");
  await input(page).press("Enter");
  // The reply, 500 ms later, is activity too: the panel stays 30 s after it.
  await page.clock.runFor(replyDelayMs + inactivityCloseMs - 1);
  await expect(panel(page)).toBeVisible();
  await page.clock.runFor(1);
  await expect(panel(page)).toBeHidden();
});

test("sends nothing empty, and shows typed markup as text", async ({ page }) => {
  const errors = watchErrors(page);
  await openWithPausedClock(page);
  await openPanel(page);
  const answers = await servedAnswers(page);
  const greeting = `${chatbot.assistantName}: ${chatbot.greeting}`;
  await expect(log(page).locator("p")).toHaveText([greeting]);
  await expect(sendButton(page)).toBeDisabled();
  await input(page).fill("   ");
  await expect(sendButton(page)).toBeDisabled();
  await input(page).press("Enter");
  // Past the time a reply takes: a message sent, and its reply, would show by now.
  await page.clock.runFor(replyDelayMs);
  await expect(log(page).locator("p")).toHaveText([greeting]);

  const markup = `<img src="x" onerror="window.chatInjected = true"><b>vet</b>`;
  await input(page).fill(markup);
  await expect(sendButton(page)).toBeEnabled();
  await input(page).press("Enter");
  await page.clock.runFor(replyDelayMs);
  // The log holds the greeting, the markup as typed and its reply, and nothing the empty message left.
  await expect(log(page).locator("p")).toHaveText([greeting, `Jij: ${markup}`, `${chatbot.assistantName}: ${answerFor(markup, answers)}`]);
  await expect(log(page).locator("img, b")).toHaveCount(0);
  expect(await page.evaluate(() => "chatInjected" in window)).toBe(false);
  expect(errors).toEqual([]);
});

test("loads its questions and answers only when the panel first opens", async ({ page }) => {
  const answerRequests: string[] = [];
  const scripts = new Map<string, Promise<string>>();
  page.on("request", (request) => {
    if (request.url().endsWith(chatbotAnswersPath)) answerRequests.push(request.url());
  });
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.set(response.url(), response.text());
  });
  await page.goto("/");
  await waitForApp(page);
  expect(answerRequests).toEqual([]);
  // Texts only the answers hold, as the site serves them: the fallback and the start of the last answer.
  const answers = await servedAnswers(page);
  const onlyInAnswers = [answers.fallback, answers.entries[answers.entries.length - 1].answer.slice(0, 40)];
  const html = await page.content();
  for (const text of onlyInAnswers) expect(html).not.toContain(text);
  // Every script the page ran from a file, as the browser fetched it: none holds them.
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === "script")
      .map((entry) => entry.name),
  );
  expect(loaded.length).toBeGreaterThan(0);
  expect([...scripts.keys()]).toEqual(expect.arrayContaining(loaded));
  for (const script of await Promise.all(scripts.values())) for (const text of onlyInAnswers) expect(script).not.toContain(text);
  await openPanel(page);
  expect(answerRequests).toHaveLength(1);
});
