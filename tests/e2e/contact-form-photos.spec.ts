import { axeViolations } from "./axe";
import sharp from "sharp";
import { artistTag, cameraJpeg, exifTags, gpsTag, heicPhoto, transparentPng, webpPhoto } from "../../scripts/lib/requests/test-photos";
import { photoLimits, photoMessages } from "../../src/contact-request/shared/contact-photos";
import { expect as expectByDefault, test, type FileChooser, type Page } from "./fixtures";
import { answer, escapeRegExp, fillRequired, formOn, waitForApp, watchErrors } from "./helpers";

/**
 * The photo field in the browser (docs/contact-requests.md, "Photos"): what
 * it draws, shows, refuses and sends. The function's answers are stood in
 * for, so these need no server of the site's own.
 */

const endpoint = "**/api/send-contact-email";

/** Waits up to 60 s for what the page shows: on a busy machine six camera photos took more than 5 s to draw (2026-11-28). */
const expect = expectByDefault.configure({ timeout: 60_000 });

interface PhotoFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The test photos of the contact path (scripts/lib/requests/test-photos.ts) as files a visitor picks. */
const cameraPhoto = async (name = "IMG_2041.jpg"): Promise<PhotoFile> => ({ name, mimeType: "image/jpeg", buffer: await cameraJpeg() });
const pngPhoto = async (): Promise<PhotoFile> => ({ name: "dakgoot.png", mimeType: "image/png", buffer: await transparentPng(1200, 900) });
const webpFile = async (): Promise<PhotoFile> => ({ name: "schoorsteen.webp", mimeType: "image/webp", buffer: await webpPhoto(1600, 1200) });
/** A HEIC by its first bytes, which Chromium cannot decode. */
const heicFile = (): PhotoFile => ({ name: "IMG_0001.HEIC", mimeType: "image/heic", buffer: heicPhoto() });

/** The quote form (formOn) with the photo field's parts and the two fields the tests type in. */
function photoFieldOn(page: Page) {
  const form = formOn(page);
  return {
    ...form,
    name: form.field("Naam *"),
    message: form.field("Bericht"),
    add: form.section.getByRole("button", { name: "Foto's toevoegen" }),
    thumbnails: form.section.getByRole("list", { name: "Toegevoegde foto's" }).getByRole("img"),
    status: form.section.locator("[id$='-foto-status']"),
  };
}

/**
 * The picker the photo button opens, by a click or, with `key`, by that key on
 * the focused button. Until the form's code has taken over its server HTML
 * (ContactFormOnDemand), the button does nothing, as for a visitor whose
 * first press comes too soon: the press is repeated until the picker opens.
 */
async function openPicker(page: Page, key?: string) {
  const field = photoFieldOn(page);
  let chooser: FileChooser | undefined;
  await expect(async () => {
    const press = key ? field.add.press(key) : field.add.click();
    [chooser] = await Promise.all([page.waitForEvent("filechooser", { timeout: 10_000 }), press]);
  }).toPass();
  expect(chooser!.isMultiple()).toBe(true);
  return chooser!;
}

/** Opens the picker with the button, as a visitor does, and chooses the files. */
async function choose(page: Page, files: PhotoFile[]) {
  await (await openPicker(page)).setFiles(files);
}

/** The multipart body the form posted, read as the function would. */
async function postedForm(body: Buffer, contentType: string) {
  return new Response(new Uint8Array(body), { headers: { "Content-Type": contentType } }).formData();
}

test.beforeEach(async ({ page }) => {
  await page.goto("/");
  await waitForApp(page);
  const field = photoFieldOn(page);
  // The form's code loads when the visitor first touches it (ContactFormOnDemand).
  await field.name.fill("Marieke de Vries");
  await field.message.fill("De dakgoot lekt bij de hoek, zie de foto's.");
  await expect(field.add).toBeVisible();
});

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
