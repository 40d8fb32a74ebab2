import { axeViolations } from "./axe";
import { photoMessages } from "../../src/contact-request/shared/contact-photos";
import { test } from "./fixtures";
import { cameraPhoto, expect, openPicker, openWithTypedText, photoFieldOn, pngPhoto, webpFile } from "./photo-field";

/**
 * The photo field by keyboard and under axe, at 390 and 1280 px (playwright.config.ts): its thumbnails and
 * buttons are laid out for each width. What it draws, refuses and sends is the same at every width:
 * contact-form-photos.once.spec.ts.
 */

test.beforeEach(async ({ page }) => openWithTypedText(page));

test("photos are removed by keyboard, each announced, with the focus kept in the field; axe finds nothing", async ({ page }) => {
  const field = photoFieldOn(page);
  const hint = `Niet verplicht. Hoogstens 5 foto's (JPEG, PNG, WebP of HEIC). Wij verkleinen ze en verwijderen de locatiegegevens. ${photoMessages.notInDraft}`;
  await expect(field.add).toHaveAccessibleDescription(hint);
  expect(await axeViolations(page, { include: "#offerte-formulier" })).toEqual([]);

  // The picker opens from the keyboard too.
  const chooser = await openPicker(page, "Enter");
  await chooser.setFiles([await cameraPhoto("a.jpg"), await pngPhoto(), await webpFile()]);
  await expect(field.thumbnails).toHaveCount(3);
  expect(await axeViolations(page, { include: "#offerte-formulier" })).toEqual([]);

  await page.keyboard.press("Tab");
  await expect(field.section.getByRole("button", { name: "Verwijder foto 1" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(field.section.getByRole("button", { name: "Verwijder foto 2" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(field.thumbnails).toHaveCount(2);
  await expect(field.status).toHaveText("Foto 2 verwijderd; u heeft er nu 2 van de 5.");
  // The next photo's button takes the focus, now named after its new place.
  await expect(field.section.getByRole("button", { name: "Verwijder foto 2" })).toBeFocused();
  await page.keyboard.press(" ");
  await expect(field.thumbnails).toHaveCount(1);
  await expect(field.section.getByRole("button", { name: "Verwijder foto 1" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(field.thumbnails).toHaveCount(0);
  await expect(field.add).toBeFocused();
});
