import type { Sharp, SharpOptions } from "sharp";
import { photoLimits, photoMessages, photoName, type StoredPhoto } from "../shared/contact-photos";
import { checkPhotoFiles, pixelRefusal, type PhotoFile, type PhotoHeader, type PhotoRefusal } from "./photo-checks";

/** A photo as the function drew it again: what the store keeps and the mail attaches. */
export interface RedrawnPhoto extends StoredPhoto {
  content: Buffer;
}

/** What the record says of a photo: all but its bytes. */
export const storedPhoto = ({ content: _, ...photo }: RedrawnPhoto): StoredPhoto => photo;

/** A photo that passed every check that needs no decoding, its header read. */
export interface InspectedPhoto {
  file: PhotoFile;
}

/**
 * What can be told of a request's photos without decoding one
 * (docs/contact-requests.md, "The order of the checks"): how many, how large,
 * what they are by their first bytes, and how many pixels their headers
 * claim. sharp reads the headers only; it is loaded on the first request with
 * photos, so a request without them, and the mailing job, never pay for
 * loading it.
 */
export async function inspectPhotos(files: readonly PhotoFile[]): Promise<{ refusals: PhotoRefusal[]; readable: InspectedPhoto[] }> {
  const { refusals, readable } = checkPhotoFiles(files);
  const sharp = await loadSharp();
  const inspected: InspectedPhoto[] = [];
  for (const file of readable) {
    const problem = await headerRefusal(sharp, file);
    if (problem) refusals.push(problem);
    else inspected.push({ file });
  }
  return { refusals, readable: inspected };
}

/**
 * Draws each inspected photo again, whatever the browser did: EXIF
 * orientation applied, long edge at most photoLimits.longEdgePx, transparency
 * on white, an sRGB JPEG without any of the file's metadata (sharp keeps none
 * unless asked), so no location or camera data reaches the store or the mail.
 * A set with any refusal yields no photos: the request is refused whole.
 */
export async function redrawPhotos(inspected: readonly InspectedPhoto[]): Promise<{ refusals: PhotoRefusal[]; photos: RedrawnPhoto[] }> {
  const sharp = await loadSharp();
  const refusals: PhotoRefusal[] = [];
  const photos: RedrawnPhoto[] = [];
  // One at a time: a 48-megapixel photo decodes to well over 100 MB.
  for (const [index, { file }] of inspected.entries()) {
    const result = await redraw(sharp, file, index);
    if ("message" in result) refusals.push(result);
    else photos.push(result);
  }
  return { refusals, photos: refusals.length > 0 ? [] : photos };
}

type SharpFactory = (input: Uint8Array, options?: SharpOptions) => Sharp;

async function loadSharp(): Promise<SharpFactory> {
  const { default: sharp } = await import("sharp");
  // Memory goes back after each request; a function instance sees too few photos for a cache to pay.
  sharp.cache(false);
  return sharp;
}

/** The header alone: a decompression bomb is refused by what its header claims before any pixel is decoded. */
async function headerRefusal(sharp: SharpFactory, { name, bytes }: PhotoFile): Promise<PhotoRefusal | null> {
  let header: Partial<PhotoHeader>;
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { message: photoMessages.unreadable(name), tooLarge: false };
  }
  const { width, height } = header;
  if (!width || !height) return { message: photoMessages.unreadable(name), tooLarge: false };
  return pixelRefusal(name, { ...header, width, height });
}

async function redraw(sharp: SharpFactory, { name, bytes }: PhotoFile, index: number): Promise<RedrawnPhoto | PhotoRefusal> {
  try {
    const { data, info } = await sharp(bytes, { failOn: "truncated", limitInputPixels: photoLimits.pixels })
      .rotate()
      .resize({ width: photoLimits.longEdgePx, height: photoLimits.longEdgePx, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .jpeg({ quality: Math.round(photoLimits.jpegQuality * 100) })
      .toBuffer({ resolveWithObject: true });
    return { name: photoName(index), bytes: data.byteLength, width: info.width, height: info.height, content: data };
  } catch {
    return { message: photoMessages.unreadable(name), tooLarge: false };
  }
}
