/**
 * Photos with a contact request (docs/contact-requests.md, "Photos"): the
 * limits, the formats and the Dutch messages, shared by the form, which draws
 * each photo again before it sends it, and the function, which checks and
 * draws every photo again whatever the browser did. Pure logic.
 */

/** The multipart field that carries the photos, in the form and in the function. */
export const photoField = "photos";

const mebibyte = 1024 * 1024;

export const photoLimits = {
  /** Photos one request carries at most. */
  count: 5,
  /** Each photo is drawn again with its long edge at most this many pixels, by the browser and by the function. */
  longEdgePx: 2048,
  /** The JPEG quality of a photo drawn again (0–1), as canvas.toBlob and sharp (× 100) take it. */
  jpegQuality: 0.82,
  /**
   * A photo the browser has drawn again stays within this: it steps its
   * quality down until it does, so five (3.4 MiB) stay half a mebibyte under
   * totalBytes.
   */
  drawnPhotoBytes: 700 * 1024,
  /** A file the function accepts at most: a form sent without JavaScript carries the camera's own file (a 12-megapixel phone's is 2 to 4 MB). */
  fileBytes: 3.5 * mebibyte,
  /** All photos of one request together, as the function reads them: the body less room for the fields. */
  totalBytes: 4 * mebibyte - 64 * 1024,
  /**
   * What the platform hands a function at most: Netlify 6 MB, a binary body
   * (a multipart post) base64-encoded, a third larger; `netlify serve` 6,000,000
   * bytes as sent (docs/contact-requests.md, "Platform limits").
   */
  platformPayloadBytes: 6_000_000,
  /**
   * The whole request body the function reads: 4 MiB is 5.6 MB encoded,
   * under platformPayloadBytes with room for the request's headers, so the
   * function's own Dutch refusal comes before the platform's.
   */
  bodyBytes: 4 * mebibyte,
  /**
   * Width × height at most, read from the file's header before any decoding,
   * weighed by what decoding it costs (decodeWeight in
   * src/contact-request/functions/photo-checks.ts): a 48-megapixel iPhone
   * photo fits, a decompression bomb does not.
   */
  pixels: 50_000_000,
  /** A file the browser will not even try to open: far beyond any camera's. */
  browserFileBytes: 40 * mebibyte,
} as const;

/** The formats a photo may arrive in, told by the file's first bytes, never by its name or declared type. */
export type PhotoFormat = "jpeg" | "png" | "webp" | "heic";

/** The formats as the visitor reads them, in the photo field's hint and in the message for a file that is not a photo. */
export const photoFormatNames = "JPEG, PNG, WebP of HEIC";

/** What the file picker offers; HEIC only reaches the function after the browser has drawn it as a JPEG. */
export const photoAccept = "image/jpeg,image/png,image/webp,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.heic,.heif";

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

/** HEIF brands of still images from phones (HEVC-coded): an AVIF is not one of them. */
const heicBrands = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);

/** The format by the file's own first bytes (magic numbers), or null for anything else. */
export function sniffPhotoFormat(bytes: Uint8Array): PhotoFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => bytes[index] === byte)) return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp";
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === "ftyp" && heicBrands.has(ascii(bytes, 8, 4))) return "heic";
  return null;
}

/** How a photo is named wherever the server keeps or sends it: never the visitor's file name. */
export const photoName = (index: number) => `foto-${index + 1}.jpg`;

/** A photo as the server keeps it beside its request. */
export interface StoredPhoto {
  /** photoName(index): the blob's last part and the mail attachment's name. */
  name: string;
  bytes: number;
  width: number;
  height: number;
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toLocaleString("nl-NL", { maximumFractionDigits: 1 })} MB`;

/** A visitor's file name as a message quotes it: one line, not too long. */
export function quotedFileName(name: string): string {
  const line = name.replace(/[\p{Cc}\p{Cf}]+/gu, " ").trim() || "Een bestand";
  return `“${line.length > 60 ? `${line.slice(0, 57)}…` : line}”`;
}

/** Why a photo (or the set) is refused, with what the visitor can do about it. */
export const photoMessages = {
  tooMany: `U kunt hoogstens ${photoLimits.count} foto's meesturen. Verwijder er een of meer.`,
  notAPhoto: (name: string) => `${quotedFileName(name)} is geen foto. Kies een foto in ${photoFormatNames}.`,
  empty: (name: string) => `${quotedFileName(name)} is leeg (0 bytes). Kies de foto opnieuw.`,
  unreadable: (name: string) => `${quotedFileName(name)} kon niet worden gelezen; misschien is het bestand beschadigd. Kies een andere foto.`,
  heicInBrowser: (name: string) =>
    `${quotedFileName(name)} is een HEIC-foto, die deze browser niet kan openen. Kies de foto in een andere browser, zoals Safari, of stel op uw iPhone bij Camera > Formaten "Meest compatibel" in.`,
  heicWithoutScript: (name: string) =>
    `${quotedFileName(name)} is een HEIC-foto, die wij alleen kunnen lezen als JavaScript aanstaat. Zet JavaScript aan, of stuur de foto als JPEG.`,
  fileTooLarge: (name: string) => `${quotedFileName(name)} is te groot: hoogstens ${megabytes(photoLimits.fileBytes)} per foto. Kies een kleinere foto.`,
  tooManyPixels: (name: string) =>
    `${quotedFileName(name)} heeft te veel pixels: hoogstens ${photoLimits.pixels / 1_000_000} megapixel, en de helft bij 16 bits per kleur of een progressief (interlaced) bestand. Kies een kleinere foto.`,
  totalTooLarge: `De foto's zijn samen te groot: hoogstens ${megabytes(photoLimits.totalBytes)}. Verwijder er een of meer, of zet JavaScript aan: dan verkleint de website ze eerst.`,
  bodyTooLarge: `De aanvraag is te groot: hoogstens ${megabytes(photoLimits.bodyBytes)} met de foto's samen. Verwijder een of meer foto's, of zet JavaScript aan: dan verkleint de website ze eerst.`,
  /** A file over photoLimits.browserFileBytes: the browser does not try to open it. */
  fileTooLargeToOpen: (name: string) =>
    `${quotedFileName(name)} is te groot om te openen: hoogstens ${megabytes(photoLimits.browserFileBytes)}. Kies een kleinere foto.`,
  /** The form's plain note: a draft keeps the typed fields, never the photos. */
  notInDraft: "Foto's worden niet bewaard als u de pagina opnieuw laadt: voeg ze dan opnieuw toe.",
} as const;
