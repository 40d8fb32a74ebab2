import { expect, test, type Locator } from "./fixtures";
import type { SunkMail } from "../../scripts/lib/serve/mail-sink";
import { contentTypes } from "../../plugins/gatsby-plugin-content/content-schema";
import { company, contentFile, contentServices } from "./content";
import { answer, every100ms, fillRequired, formOn, installClock, passFillTime, waitForHydration, watchErrors } from "./helpers";
import { contactLimits, receivedAtOf, requestReference } from "../../src/contact-request/functions/contact-delivery";
import { shownForField } from "../../src/contact-request/shared/contact-fields";
import { sunkMails } from "./test-services";
import { replyDueAt, replyMoment } from "../../src/contact-request/shared/reply-clock";
import { contentClock } from "../../scripts/lib/requests/content-clock";

/**
 * What the quote form does with what is typed (validation is contact-form.spec.ts's, with axe): it is the same
 * at every width, so it runs once, at 1280 px (playwright.config.ts, the `once` project). The page's clock is
 * Playwright's (installClock), moved past the minimum fill time rather than waited out.
 */

const endpoint = "**/api/send-contact-email";
const services = contentServices().map((service) => service.name);

/** The mail the site's function delivered to the test SMTP sink, found by a text in its subject. */
async function mailWithSubject(text: string): Promise<SunkMail> {
  const mail = () => sunkMails().find((candidate) => candidate.subject.includes(text));
  const message = `No mail with "${text}" reached the test SMTP sink: is npm start running with SMTP_URL at it (npm test does this)?`;
  await expect.poll(mail, { ...every100ms, message }).toBeDefined();
  return mail() as SunkMail;
}

/** What the visitor typed and chose; the photos are tests/e2e/contact-form-photos.once.spec.ts's. */
const values = async (section: Locator) =>
  section.locator("input:not([tabindex='-1']):not([type='file']), select, textarea").evaluateAll((elements) =>
    elements.map((element) => (element as HTMLInputElement).value),
  );

test.beforeEach(async ({ page }) => {
  await installClock(page);
  await page.goto("/");
  await waitForHydration(page);
});

test("the form has every field, in Dutch, with the right types, autocomplete and choices", async ({ page }) => {
  const form = formOn(page);
  // The title is home.json's own (contactForm.title); the fields below are the form's code.
  await expect(form.section.getByRole("heading", { level: 2 })).toHaveText(contentFile(contentTypes.HomeJson).contactForm.title);
  const expected = [
    ["Naam *", "name", "text", "name"],
    ["E-mail *", "email", "email", "email"],
    ["Telefoon *", "phone", "tel", "tel"],
    ["Adres", "address", "text", "address-line1"],
    ["Postcode", "postalCode", "text", "postal-code"],
  ];
  for (const [label, name, type, autocomplete] of expected) {
    const input = form.field(label);
    await expect(input).toHaveAttribute("name", name);
    await expect(input).toHaveAttribute("type", type);
    await expect(input).toHaveAttribute("autocomplete", autocomplete);
    await expect(input).toHaveValue("");
  }
  await expect(form.field("Naam *")).toHaveAttribute("placeholder", "Uw volledige naam");
  for (const label of ["Naam *", "E-mail *", "Telefoon *"]) await expect(form.field(label)).toHaveAttribute("required", "");
  for (const label of ["Adres", "Postcode", "Plaats", "Dienst", "Bericht"]) await expect(form.field(label)).not.toHaveAttribute("required");

  await expect(form.field("Plaats")).toHaveAttribute("autocomplete", "address-level2");
  expect(await form.field("Plaats").locator("option").allTextContents()).toEqual(["Kies uw plaats", ...company.towns.map((town) => town.name)]);
  expect(await form.field("Dienst").locator("option").allTextContents()).toEqual(["Kies een dienst", ...services]);
  await expect(form.field("Bericht")).toHaveAttribute("rows", "4");
  await expect(form.submit).toBeEnabled();
  // Even a submit before the page has hydrated never puts what was typed into the URL.
  await expect(form.section.locator("form")).toHaveAttribute("method", "post");
  await expect(form.section.locator("form")).toHaveAttribute("action", "/api/send-contact-email");
});

test("a sent request reaches the mailbox with every field, clears the form and shows the toast", async ({ page }, testInfo) => {
  const errors = watchErrors(page);
  const form = formOn(page);
  const name = `Test ${testInfo.project.name} ${Date.now()}`;
  await fillRequired(form, name);
  await form.field("Adres").fill("Zaanweg 12");
  await form.field("Postcode").fill("1505ab");
  await form.field("Plaats").selectOption("Zaandam");
  await form.field("Dienst").selectOption("Dakisolatie");
  // The message names the test too: the same address with the same message within 10 minutes is one request.
  await form.field("Bericht").fill(`Graag advies over isolatie.\nHet dak is uit 1975. (${name})`);
  await passFillTime(page);
  await form.submit.click();

  const toast = page.getByText("Aanvraag verstuurd!");
  await expect(toast).toBeVisible();
  await expect(form.section.getByText("Bedankt, uw aanvraag is verstuurd!")).toBeVisible();
  expect(await values(form.section)).toEqual(["", "", "", "", "", "", "", ""]);
  expect(await page.evaluate(() => sessionStorage.getItem("contact-request-draft"))).toBeNull();

  const mail = await mailWithSubject(name);
  expect(mail.subject).toBe(`Offerteaanvraag: Dakisolatie in Zaandam van ${name}`);
  // The thank-you names when they hear back, by the reply clock from the request's arrival, and its reference.
  const id = /\(aanvraag (\S+)\)/.exec(mail.text)?.[1] ?? "";
  const replyBy = replyMoment(replyDueAt(receivedAtOf(id) ?? new Date(), "Dakisolatie", contentClock), receivedAtOf(id) ?? new Date());
  await expect(form.section.getByText(`U hoort ${replyBy} van ons. Uw kenmerk: ${requestReference(id)}.`)).toBeVisible();
  await expect(page.getByText(`U hoort ${replyBy} van ons.`, { exact: true })).toBeVisible();
  await expect(form.section.getByRole("link", { name: company.phones.emergency.display })).toHaveAttribute("href", `tel:${company.phones.emergency.e164}`);
  expect(mail.replyTo).toBe(`"${name}" <marieke@example.nl>`);
  for (const text of [name, "marieke@example.nl", "06 12345678", "Zaanweg 12", "1505 AB", "Zaandam", "Dakisolatie", "Het dak is uit 1975."]) {
    expect(mail.text).toContain(text);
  }
  expect(errors).toEqual([]);
});

test("the form says how long it has been shown, so the function can tell a person from a program", async ({ page }) => {
  const form = formOn(page);
  const bodies: Record<string, unknown>[] = [];
  await page.route(endpoint, (route) => {
    bodies.push(route.request().postDataJSON() as Record<string, unknown>);
    return answer(200, { ok: true })(route);
  });
  await fillRequired(form, "Jan Jansen");
  await passFillTime(page);
  const before = await page.evaluate(() => performance.now());
  await form.submit.click();
  await expect(form.section.getByText("Bedankt, uw aanvraag is verstuurd!")).toBeVisible();
  const shownFor = Number(bodies[0]?.[shownForField]);
  expect(shownFor).toBeGreaterThanOrEqual(Math.max(contactLimits.minimumFillMs, Math.floor(before)));
});

test("'Versturen...' shows, the button is disabled and a double click sends once, while the request is pending", async ({ page }, testInfo) => {
  const form = formOn(page);
  let release: () => void = () => {};
  let requests = 0;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(endpoint, async (route) => {
    requests += 1;
    await held;
    await route.continue();
  });
  await fillRequired(form, `Wachten ${testInfo.project.name} ${Date.now()}`);
  await form.submit.dblclick();
  const pending = form.section.getByRole("button", { name: "Versturen..." });
  await expect(pending).toBeVisible();
  await expect(pending).toBeDisabled();
  await expect(form.section.getByRole("status")).toHaveText("Uw aanvraag wordt verstuurd.");
  release();
  await expect(form.submit).toBeEnabled();
  await expect(page.getByText("Aanvraag verstuurd!")).toBeVisible();
  expect(requests).toBe(1);
});

test("a failure keeps every value and says what to do", async ({ page }) => {
  const form = formOn(page);
  await page.route(endpoint, answer(502, { ok: false, code: "email_failed", error: "x" }));
  await fillRequired(form, "Jan Jansen");
  await form.field("Plaats").selectOption("Haarlem");
  await form.field("Bericht").fill("Lekkage bij de dakkapel");
  const before = await values(form.section);
  await form.submit.click();

  await expect(page.getByText("Er ging iets mis")).toBeVisible();
  await expect(page.getByText("Probeer het opnieuw of bel ons direct.")).toBeVisible();
  await expect(form.section.getByText("Uw aanvraag is niet verstuurd.")).toBeVisible();
  await expect(form.section.getByRole("link", { name: company.phones.regular.display, exact: true })).toHaveAttribute("href", `tel:${company.phones.regular.e164}`);
  expect(await values(form.section)).toEqual(before);
  await expect(form.submit).toBeEnabled();
});

test("no network keeps every value too", async ({ page }) => {
  const form = formOn(page);
  await page.route(endpoint, (route) => route.abort("internetdisconnected"));
  await fillRequired(form, "Jan Jansen");
  const before = await values(form.section);
  await form.submit.click();
  await expect(page.getByText("Er ging iets mis")).toBeVisible();
  expect(await values(form.section)).toEqual(before);
});

test("'not configured' shows the call-us toast with the company phone", async ({ page }) => {
  const form = formOn(page);
  await page.route(endpoint, answer(503, { ok: false, code: "email_not_configured", error: "De e-mailservice is niet geconfigureerd." }));
  await fillRequired(form, "Jan Jansen");
  await form.submit.click();
  await expect(page.getByText("Email service niet beschikbaar")).toBeVisible();
  await expect(page.getByText(`Bel ons direct op ${company.phones.regular.display} of via WhatsApp.`)).toBeVisible();
  await expect(form.field("Naam *")).toHaveValue("Jan Jansen");
});

test("field errors from the function mark those fields", async ({ page }) => {
  const form = formOn(page);
  await page.route(endpoint, answer(400, { ok: false, code: "invalid_request", error: "x", fields: { email: "Dit e-mailadres bestaat niet." } }));
  await fillRequired(form, "Jan Jansen");
  await form.submit.click();
  await expect(form.field("E-mail *")).toHaveAttribute("aria-invalid", "true");
  await expect(form.field("E-mail *")).toHaveAccessibleDescription("Dit e-mailadres bestaat niet.");
  await expect(form.field("E-mail *")).toBeFocused();
  await expect(form.field("Naam *")).not.toHaveAttribute("aria-invalid");
  await expect(page.getByText("Er ging iets mis")).toBeVisible();
});

test("what was typed survives a reload, until it is sent", async ({ page }) => {
  const form = formOn(page);
  await form.field("Naam *").fill("Jan Jansen");
  await form.field("Dienst").selectOption("Pannendak");
  await form.field("Bericht").fill("Twee pannen\nzijn gebroken");
  await page.reload();
  await waitForHydration(page);
  await expect(form.field("Naam *")).toHaveValue("Jan Jansen");
  await expect(form.field("Dienst")).toHaveValue("Pannendak");
  await expect(form.field("Bericht")).toHaveValue("Twee pannen\nzijn gebroken");

  await page.route(endpoint, answer(200, { ok: true }));
  await form.field("E-mail *").fill("jan@example.nl");
  await form.field("Telefoon *").fill("0201234567");
  await form.submit.click();
  await expect(form.section.getByText("Bedankt, uw aanvraag is verstuurd!")).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(form.field("Naam *")).toHaveValue("");
});

