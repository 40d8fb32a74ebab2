import type { Sharp, SharpOptions } from "sharp";
import { photoLimits, photoMessages, photoName, type StoredPhoto } from "../shared/contact-photos";
import { checkPhotoFiles, pixelRefusal, type PhotoFile, type PhotoRefusal } from "./photo-checks";

/** A photo as the function drew it again: what the store keeps and the mail attaches. */
export interface RedrawnPhoto extends StoredPhoto {
  content: Buffer;
}

/** What the record says of a photo: all but its bytes. */
export const storedPhoto = ({ content: _, ...photo }: RedrawnPhoto): StoredPhoto => photo;

/**
 * Checks a request's photos and draws each again (docs/contact-requests.md,
 * "Photos"), whatever the browser did: EXIF orientation applied, long edge at
 * most photoLimits.longEdgePx, transparency on white, an sRGB JPEG without any
 * of the file's metadata (sharp keeps none unless asked), so no location or
 * camera data reaches the store or the mail. A set with any refusal yields no
 * photos: the request is refused whole.
 *
 * sharp is loaded on the first request with photos, so a request without
 * them, and the mailing job, never pay for loading it.
 */
export async function checkAndRedraw(files: readonly PhotoFile[]): Promise<{ refusals: PhotoRefusal[]; photos: RedrawnPhoto[] }> {
  const { refusals, readable } = checkPhotoFiles(files);
  const { default: sharp } = await import("sharp");
  // Memory goes back after each request; a function instance sees too few photos for a cache to pay.
  sharp.cache(false);
  const photos: RedrawnPhoto[] = [];
  // One at a time: a 48-megapixel photo decodes to well over 100 MB.
  for (const [index, file] of readable.entries()) {
    const result = await redraw(sharp, file, index);
    if ("message" in result) refusals.push(result);
    else photos.push(result);
  }
  return { refusals, photos: refusals.length > 0 ? [] : photos };
}

type SharpFactory = (input: Uint8Array, options?: SharpOptions) => Sharp;

async function redraw(sharp: SharpFactory, { name, bytes }: PhotoFile, index: number): Promise<RedrawnPhoto | PhotoRefusal> {
  const unreadable: PhotoRefusal = { message: photoMessages.unreadable(name), tooLarge: false };
  let header: { width?: number; height?: number };
  try {
    // The header alone: a decompression bomb is refused by its claimed size before any pixel is decoded.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return unreadable;
  }
  if (!header.width || !header.height) return unreadable;
  const tooMany = pixelRefusal(name, header.width, header.height);
  if (tooMany) return tooMany;
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
    return unreadable;
  }
}
