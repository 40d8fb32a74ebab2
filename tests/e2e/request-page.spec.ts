import { openLocalRequests } from "../../scripts/lib/requests/request-stores";
import { threePhotos } from "../../scripts/lib/requests/test-photos";
import { grantedLink } from "../../src/contact-request/functions/request-link";
import { localRequestLinkSecret } from "../../src/contact-request/functions/contact-setup";
import { markLabels } from "../../src/contact-request/functions/request-page";
import type { Handling } from "../../src/contact-request/functions/request-handling";
import { expect, test, type Page } from "./fixtures";
import { waitForApp } from "./helpers";
import { mailsFrom } from "./test-services";

/**
 * The contractor's way from the mail to the request (docs/contact-requests.md,
 * "The request page"), against `npm start` and the SMTP sink: a request with
 * three photos, the link its mail carries, the page with its photos and
 * headers, and a mark set without JavaScript.
 */

async function sendWithPhotos(page: Page, name: string) {
  await page.goto("/contact");
  await waitForApp(page);
  const form = page.locator("#offerte-formulier");
  await form.getByLabel("Naam *", { exact: true }).fill(name);
  await form.getByLabel("E-mail *", { exact: true }).fill("marieke@example.nl");
  await form.getByLabel("Telefoon *", { exact: true }).fill("06 12345678");
  await form.getByLabel("Bericht", { exact: true }).fill(`Er lekt water langs de schoorsteen (${name}).`);
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), form.getByRole("button", { name: "Foto's toevoegen" }).click()]);
  await chooser.setFiles((await threePhotos()).map(({ name: file, type, bytes }) => ({ name: file, mimeType: type, buffer: bytes })));
  await form.getByRole("button", { name: "Gratis Offerte Aanvragen" }).click();
  await expect(form.getByText("Bedankt, uw aanvraag is verstuurd!")).toBeVisible();
}

/** The link the request's mail carries, in its text part and its HTML part alike. */
async function mailedLink(name: string) {
  await expect.poll(() => mailsFrom(name).length).toBe(1);
  const [mail] = mailsFrom(name);
  const link = /^Open de aanvraag \(foto's, bellen, markeren als beantwoord\): (\S+)$/m.exec(mail.text)?.[1] ?? "";
  expect(link).not.toBe("");
  expect(mail.html).toContain(`href="${link}"`);
  expect(`${mail.text}${mail.html}`).not.toContain("npm run requests");
  return { link, mail };
}

async function handlingOf(id: string): Promise<Handling> {
  const { requests, close } = await openLocalRequests();
  try {
    return await requests.readHandling(id);
  } finally {
    await close();
  }
}

test("a request with photos: its mail links its page, which shows the photos, and 'Beantwoord' without JavaScript sets answeredAt", async ({ page, browser, baseURL }, testInfo) => {
  const name = `Aanvraagpagina ${testInfo.project.name} ${Date.now()}`;
  await sendWithPhotos(page, name);
  const { link, mail } = await mailedLink(name);
  const url = new URL(link);
  expect(url.origin).toBe(new URL(baseURL ?? "").origin);
  const granted = grantedLink(url.pathname, localRequestLinkSecret, new Date());
  expect(granted).not.toBeNull();

  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers["cache-control"]).toBe("private, no-store");
  expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect(headers["content-security-policy"]).toMatch(/^default-src 'none'; img-src 'self'; style-src 'sha256-[^']+'; form-action 'self'/);
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByText("Nog niet beantwoord")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Bel 06 12345678$/ })).toHaveAttribute("href", "tel:+31612345678");

  // The photos at full size: each loaded, and the very bytes the mail attached.
  const photos = page.getByRole("img", { name: /^Foto \d van 3/ });
  await expect(photos).toHaveCount(3);
  for (let n = 0; n < 3; n += 1) {
    const photo = photos.nth(n);
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    const bytes = await (await page.request.get(`${link}/foto-${n + 1}.jpg`)).body();
    expect(bytes.equals(mail.attachments[n]?.content ?? Buffer.alloc(0))).toBe(true);
  }
  const viewed = await handlingOf(granted?.id ?? "");
  expect(viewed.firstViewedAt).toBeDefined();
  expect(viewed.answeredAt).toBeUndefined();

  // The contractor marks it from a phone without JavaScript: a plain form post.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() ?? undefined });
  try {
    const plain = await noScript.newPage();
    await plain.goto(link);
    await plain.getByRole("button", { name: markLabels.answered.button, exact: true }).click();
    await expect(plain).toHaveURL(link);
    await expect(plain.locator(".status")).toHaveText(markLabels.answered.status);
    await expect(plain.getByText(/Afgehandeld \w+ \d+ \w+ om \d\d:\d\d\./)).toBeVisible();
    await expect(plain.getByRole("button", { name: markLabels.answered.button, exact: true })).toHaveAttribute("aria-pressed", "true");
  } finally {
    await noScript.close();
  }
  const answered = await handlingOf(granted?.id ?? "");
  expect(answered).toMatchObject({ firstViewedAt: viewed.firstViewedAt, mark: "answered" });
  expect(Date.parse(answered.answeredAt ?? "")).toBeGreaterThanOrEqual(Date.parse(viewed.firstViewedAt ?? ""));

  // An altered link gets the not-found page, with the same private headers.
  const altered = await page.goto(`${link.slice(0, -1)}${link.endsWith("A") ? "B" : "A"}`);
  expect(altered?.status()).toBe(404);
  expect(altered?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aanvraag niet gevonden");
});
