import { photoAccept, photoField } from "../../src/contact-request/shared/contact-photos";
import { company } from "./content";
import { expect, test, type Page } from "./fixtures";
import { every100ms } from "./helpers";
import { mailsFrom } from "./test-services";

/**
 * A slow phone or a blocked script: the server-rendered form must work on its own (docs/contact-requests.md).
 * What it posts and what the function answers is the same at every width, so it runs once, at 1280 px
 * (playwright.config.ts, the `once` project); contact-form-without-js.spec.ts checks the pages it answers with
 * at both widths, under axe and within the screen.
 */
test.use({ javaScriptEnabled: false });

const form = (page: Page) => page.locator("#offerte-formulier form");
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });

test("the form on /contact posts without JavaScript, thanks with the reference, by when, the emergency number and the opening hours, and the mail arrives", async ({ page }, testInfo) => {
  const name = `Zonder script ${testInfo.project.name} ${Date.now()}`;
  await page.goto("/contact");
  await field(page, "Naam *").fill(name);
  await field(page, "E-mail *").fill("marieke@example.nl");
  await field(page, "Telefoon *").fill("06 12345678");
  await field(page, "Plaats").selectOption("Zaandam");
  // The message names the test too: the same address with the same message within 10 minutes is one request.
  await field(page, "Bericht").fill(`Lekkage boven de keuken (${name})`);
  await form(page).getByRole("button", { name: "Gratis Offerte Aanvragen" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bedankt, uw aanvraag is ontvangen");
  await expect(page.getByText(/^U hoort (vandaag|morgen|\w+dag) vóór \d\d:\d\d van ons\.$/)).toBeVisible();
  const reference = (await page.locator(".reference").textContent()) ?? "";
  expect(reference).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
  await expect(page.getByRole("link", { name: company.phones.emergency.display })).toHaveAttribute("href", `tel:${company.phones.emergency.e164}`);
  for (const { hours } of company.openingHours) await expect(page.getByText(hours, { exact: true }).first()).toBeVisible();
  expect(page.url()).not.toContain("marieke");

  await expect.poll(() => mailsFrom(name).length, every100ms).toBe(1);
  const [mail] = mailsFrom(name);
  expect(mail?.text).toContain(`kenmerk ${reference}`);
  expect(mail?.subject).toBe(`Offerteaanvraag: Algemene vraag in Zaandam van ${name}`);
  expect(mail?.text).toContain("Lekkage boven de keuken");
});

test("without JavaScript the form posts multipart, with a plain file input for up to five photos", async ({ page }) => {
  await page.goto("/contact");
  await expect(form(page)).toHaveAttribute("enctype", "multipart/form-data");
  const photos = field(page, "Foto's meesturen");
  await expect(photos).toBeVisible();
  await expect(photos).toHaveAttribute("type", "file");
  await expect(photos).toHaveAttribute("name", photoField);
  await expect(photos).toHaveAttribute("multiple", "");
  await expect(photos).toHaveAttribute("accept", photoAccept);
  await expect(photos).toHaveAccessibleDescription(/Hoogstens 5 foto's \(JPEG, PNG, WebP of HEIC\)\./);

  let contentType = "";
  await page.route("**/api/send-contact-email", (route) => {
    contentType = route.request().headers()["content-type"] ?? "";
    return route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Ontvangen</h1>" });
  });
  await field(page, "Naam *").fill("Jan Jansen");
  await photos.setInputFiles({ name: "dak.png", mimeType: "image/png", buffer: Buffer.from("89504e470d0a1a0a", "hex") });
  await form(page).getByRole("button", { name: "Gratis Offerte Aanvragen" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ontvangen");
  expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
});

test("an invalid post without JavaScript shows a Dutch page naming each field to fix, with the way back", async ({ page }) => {
  await page.goto("/dakdekker-zaandam");
  await field(page, "Naam *").fill("Jan Jansen");
  await field(page, "E-mail *").fill("geen-adres");
  await field(page, "Bericht").fill("Graag een offerte");
  await form(page).getByRole("button", { name: "Gratis Offerte Aanvragen" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Controleer uw aanvraag");
  const fixes = page.getByRole("region", { name: "Pas dit aan" }).getByRole("listitem");
  await expect(fixes).toHaveText([/^E-mail: Vul een geldig e-mailadres in/, "Telefoon: Vul uw telefoonnummer in."]);
  await expect(page.getByRole("region", { name: "Wat u invulde" })).toContainText("Graag een offerte");
  await expect(page.getByRole("link", { name: "Terug naar het formulier" })).toHaveAttribute("href", "/dakdekker-zaandam#offerte-formulier");
  await expect(page.getByRole("link", { name: company.phones.regular.display })).toHaveAttribute("href", `tel:${company.phones.regular.e164}`);
  expect(page.url()).not.toContain("Jan");

  await page.goBack();
  await expect(field(page, "Naam *")).toHaveValue("Jan Jansen");
});
