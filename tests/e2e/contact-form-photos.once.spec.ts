import sharp from "sharp";
import { artistTag, exifTags, gpsTag } from "../../scripts/lib/requests/test-photos";
import { photoLimits, photoMessages } from "../../src/contact-request/shared/contact-photos";
import { test } from "./fixtures";
import { answer, escapeRegExp, fillRequired, watchErrors } from "./helpers";
import { cameraPhoto, choose, expect, heicFile, openWithTypedText, photoFieldOn, pngPhoto, postedForm, webpFile } from "./photo-field";

/**
 * The photo field in the browser (docs/contact-requests.md, "Photos"): what
 * it draws, shows, refuses and sends. The function's answers are stood in
 * for, so these need no server of the site's own. None of it reads the
 * width: it runs once, at 1280 px (playwright.config.ts, the `once` project);
 * contact-form-photos.spec.ts checks the field by keyboard and axe at both.
 */

const endpoint = "**/api/send-contact-email";

test.beforeEach(async ({ page }) => openWithTypedText(page));

test("three photos become thumbnails and are sent as JPEGs of at most 2048 px, turned upright, without EXIF", async ({ page }) => {
  const errors = watchErrors(page);
  const field = photoFieldOn(page);
  const camera = await cameraPhoto();
  const original = await sharp(camera.buffer).metadata();
  const tags = exifTags(original.exif ?? Buffer.alloc(0));
  expect([original.orientation, tags.has(artistTag), tags.has(gpsTag)]).toEqual([6, true, true]);
  await choose(page, [camera, await pngPhoto(), await webpFile()]);
  await expect(field.thumbnails).toHaveCount(3);
  expect(await field.thumbnails.evaluateAll((images) => images.map((image) => image.getAttribute("alt")))).toEqual(["Foto 1", "Foto 2", "Foto 3"]);
  await expect(field.status).toHaveText("3 foto's toegevoegd; u heeft er nu 3 van de 5.");
  await expect(field.thumbnails.first()).toHaveAttribute("src", /^blob:/);
  expect(await field.thumbnails.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth > 0))).toEqual([true, true, true]);

  const posted: { contentType: string; body: Buffer }[] = [];
  await page.route(endpoint, (route) => {
    posted.push({ contentType: route.request().headers()["content-type"] ?? "", body: route.request().postDataBuffer() ?? Buffer.alloc(0) });
    return answer(200, { ok: true })(route);
  });
  await fillRequired(field, "Marieke de Vries");
  await field.submit.click();
  await expect(field.section.getByText("Bedankt, uw aanvraag is verstuurd!")).toBeVisible();
  await expect(field.thumbnails).toHaveCount(0);

  expect(posted).toHaveLength(1);
  expect(posted[0].contentType).toMatch(/^multipart\/form-data; boundary=/);
  const form = await postedForm(posted[0].body, posted[0].contentType);
  expect(form.get("name")).toBe("Marieke de Vries");
  expect(form.get("message")).toBe("De dakgoot lekt bij de hoek, zie de foto's.");
  expect(Number(form.get("shownForMs"))).toBeGreaterThan(0);
  const photos = form.getAll("photos") as File[];
  expect(photos.map((photo) => [photo.name, photo.type])).toEqual([
    ["foto-1.jpg", "image/jpeg"],
    ["foto-2.jpg", "image/jpeg"],
    ["foto-3.jpg", "image/jpeg"],
  ]);
  const drawn = await Promise.all(photos.map(async (photo) => sharp(Buffer.from(await photo.arrayBuffer())).metadata()));
  expect(drawn.map(({ format, width, height }) => [format, width, height])).toEqual([
    ["jpeg", 1536, 2048],
    ["jpeg", 1200, 900],
    ["jpeg", 1600, 1200],
  ]);
  for (const [index, metadata] of drawn.entries()) {
    expect(metadata.exif, `photo ${index + 1} carries no EXIF`).toBeUndefined();
    expect(metadata.orientation ?? 1).toBe(1);
    expect(photos[index].size).toBeLessThanOrEqual(photoLimits.drawnPhotoBytes);
  }
  expect(errors).toEqual([]);
});

test("each refused file gets its own Dutch message, the photos added stay, and so does the typed text", async ({ page }) => {
  const field = photoFieldOn(page);
  const camera = await cameraPhoto();
  const errorsAt = field.section.locator("[id$='-foto-fout'] p");

  await choose(page, [
    { name: "offerte.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Offerte dakgoot: 3 meter zink, 2 hoeken.\n") },
    { name: "leeg.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(0) },
    { name: "kapot.jpg", mimeType: "image/jpeg", buffer: camera.buffer.subarray(0, Math.floor(camera.buffer.length / 2)) },
    heicFile(),
    await pngPhoto(),
  ]);
  await expect(field.thumbnails).toHaveCount(1);
  await expect(errorsAt).toHaveText([
    photoMessages.notAPhoto("offerte.jpg"),
    photoMessages.empty("leeg.jpg"),
    photoMessages.unreadable("kapot.jpg"),
    photoMessages.heicInBrowser("IMG_0001.HEIC"),
  ]);
  await expect(field.status).toContainText(`1 foto toegevoegd; u heeft er nu 1 van de 5. ${photoMessages.notAPhoto("offerte.jpg")}`);
  await expect(field.add).toHaveAccessibleDescription(new RegExp(escapeRegExp(photoMessages.heicInBrowser("IMG_0001.HEIC"))));

  // Six more: four fit beside the one, the rest is refused, and nothing already added goes.
  await choose(page, await Promise.all([1, 2, 3, 4, 5, 6].map((number) => cameraPhoto(`foto-${number}.jpg`))));
  await expect(field.thumbnails).toHaveCount(photoLimits.count);
  await expect(errorsAt).toHaveText([photoMessages.tooMany]);

  // Full: the button says so instead of opening the picker.
  let opened = false;
  page.once("filechooser", () => (opened = true));
  await field.add.click();
  await expect(errorsAt).toHaveText([photoMessages.tooMany]);
  expect(opened).toBe(false);

  await expect(field.name).toHaveValue("Marieke de Vries");
  await expect(field.message).toHaveValue("De dakgoot lekt bij de hoek, zie de foto's.");
});

test("the function's refusal of the photos shows at the field, with the photos and the typed text kept", async ({ page }) => {
  const field = photoFieldOn(page);
  await choose(page, [await webpFile()]);
  await expect(field.thumbnails).toHaveCount(1);
  const refusal = photoMessages.tooManyPixels("foto-1.jpg");
  await page.route(endpoint, answer(400, { ok: false, code: "invalid_photos", error: refusal, photos: [refusal] }));
  await fillRequired(field, "Marieke de Vries");
  await field.submit.click();

  await expect(field.section.locator("[id$='-foto-fout']")).toHaveText(refusal);
  await expect(field.add).toBeFocused();
  await expect(field.add).toHaveAccessibleDescription(new RegExp(`${escapeRegExp(refusal)}$`));
  await expect(field.thumbnails).toHaveCount(1);
  await expect(field.name).toHaveValue("Marieke de Vries");
  await expect(field.section.getByText("Controleer de gemarkeerde velden.").first()).toBeVisible();
});

test("fields and photos refused together: each message shows at its own field, and the marked field takes the focus", async ({ page }) => {
  const field = photoFieldOn(page);
  await choose(page, [await webpFile()]);
  await expect(field.thumbnails).toHaveCount(1);
  const photoRefusal = photoMessages.tooManyPixels("foto-1.jpg");
  const emailRefusal = "Dit e-mailadres bestaat niet.";
  // As the function answers when both are wrong: the code of the fields, with the photos' messages beside them.
  await page.route(endpoint, answer(400, { ok: false, code: "invalid_request", error: "Controleer de gemarkeerde velden.", fields: { email: emailRefusal }, photos: [photoRefusal] }));
  await fillRequired(field, "Marieke de Vries");
  await field.submit.click();

  await expect(field.field("E-mail *")).toHaveAccessibleDescription(emailRefusal);
  await expect(field.section.locator("[id$='-foto-fout']")).toHaveText(photoRefusal);
  await expect(field.field("E-mail *")).toBeFocused();
  await expect(field.thumbnails).toHaveCount(1);
});
