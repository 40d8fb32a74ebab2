import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { formOn, waitForHydration } from "./helpers";

/**
 * The quote form where the width matters, at 390 and 1280 px (playwright.config.ts): the honeypot off the
 * screen, the form with its fields marked passing axe, and where the form sits on the home page.
 * What it does with what is typed is the same at every width: contact-form.once.spec.ts.
 */

const endpoint = "**/api/send-contact-email";

test.beforeEach(async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
});

test("the honeypot is never met: off-screen, hidden from assistive technology, out of the tab order", async ({ page }) => {
  const trap = page.locator('#offerte-formulier input[name="website"]');
  await expect(trap).toHaveAttribute("tabindex", "-1");
  await expect(trap.locator("xpath=..")).toHaveAttribute("aria-hidden", "true");
  const box = await trap.boundingBox();
  expect(box === null || box.x + box.width <= 0).toBe(true);
  await expect(page.getByRole("textbox", { name: "Laat dit veld leeg" })).toHaveCount(0);
});

test("required fields block submission and are marked, with focus on the first", async ({ page }) => {
  const form = formOn(page);
  let requests = 0;
  await page.route(endpoint, (route) => {
    requests += 1;
    return route.continue();
  });
  await form.submit.click();
  await expect(form.field("Naam *")).toBeFocused();
  for (const [label, message] of [
    ["Naam *", "Vul uw naam in."],
    ["E-mail *", "Vul uw e-mailadres in."],
    ["Telefoon *", "Vul uw telefoonnummer in."],
  ]) {
    await expect(form.field(label)).toHaveAttribute("aria-invalid", "true");
    await expect(form.field(label)).toHaveAccessibleDescription(message);
  }
  await expect(form.section.getByRole("status")).toHaveText("Controleer de gemarkeerde velden.");
  await form.field("Naam *").fill("Jan");
  await expect(form.field("Naam *")).not.toHaveAttribute("aria-invalid");
  expect(requests).toBe(0);

  expect(await axeViolations(page, { include: "#offerte-formulier" })).toEqual([]);
});

test("on the home page the form follows the statistics strip and comes before the services (docs/requirements.md, 'Page by page')", async ({ page }) => {
  const top = (selector: string) => page.locator(selector).evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  const stats = await page.getByRole("region", { name: "Ons bedrijf in cijfers" }).evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  const form = await top("#offerte-formulier");
  const services = await top("#diensten");
  expect(stats).toBeLessThan(form);
  expect(form).toBeLessThan(services);
});
