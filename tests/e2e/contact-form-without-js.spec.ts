import { axeViolations } from "./axe";
import { baseURL } from "../../playwright.config";
import { company } from "./content";
import { expect, test, type Locator, type Page } from "./fixtures";
import { expectNoHorizontalScroll } from "./helpers";

/**
 * The pages the function answers a post without JavaScript with (docs/contact-requests.md), at 390 and 1280 px
 * (playwright.config.ts): each fits the screen, passes axe and shows its parts whole. The posts themselves are
 * contact-form-without-js.once.spec.ts's.
 */

/** The page as a visitor sees it: its title on the first screen, and it and each part shown whole within the screen's width. */
async function expectShownWhole(page: Page, title: Locator, parts: Locator[]) {
  await expect(title).toBeInViewport();
  const width = page.viewportSize()?.width ?? 0;
  for (const part of [title, ...parts]) {
    await expect(part).toBeVisible();
    const box = await part.boundingBox();
    expect(box && [box.x >= 0, box.x + box.width <= width], `${await part.textContent()} lies within the screen`).toEqual([true, true]);
  }
}

test.describe("the refusal page and the thank-you, checked by axe (which needs JavaScript in the page)", () => {
  test("the thank-you is accessible and fits the screen", async ({ page }, testInfo) => {
    const name = `Bedankt axe ${testInfo.project.name} ${Date.now()}`;
    const answer = await page.request.post("/api/send-contact-email", {
      form: { name, email: "marieke@example.nl", phone: "06 12345678", message: `Graag een offerte (${name})`, website: "" },
      headers: { Referer: new URL("/contact", baseURL).href },
    });
    expect(answer.status()).toBe(200);
    await page.setContent(await answer.text());
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await expectShownWhole(page, page.getByRole("heading", { level: 1, name: "Bedankt, uw aanvraag is ontvangen" }), [
      page.getByText(/^U hoort .+ van ons\.$/),
      page.locator(".reference"),
      page.getByRole("link", { name: company.phones.emergency.display }),
    ]);
  });

  test("is accessible and fits the screen", async ({ page }) => {
    const answer = await page.request.post("/api/send-contact-email", {
      form: { name: "Jan Jansen", email: "geen-adres", phone: "", message: "Graag een offerte", website: "" },
      headers: { Referer: new URL("/contact", baseURL).href },
    });
    expect(answer.status()).toBe(400);
    await page.setContent(await answer.text());
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await expectShownWhole(page, page.getByRole("heading", { level: 1, name: "Controleer uw aanvraag" }), [
      ...(await page.getByRole("region", { name: "Pas dit aan" }).getByRole("listitem").all()),
      page.getByRole("region", { name: "Wat u invulde" }),
      page.getByRole("link", { name: "Terug naar het formulier" }),
      page.getByRole("link", { name: company.phones.regular.display }),
    ]);
  });
});
