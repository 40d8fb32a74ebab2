import { photoLimits, photoMessages, sniffPhotoFormat } from "../shared/contact-photos";

/**
 * What the function can tell of a request's photos before it decodes one
 * (docs/contact-requests.md, "Photos"): how many, how large, and what they are
 * by their own first bytes, never by name or declared type. Pure: the
 * function reads the files and has sharp look at what passes.
 */

/** A file as the request carried it: the visitor's name for it, only ever quoted back to them. */
export interface PhotoFile {
  name: string;
  bytes: Uint8Array;
}

export interface PhotoRefusal {
  message: string;
  /** About size: the answer is 413 rather than 400. */
  tooLarge: boolean;
}

const refusal = (message: string, tooLarge = false): PhotoRefusal => ({ message, tooLarge });

/**
 * The refusals the files earn without decoding, one per refused file (or one
 * for the whole set), and the files left for sharp to read. A set that is
 * refused as a whole leaves nothing to read: the visitor changes it anyway.
 */
export function checkPhotoFiles(files: readonly PhotoFile[]): { refusals: PhotoRefusal[]; readable: PhotoFile[] } {
  if (files.length > photoLimits.count) return { refusals: [refusal(photoMessages.tooMany)], readable: [] };
  const refusals: PhotoRefusal[] = [];
  const readable: PhotoFile[] = [];
  for (const file of files) {
    const problem = fileRefusal(file);
    if (problem) refusals.push(problem);
    else readable.push(file);
  }
  const total = files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  if (total > photoLimits.totalBytes) return { refusals: [...refusals, refusal(photoMessages.totalTooLarge, true)], readable: [] };
  return { refusals, readable };
}

function fileRefusal({ name, bytes }: PhotoFile): PhotoRefusal | null {
  if (bytes.byteLength === 0) return refusal(photoMessages.empty(name));
  if (bytes.byteLength > photoLimits.fileBytes) return refusal(photoMessages.fileTooLarge(name), true);
  const format = sniffPhotoFormat(bytes);
  if (format === null) return refusal(photoMessages.notAPhoto(name));
  // A browser with JavaScript draws a HEIC photo as a JPEG first; the function has no HEVC decoder.
  if (format === "heic") return refusal(photoMessages.heicWithoutScript(name));
  return null;
}

/** What a photo's header tells of the work of decoding it, as sharp's metadata() reads it. */
export interface PhotoHeader {
  width: number;
  height: number;
  format?: string;
  /** Bits a sample, as libvips names them: "uchar" is 8, "ushort" 16. */
  depth?: string;
  /** An interlaced PNG or a progressive JPEG. */
  isProgressive?: boolean;
}

const bytesPerSample: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2 };

/**
 * The pixels a photo weighs when decoded (docs/contact-requests.md, "Photos"):
 * twice for 16 bits a sample, and twice again when it must be decoded whole
 * rather than line by line (an interlaced PNG, a progressive JPEG, any WebP).
 * Decoding memory grows by the same factors, so one limit holds them all.
 */
export const decodeWeight = ({ width, height, format, depth, isProgressive }: PhotoHeader) =>
  width * height * (bytesPerSample[depth ?? "uchar"] ?? 4) * (isProgressive || format === "webp" ? 2 : 1);

/** A photo whose header weighs more than photoLimits.pixels is refused before it is decoded. */
export const pixelRefusal = (name: string, header: PhotoHeader): PhotoRefusal | null =>
  decodeWeight(header) > photoLimits.pixels ? refusal(photoMessages.tooManyPixels(name)) : null;

/** 413 when any refusal is about size, 400 otherwise. */
export const photoRefusalStatus = (refusals: readonly PhotoRefusal[]) => (refusals.some((problem) => problem.tooLarge) ? 413 : 400);
