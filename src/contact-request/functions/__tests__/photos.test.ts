/**
 * @jest-environment node
 */
import sharp from "sharp";
import { createHandler, type HandlerOptions } from "../handler";
import { mailDeadlineMs, runDeliveryJob } from "../job";
import { contactSetup } from "../contact-setup";
import { smtpMailer, type Mailer } from "../mailer";
import { listKeys, photoKey, type RequestStore } from "../request-store";
import { addressesPrefix } from "../store-keys";
import type { MailSink, SunkAttachment } from "../../../../scripts/lib/serve/mail-sink";
import { contactTestServices } from "../../../../scripts/lib/requests/contact-test-setup";
import type { OpenedRequests } from "../../../../scripts/lib/requests/request-stores";
import { virtualClock } from "../../../../scripts/lib/requests/virtual-clock";
import { artistTag, cameraTraces, outsideScans, exifTags, gpsTag, photoForm, refusedPhotoCases, threePhotos, type TestPhoto } from "../../../../scripts/lib/requests/test-photos";
import { validRequest as valid } from "../../shared/__tests__/contact-request-example";
import { photoField, photoLimits, photoMessages, photoName } from "../../shared/contact-photos";
import { limits } from "../../shared/contact-fields";
import { contactLimits } from "../contact-delivery";
import type { StoredContactRequest } from "../contact-delivery";
import { contentClock, contentEmergencyPhone, contentOpeningHours } from "../../../../scripts/lib/requests/content-clock";

const choices = { towns: ["Amsterdam"], services: ["Daklekkage"] };
const addresses = { to: "info@dakdekker.test", from: '"Dakdekker website" <website@dakdekker.test>' };
const endpoint = "http://localhost:8888/api/send-contact-email";
const phone = { display: "020 123 45 67", e164: "+31201234567" };

interface Upload {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

/**
 * A multipart post, from the form's script (`Accept: application/json`) or the
 * form itself without JavaScript, as it arrives: its bytes, not a FormData
 * body. (Under Node 24, cancelling the stream of a Request made from FormData,
 * as the function does past its limit, ends in an unhandled "ReadableStream is
 * already closed" from undici's FormData encoder; a body from the network has
 * none.)
 */
async function multipart(fields: Record<string, string>, uploads: Upload[], { script = true } = {}) {
  const encoded = new Response(photoForm(fields, uploads.map(({ type = "image/jpeg", ...upload }) => ({ ...upload, type }))));
  const headers: Record<string, string> = script ? { Accept: "application/json" } : { Accept: "text/html,application/xhtml+xml,*/*;q=0.8", Referer: "http://localhost:8888/contact" };
  return new Request(endpoint, { method: "POST", headers: { ...headers, "Content-Type": encoded.headers.get("content-type") ?? "" }, body: await encoded.arrayBuffer() });
}

const typedMessage = "Er lekt water langs de schoorsteen.";
let sink: MailSink;
let local: OpenedRequests;
let requests: RequestStore;
/** threePhotos(), made once: a camera JPEG, a PNG and a WebP. */
let three: TestPhoto[];
let camera: Buffer;
let png: Buffer;
const logs: string[] = [];
// The posts here come one at a time, so the mail cap's pause, which lets another writer's write land, only lets time pass.
const clock = virtualClock();
const handlerFor = (mailer: Mailer, options: Partial<HandlerOptions> = {}) =>
  createHandler({
    clock: contentClock,
    emergencyPhone: contentEmergencyPhone,
    openingHours: contentOpeningHours, choices, mailer, store: () => local.blobs, addresses, phone, allowedOrigins: [], log: (line) => logs.push(line), sleep: clock.sleep, ...options });
let handler: ReturnType<typeof createHandler>;

/** Every stored record's key, every photo key, and every key at all. */
async function everything() {
  // The count per address comes before anything is judged, whatever comes of the request: not a trace of it.
  const all = (await listKeys(local.blobs, "")).filter((key) => !key.startsWith(addressesPrefix));
  return { records: await requests.keys(), photos: await requests.photoKeys(), all };
}

async function onlyRecord(): Promise<StoredContactRequest> {
  const { records } = await everything();
  expect(records).toHaveLength(1);
  const record = await requests.read(records[0] ?? "");
  if (!record) throw new Error("no record");
  return record;
}

/** Checks a photo as the site passes it on: a JPEG, long edge within the limit, and nothing of the camera's metadata. */
async function expectClean(content: Buffer) {
  const metadata = await sharp(content).metadata();
  expect(metadata.format).toBe("jpeg");
  expect(Math.max(metadata.width ?? Infinity, metadata.height ?? Infinity)).toBeLessThanOrEqual(photoLimits.longEdgePx);
  for (const kept of ["exif", "xmp", "icc", "iptc", "orientation", "comments"] as const) expect(metadata[kept]).toBeUndefined();
  expect(metadata.space).toBe("srgb");
  for (const text of [...cameraTraces, "GPS"]) expect(outsideScans(content).includes(text)).toBe(false);
  return metadata;
}

const services = contactTestServices(logs);
// A function instance of its own for each test, as the store is emptied for each: an instance counts mails and addresses in memory.
beforeEach(() => {
  handler = handlerFor(smtpMailer(sink.url));
});
beforeAll(async () => {
  ({ sink, local } = services);
  requests = local.requests;
  three = await threePhotos();
  [camera, png] = three.map(({ bytes }) => bytes);
}, 60_000);

describe("the test photos", () => {
  it("carry what the site must remove: the camera's EXIF with the photographer and a GPS position, XMP, an ICC profile and a comment", async () => {
    const metadata = await sharp(camera).metadata();
    expect(metadata).toMatchObject({ width: 4000, height: 3000, orientation: 6 });
    expect([...exifTags(metadata.exif ?? Buffer.alloc(0))]).toEqual(expect.arrayContaining([artistTag, gpsTag]));
    expect(metadata.xmp).toBeDefined();
    expect(metadata.icc).toBeDefined();
    for (const text of cameraTraces) expect(camera.includes(text)).toBe(true);
    expect([...(await sharp(png).extract({ left: 10, top: 10, width: 1, height: 1 }).raw().toBuffer())]).toEqual([0, 0, 0, 0]);
  });
});

describe("a request with photos", () => {
  it("is mailed once with each photo drawn again as foto-N.jpg, without metadata, and the store keeps the very same bytes", async () => {
    const response = await handler(await multipart(valid, three));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, reference: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/), replyBy: expect.any(String) });

    const [mail] = await sink.waitForMails(1);
    const attachments = mail?.attachments ?? [];
    expect(attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([
      ["foto-1.jpg", "image/jpeg"],
      ["foto-2.jpg", "image/jpeg"],
      ["foto-3.jpg", "image/jpeg"],
    ]);
    const [cameraPhoto, pngPhoto] = await Promise.all(attachments.map((attachment: SunkAttachment) => expectClean(attachment.content)));
    // Turned as the camera said (orientation 6), and shrunk to the long edge.
    expect([cameraPhoto?.width, cameraPhoto?.height]).toEqual([1536, 2048]);
    // Transparency on white, not black.
    const { data } = await sharp(attachments[1]?.content).extract({ left: 10, top: 10, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect([...data].every((channel) => channel > 240)).toBe(true);
    expect([pngPhoto?.width, pngPhoto?.height]).toEqual([1200, 900]);
    expect(mail?.text).toContain("Foto's: 3 foto's als bijlage (foto-1.jpg, foto-2.jpg, foto-3.jpg)");
    expect(mail?.html).toContain("3 foto&#39;s als bijlage");

    const record = await onlyRecord();
    expect(record.delivery.state).toBe("sent");
    expect(record.photos).toEqual(attachments.map((attachment, index) => ({ name: `foto-${index + 1}.jpg`, bytes: attachment.content.length, width: expect.any(Number), height: expect.any(Number) })));
    expect((await everything()).photos).toEqual([1, 2, 3].map((n) => photoKey("photos", record.id, `foto-${n}.jpg`)));
    for (const attachment of attachments) expect(Buffer.compare((await requests.readPhoto("photos", record.id, attachment.filename)) ?? Buffer.alloc(0), attachment.content)).toBe(0);
  }, 30_000);

  it("sent without JavaScript, answers with the thank-you page and mails the same", async () => {
    const response = await handler(await multipart({ ...valid, website: "" }, three, { script: false }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<h1>Bedankt, uw aanvraag is ontvangen</h1>");
    const [mail] = await sink.waitForMails(1);
    expect(mail?.attachments.map((attachment) => attachment.filename)).toEqual(["foto-1.jpg", "foto-2.jpg", "foto-3.jpg"]);
  }, 30_000);

  it("without photos, as the form without JavaScript always posts now (an empty file input included), is a request like any other", async () => {
    const response = await handler(await multipart({ ...valid, website: "" }, [{ name: "", bytes: new Uint8Array(0), type: "application/octet-stream" }], { script: false }));
    expect(response.status).toBe(200);
    const [mail] = await sink.waitForMails(1);
    expect(mail?.attachments).toEqual([]);
    expect(mail?.text).not.toContain("Foto's");
    expect((await onlyRecord()).photos).toBeUndefined();
    expect((await everything()).photos).toEqual([]);
  });

  it("ignores a file under another name and text in the photo field", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(valid)) form.append(name, value);
    form.append(photoField, "geen bestand");
    form.append("bijlage", new File([new Uint8Array(png)], "dak.png", { type: "image/png" }));
    const response = await handler(new Request(endpoint, { method: "POST", headers: { Accept: "application/json" }, body: form }));
    expect(response.status).toBe(200);
    const [mail] = await sink.waitForMails(1);
    expect(mail?.attachments).toEqual([]);
  });

  it("that was a repeat, suspect, over the address's limit or without mail stores no photo where a request's go", async () => {
    expect((await handler(await multipart(valid, three))).status).toBe(200);
    await sink.waitForMails(1);
    const before = await everything();
    // The same address with the same message within 10 minutes: one request.
    expect((await handler(await multipart(valid, three))).status).toBe(200);
    expect((await everything()).photos).toEqual(before.photos);

    for (const key of await listKeys(local.blobs, "")) await local.blobs.delete(key);
    const limited = handlerFor(smtpMailer(sink.url), { limits: { requestsPerAddressPerHour: 0 } });
    const refused = await limited(await multipart({ ...valid, message: "Over de grens" }, three), { clientAddress: "203.0.113.5" });
    expect(refused.status).toBe(429);
    expect((await everything()).photos).toEqual([]);

    const unconfigured = handlerFor(contactSetup("production", {}, { name: "Dakdekker", email: "website@dakdekker.test" }).mailer);
    expect((await unconfigured(await multipart({ ...valid, message: "Geen mail" }, three))).status).toBe(503);
    expect((await everything()).photos).toEqual([]);
  }, 60_000);

  it("sent by a program is kept with its photos apart, under suspect-photos/, and mailed to nobody", async () => {
    expect((await handler(await multipart({ ...valid, website: "https://spam.example" }, three))).status).toBe(200);
    const record = await onlyRecord();
    expect(record.suspect).toEqual(["honeypot"]);
    expect(record.photos).toHaveLength(3);
    expect((await everything()).photos).toEqual([1, 2, 3].map((n) => photoKey("suspect-photos", record.id, `foto-${n}.jpg`)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.mails).toEqual([]);
  }, 30_000);
});

describe("photos that are refused", () => {
  // The refusals the form's end-to-end test checks too (400), and this function's own: a file over the limit per photo.
  const cases: [string, () => Promise<Upload[]>, number, string][] = [
    ...refusedPhotoCases().map(({ what, files, message }): [string, () => Promise<Upload[]>, number, string] => [what, files, 400, message]),
    ["a file over the limit per photo", async () => [{ name: "groot.jpg", bytes: Buffer.concat([camera, Buffer.alloc(photoLimits.fileBytes - camera.length + 1)]) }], 413, photoMessages.fileTooLarge("groot.jpg")],
  ];

  it.each(cases)("%s: the specific Dutch message as JSON, and nothing stored", async (_, uploads, status, message) => {
    const response = await handler(await multipart(valid, await uploads()));
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ ok: false, code: "invalid_photos", error: "Controleer de foto's.", photos: [message] });
    expect((await everything()).all).toEqual([]);
    expect(sink.mails).toEqual([]);
  }, 30_000);

  it.each(cases)("%s, without JavaScript: a page with the message and what was typed, and nothing stored", async (_, uploads, status, message) => {
    const response = await handler(await multipart({ ...valid, website: "" }, await uploads(), { script: false }));
    expect(response.status).toBe(status);
    const html = await response.text();
    expect(html).toContain("<h1>Controleer uw aanvraag</h1>");
    expect(html).toContain(`<li><strong>Foto's:</strong> ${message.replace(/"/g, "&#34;").replace(/'/g, "&#39;")}</li>`);
    expect(html).toContain(typedMessage);
    expect(html).toContain('href="/contact#offerte-formulier"');
    expect(html).toContain("de foto's moet u daar misschien opnieuw kiezen");
    expect((await everything()).all).toEqual([]);
  }, 30_000);

  it("names what is wrong with the fields and with the photos at once", async () => {
    const response = await handler(await multipart({ ...valid, phone: "" }, [{ name: "offerte.jpg", bytes: Buffer.from("geen foto") }, { name: "dak.png", bytes: png }]));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      ok: false,
      code: "invalid_request",
      error: "Controleer de gemarkeerde velden.",
      fields: { phone: "Vul uw telefoonnummer in." },
      photos: [photoMessages.notAPhoto("offerte.jpg")],
    });
  });

  it(`refuses a body over ${photoLimits.bodyBytes} bytes with 413, whatever Content-Length claims, before reading the rest`, async () => {
    const uploads = Array.from({ length: 2 }, (_, n) => ({ name: `groot-${n}.jpg`, bytes: Buffer.concat([camera, Buffer.alloc(photoLimits.bodyBytes / 2)]) }));
    const response = await handler(await multipart(valid, uploads));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ ok: false, code: "payload_too_large", error: photoMessages.bodyTooLarge });
    const page = await handler(await multipart(valid, uploads, { script: false }));
    expect(page.status).toBe(413);
    const html = await page.text();
    expect(html).toContain("De aanvraag is te groot");
    expect(html).toContain('href="/contact#offerte-formulier"');
    const declared = await handler(
      new Request(endpoint, { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(photoLimits.bodyBytes + 1), Accept: "application/json" }, body: "--x--" }),
    );
    expect(declared.status).toBe(413);
    expect((await everything()).all).toEqual([]);
  }, 30_000);

  it("answers 400 to a multipart body that does not parse", async () => {
    const response = await handler(new Request(endpoint, { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=x", Accept: "application/json" }, body: "geen multipart" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "invalid_form" });
  });
});

describe("the order of the checks: what will be refused costs almost nothing", () => {
  /** A camera JPEG cut in half: only decoding it finds it broken. */
  const halfJpeg = () => ({ name: "half.jpg", bytes: camera.subarray(0, Math.floor(camera.length / 2)) });

  it("refuses a body of 61,679 one-byte photo parts at the part after the last photo allowed, reading no further", async () => {
    const parts = Array.from({ length: 61_679 }, (_, n) => `--x\r\nContent-Disposition: form-data; name="${photoField}"; filename="p${n}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n1\r\n`);
    // Over the body limit too, but streamed without a Content-Length: the count of parts stops it first.
    const body = Buffer.from(`${parts.join("")}--x--\r\n`);
    // As the network brings it: in pieces of 64 KiB.
    const pieces = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let start = 0; start < body.length; start += 64 * 1024) controller.enqueue(body.subarray(start, start + 64 * 1024));
        controller.close();
      },
    });
    const streamed = { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=x", Accept: "application/json" }, body: pieces, duplex: "half" };
    const response = await handler(new Request(endpoint, streamed as RequestInit));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, code: "invalid_photos", error: "Controleer de foto's.", photos: [photoMessages.tooMany] });
  });

  it("refuses invalid fields without decoding a photo: a broken one, found only by decoding, is not named yet", async () => {
    const response = await handler(await multipart({ ...valid, phone: "" }, [halfJpeg()]));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, code: "invalid_request", error: "Controleer de gemarkeerde velden.", fields: { phone: "Vul uw telefoonnummer in." } });
    // With the fields right, the decoding finds it.
    expect(await (await handler(await multipart(valid, [halfJpeg()]))).json()).toMatchObject({ photos: [photoMessages.unreadable("half.jpg")] });
  });

  it("refuses a client over its hour's limit with 429 before it judges the fields or the photos", async () => {
    for (let n = 0; n < contactLimits.requestsPerAddressPerHour; n += 1) {
      expect((await handler(await multipart({ ...valid, message: `Bericht ${n}` }, []), { clientAddress: "203.0.113.40" })).status).toBe(200);
    }
    const over = await handler(await multipart({ ...valid, phone: "" }, [halfJpeg()]), { clientAddress: "203.0.113.40" });
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ code: "too_many_requests" });
  }, 60_000);

  it("takes the largest body the browser sends, five photos as large as it draws them and every field at its longest, under the platform's payload", async () => {
    const longest = {
      ...valid,
      name: "N".repeat(limits.name),
      email: `${"a".repeat(64)}@${["b", "c", "d"].map((label) => label.repeat(60)).join(".")}.nl`,
      address: "A".repeat(limits.address),
      // Three bytes a character, the most a character of one UTF-16 unit takes.
      message: "€".repeat(limits.message),
    };
    const drawn = await sharp(camera).resize({ width: photoLimits.longEdgePx / 2 }).jpeg({ quality: 60 }).toBuffer();
    const photos = Array.from({ length: photoLimits.count }, (_, n) => ({ name: photoName(n), bytes: paddedJpeg(drawn, photoLimits.drawnPhotoBytes) }));
    const request = await multipart(longest, photos);
    const bodyBytes = (await request.clone().arrayBuffer()).byteLength;
    expect(bodyBytes).toBeLessThanOrEqual(photoLimits.bodyBytes);
    // Base64-encoded, with room for the request's headers, it still fits what the platform hands a function.
    expect(Math.ceil(photoLimits.bodyBytes / 3) * 4 + 64 * 1024).toBeLessThanOrEqual(photoLimits.platformPayloadBytes);
    const response = await handler(request);
    expect(response.status).toBe(200);
    expect((await onlyRecord()).photos).toHaveLength(photoLimits.count);
  }, 60_000);
});

/** A JPEG made exactly `size` bytes long with comment segments after its start marker: still a valid JPEG. */
function paddedJpeg(jpeg: Buffer, size: number): Buffer {
  const segments: Buffer[] = [];
  let remaining = size - jpeg.length;
  if (remaining < 0) throw new Error(`the JPEG is ${jpeg.length} bytes already, over ${size}`);
  while (remaining > 0) {
    // A segment is at most 65,537 bytes (marker and length included); the last one at least 4.
    const total = remaining > 65_537 ? Math.min(65_537, remaining - 4) : remaining;
    const length = total - 2;
    segments.push(Buffer.concat([Buffer.from([0xff, 0xfe, length >> 8, length & 0xff]), Buffer.alloc(length - 2, 0x20)]));
    remaining -= total;
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

describe("photos when the mail server is down", () => {
  const job = (now?: () => Date) =>
    runDeliveryJob(local.blobs, { mailer: smtpMailer(sink.url), addresses, deadlineMs: mailDeadlineMs, runId: `test ${Math.random()}`, log: () => {}, settleMs: 20, ...(now && { now }) });

  it("wait with their request, and the job's retry mails them exactly once with every attachment", async () => {
    await sink.setMode("down");
    expect((await handler(await multipart(valid, three))).status).toBe(200);
    const record = await onlyRecord();
    expect(record.delivery).toMatchObject({ state: "pending", attempts: [expect.objectContaining({ error: expect.stringMatching(/ECONNREFUSED|connect/) })] });
    expect((await everything()).photos).toHaveLength(3);

    await sink.setMode("up");
    expect(await job()).toMatchObject({ sent: 1, failed: 0 });
    expect(await job()).toMatchObject({ sent: 0 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.mails).toHaveLength(1);
    expect(sink.mails[0]?.attachments.map((attachment) => attachment.filename)).toEqual(["foto-1.jpg", "foto-2.jpg", "foto-3.jpg"]);
    for (const attachment of sink.mails[0]?.attachments ?? []) {
      expect(Buffer.compare((await requests.readPhoto("photos", record.id, attachment.filename)) ?? Buffer.alloc(0), attachment.content)).toBe(0);
    }
  }, 30_000);

  it("a photo gone from the store does not hold its request back: the mail names it instead", async () => {
    await sink.setMode("down");
    expect((await handler(await multipart(valid, three))).status).toBe(200);
    const record = await onlyRecord();
    await local.blobs.delete(photoKey("photos", record.id, "foto-2.jpg"));
    await sink.setMode("up");
    expect(await job()).toMatchObject({ sent: 1 });
    const [mail] = await sink.waitForMails(1);
    expect(mail?.attachments.map((attachment) => attachment.filename)).toEqual(["foto-1.jpg", "foto-3.jpg"]);
    expect(mail?.text).toContain("2 foto's als bijlage (foto-1.jpg, foto-3.jpg); foto-2.jpg kon niet uit de opslag worden gelezen");
  }, 30_000);
});
