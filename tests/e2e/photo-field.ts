/** The photo field of the quote form, and the photos a visitor picks in it, for contact-form-photos*.spec.ts. */
import { keptPhotos } from "../../scripts/lib/requests/photo-files";
import { heicPhoto } from "../../scripts/lib/requests/test-photos";
import { expect as expectByDefault, type FileChooser, type Page } from "./fixtures";
import { formOn, waitForHydration } from "./helpers";

/** Waits up to 60 s for what the page shows: on a busy machine six camera photos took more than 5 s to draw (2026-11-28). */
export const expect = expectByDefault.configure({ timeout: 60_000 });

export interface PhotoFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The test photos of the contact path (scripts/lib/requests/test-photos.ts), each made once a run (photo-files.ts), as files a visitor picks. */
export const cameraPhoto = async (name = "IMG_2041.jpg"): Promise<PhotoFile> => ({ name, mimeType: "image/jpeg", buffer: await keptPhotos.cameraJpeg() });
export const pngPhoto = async (): Promise<PhotoFile> => ({ name: "dakgoot.png", mimeType: "image/png", buffer: await keptPhotos.transparentPng(1200, 900) });
export const webpFile = async (): Promise<PhotoFile> => ({ name: "schoorsteen.webp", mimeType: "image/webp", buffer: await keptPhotos.webpPhoto(1600, 1200) });
/** A HEIC by its first bytes, which Chromium cannot decode. */
export const heicFile = (): PhotoFile => ({ name: "IMG_0001.HEIC", mimeType: "image/heic", buffer: heicPhoto() });

/** The quote form (formOn) with the photo field's parts and the two fields the tests type in. */
export function photoFieldOn(page: Page) {
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
export async function openPicker(page: Page, key?: string) {
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
export async function choose(page: Page, files: PhotoFile[]) {
  await (await openPicker(page)).setFiles(files);
}

/** The multipart body the form posted, read as the function would. */
export async function postedForm(body: Buffer, contentType: string) {
  return new Response(new Uint8Array(body), { headers: { "Content-Type": contentType } }).formData();
}

/** Opens the home page and types in the form, which loads its code (ContactFormOnDemand), until the photo button shows. */
export async function openWithTypedText(page: Page) {
  await page.goto("/");
  await waitForHydration(page);
  const field = photoFieldOn(page);
  // The form's code loads when the visitor first touches it (ContactFormOnDemand).
  await field.name.fill("Marieke de Vries");
  await field.message.fill("De dakgoot lekt bij de hoek, zie de foto's.");
  await expect(field.add).toBeVisible();
}
