import sharp from "sharp";
import { keptPhotos } from "../../scripts/lib/requests/photo-files";
import { openLocalRequests } from "../../scripts/lib/requests/request-stores";
import { artistTag, cameraTraces, outsideScans, exifTags, gpsTag, refusedPhotoCases, threePhotos, type TestPhoto } from "../../scripts/lib/requests/test-photos";
import { storedPhotos } from "../../src/contact-request/functions/deliver";
import { idOfKey } from "../../src/contact-request/functions/request-store";
import { photoLimits } from "../../src/contact-request/shared/contact-photos";
import type { StoredContactRequest } from "../../src/contact-request/functions/contact-delivery";
import { expect, test, type Page } from "./fixtures";
import { every100ms, installClock, passFillTime, waitForHydration } from "./helpers";
import { mailsFrom } from "./test-services";

/**
 * Photos with a request, the whole way (docs/contact-requests.md, "Photos"):
 * from the form, with and without JavaScript, through `npm start`'s function
 * and its local Blobs store, to the mail in the SMTP sink. What arrives is
 * drawn again, at most 2048 px, and carries nothing of the camera's metadata.
 * A body over 6 MB is not posted here: Netlify refuses it before the
 * function, and `netlify serve` (netlify-cli 26.2) ends with "Stream body too
 * big"; the function's own 413 is tested in its unit tests (photos.test.ts).
 *
 * None of it reads the width: it runs once, at 1280 px (playwright.config.ts,
 * the `once` project).
 */

interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The photos as Playwright's file inputs take them. */
const uploads = (photos: TestPhoto[]): Upload[] => photos.map(({ name, type, bytes }) => ({ name, mimeType: type, buffer: bytes }));

/** The photos of the issue (threePhotos: a 4000 × 3000 camera JPEG with GPS and an Artist tag, a PNG and a WebP), made once a run (photo-files.ts). */
async function issuePhotos(): Promise<Upload[]> {
  const photos = await threePhotos(keptPhotos);
  const tags = exifTags((await sharp(photos[0].bytes).metadata()).exif ?? Buffer.alloc(0));
  // The test is only worth something if the camera's photo really carries what must not arrive.
  expect([tags.has(artistTag), tags.has(gpsTag)]).toEqual([true, true]);
  return uploads(photos);
}

/** The request stored under this visitor's name, with its photos as the store holds them. */
async function storedWithPhotos(name: string) {
  const { requests, close } = await openLocalRequests();
  try {
    const records = (await Promise.all((await requests.keys()).map((key) => requests.read(key)))).filter(
      (record): record is StoredContactRequest => record?.request.name === name,
    );
    // Awaited here, before `finally` stops the server these reads go to.
    return await Promise.all(records.map(async (record) => ({ record, photos: await storedPhotos(requests, record) })));
  } finally {
    await close();
  }
}

/** Photos in the store whose request is not there: a refused request must leave none. */
async function orphanPhotos() {
  const { requests, close } = await openLocalRequests();
  try {
    const ids = new Set((await requests.keys()).map(idOfKey));
    return (await requests.photoKeys()).filter((key) => !ids.has(idOfKey(key)));
  } finally {
    await close();
  }
}

/** The mail of this visitor's request: three JPEG attachments, drawn again, without metadata, the same bytes as stored. */
async function expectMailedPhotos(name: string) {
  await expect.poll(() => mailsFrom(name).length, every100ms).toBe(1);
  const [mail] = mailsFrom(name);
  expect(mail.attachments.map(({ filename, contentType }) => [filename, contentType])).toEqual([
    ["foto-1.jpg", "image/jpeg"],
    ["foto-2.jpg", "image/jpeg"],
    ["foto-3.jpg", "image/jpeg"],
  ]);
  for (const { filename, content } of mail.attachments) {
    const metadata = await sharp(content).metadata();
    expect(metadata.format, filename).toBe("jpeg");
    expect(Math.max(metadata.width ?? Infinity, metadata.height ?? Infinity), filename).toBeLessThanOrEqual(photoLimits.longEdgePx);
    expect([metadata.exif, metadata.xmp, metadata.orientation], filename).toEqual([undefined, undefined, undefined]);
    for (const trace of [...cameraTraces, "GPS"]) expect(outsideScans(content).includes(trace), `${filename} holds "${trace}"`).toBe(false);
  }
  // The camera's photo was taken turned: it arrives upright, its long edge its height.
  const first = await sharp(mail.attachments[0].content).metadata();
  expect(first.height).toBeGreaterThan(first.width ?? Infinity);
  const [stored] = await storedWithPhotos(name);
  expect(stored.record.photos?.map((photo) => photo.name)).toEqual(["foto-1.jpg", "foto-2.jpg", "foto-3.jpg"]);
  expect(stored.photos.attachments.map(({ content }, index) => content.equals(mail.attachments[index].content))).toEqual([true, true, true]);
}

async function fillForm(page: Page, name: string, form = page.locator("#offerte-formulier")) {
  await form.getByLabel("Naam *", { exact: true }).fill(name);
  await form.getByLabel("E-mail *", { exact: true }).fill("marieke@example.nl");
  await form.getByLabel("Telefoon *", { exact: true }).fill("06 12345678");
  // The message names the request: the same address with the same message within 10 minutes is one request.
  await form.getByLabel("Bericht", { exact: true }).fill(`De dakgoot lekt bij de hoek, zie de foto's (${name}).`);
}

test("with JavaScript, three photos reach the mailbox as foto-1.jpg to foto-3.jpg, at most 2048 px, without EXIF, GPS or XMP, and the store holds the same", async ({ page }, testInfo) => {
  const name = `Foto's ${testInfo.project.name} ${Date.now()}`;
  await installClock(page);
  await page.goto("/contact");
  await waitForHydration(page);
  const form = page.locator("#offerte-formulier");
  await fillForm(page, name);
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), form.getByRole("button", { name: "Foto's toevoegen" }).click()]);
  await chooser.setFiles(await issuePhotos());
  await expect(form.getByRole("list", { name: "Toegevoegde foto's" }).getByRole("img")).toHaveCount(3);
  await passFillTime(page);
  await form.getByRole("button", { name: "Gratis Offerte Aanvragen" }).click();
  await expect(form.getByText("Bedankt, uw aanvraag is verstuurd!")).toBeVisible();
  await expectMailedPhotos(name);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  const noScriptForm = (page: Page) => page.locator("#offerte-formulier form");

  test("the same three photos as a multipart post land on the thank-you page and reach the mailbox the same way", async ({ page }, testInfo) => {
    const name = `Foto's zonder script ${testInfo.project.name} ${Date.now()}`;
    await page.goto("/contact");
    await fillForm(page, name, noScriptForm(page));
    await noScriptForm(page).getByLabel("Foto's meesturen", { exact: true }).setInputFiles(await issuePhotos());
    await noScriptForm(page).getByRole("button", { name: "Gratis Offerte Aanvragen" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bedankt, uw aanvraag is ontvangen");
    await expectMailedPhotos(name);
  });

  test("each bad photo gets a page with its own Dutch message and what was typed, and nothing is stored", async ({ page }, testInfo) => {
    const cases = refusedPhotoCases();
    for (const { what, files, message } of cases) {
      const name = `Foute foto ${testInfo.project.name} ${cases.findIndex((entry) => entry.what === what)} ${Date.now()}`;
      await page.goto("/contact");
      await fillForm(page, name, noScriptForm(page));
      await noScriptForm(page).getByLabel("Foto's meesturen", { exact: true }).setInputFiles(uploads(await files()));
      await noScriptForm(page).getByRole("button", { name: "Gratis Offerte Aanvragen" }).click();
      await expect(page.getByRole("heading", { level: 1 }), what).toHaveText("Controleer uw aanvraag");
      await expect(page.getByText(message), what).toBeVisible();
      await expect(page.getByText(name).first(), `${what}: the typed name is shown again`).toBeVisible();
      await expect(page.getByRole("link", { name: "Terug naar het formulier" }), what).toBeVisible();
      expect(await storedWithPhotos(name), what).toEqual([]);
    }
    // Polled: a request of another test may be between storing its photos and its record.
    await expect.poll(orphanPhotos, every100ms).toEqual([]);
  });
});
