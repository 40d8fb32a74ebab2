/**
 * Draws a visitor's photo again as a JPEG (docs/contact-requests.md,
 * "Photos"): turned as the camera held it, its long edge at most
 * photoLimits.longEdgePx, within photoLimits.drawnPhotoBytes, and without any
 * of the file's metadata (location, camera, owner), which a canvas never
 * carries. PhotoField loads this module only when the visitor opens the field.
 */
import { photoLimits, type PhotoFormat } from "../shared/contact-photos";
import { checkBeforeDecoding, decodeRefusal, drawSteps, sniffBytes, type PhotoRefusal, type Size } from "./photo-plan";

export type PreparedPhoto = { ok: true; photo: Blob } | { ok: false; refusal: PhotoRefusal };

interface Decoded extends Size {
  source: CanvasImageSource;
  release: () => void;
}

async function decodeInImage(file: Blob): Promise<Decoded> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return { source: image, width: image.naturalWidth, height: image.naturalHeight, release: () => URL.revokeObjectURL(url) };
}

/**
 * createImageBitmap refuses a damaged file where an <img> would show half of
 * it in grey. Only a HEIC, which Safari may open in an <img> alone, and a
 * browser without the bitmap's options, try the <img>; both apply the EXIF
 * orientation.
 */
async function decode(file: Blob, format: PhotoFormat): Promise<Decoded> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
  } catch (error) {
    if (format === "heic" || !(error instanceof DOMException)) return decodeInImage(file);
    throw error;
  }
}

interface Canvas {
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
  toJpeg: (quality: number) => Promise<Blob | null>;
}

/** An OffscreenCanvas where the browser has one with a 2D context, else a canvas element. */
function canvasOf({ width, height }: Size): Canvas | null {
  if (typeof OffscreenCanvas !== "undefined") {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d");
    if (context) return { context, toJpeg: (quality) => canvas.convertToBlob({ type: "image/jpeg", quality }).catch(() => null) };
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  return context && { context, toJpeg: (quality) => new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality)) };
}

/** The file's first bytes tell what it is, and nothing is decoded that is empty, too large or not a photo. */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  const firstBytes = new Uint8Array(await file.slice(0, sniffBytes).arrayBuffer().catch(() => new ArrayBuffer(0)));
  const checked = checkBeforeDecoding(file.size, firstBytes);
  if ("refusal" in checked) return { ok: false, refusal: checked.refusal };

  let decoded: Decoded;
  try {
    decoded = await decode(file, checked.format);
  } catch {
    return { ok: false, refusal: decodeRefusal(checked.format) };
  }
  try {
    let canvas: Canvas | null = null;
    let drawnAt = "";
    for (const step of drawSteps(decoded)) {
      // A lower quality alone needs no new drawing, only a new encoding.
      if (drawnAt !== `${step.width}x${step.height}`) {
        canvas = canvasOf(step);
        if (!canvas) break;
        // A JPEG has no transparency: a PNG's transparent parts become white, not black.
        canvas.context.fillStyle = "#ffffff";
        canvas.context.fillRect(0, 0, step.width, step.height);
        canvas.context.imageSmoothingQuality = "high";
        canvas.context.drawImage(decoded.source, 0, 0, step.width, step.height);
        drawnAt = `${step.width}x${step.height}`;
      }
      const photo = await canvas?.toJpeg(step.quality);
      if (photo?.type === "image/jpeg" && photo.size <= photoLimits.drawnPhotoBytes) return { ok: true, photo };
    }
    return { ok: false, refusal: "unreadable" };
  } finally {
    decoded.release();
  }
}
