/**
 * How the form prepares a visitor's photos before it sends them
 * (docs/contact-requests.md, "Photos"): the size each is drawn at, the steps
 * it takes to stay within photoLimits.drawnPhotoBytes, which message a
 * refused file gets, and whether more fit. Pure logic; the canvas work is
 * src/contact-request/browser/photo-drawing.ts.
 */
import { photoLimits, photoMessages, sniffPhotoFormat, type PhotoFormat } from "../shared/contact-photos";

export interface Size {
  width: number;
  height: number;
}

/** The size a photo is drawn at: its long edge at most `longEdge`, never enlarged. */
export function drawnSize({ width, height }: Size, longEdge: number = photoLimits.longEdgePx): Size {
  const scale = Math.min(1, longEdge / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export interface DrawStep extends Size {
  quality: number;
}

/** The lowest quality a photo is drawn at: the last of lowerQualities, and the smaller edges'. */
const lowestQuality = 0.52;
/** Lower qualities at the full size first: a busy photo (gravel, leaves, a tiled roof) can outgrow the limit at the first. */
const lowerQualities = [0.72, 0.62, lowestQuality];
/** Then smaller long edges, at the lowest of those: still enough to see a crack in a tile. */
const smallerEdges = [1600, 1280, 1024];

/** What to draw a photo of this size as, in order, until one fits in photoLimits.drawnPhotoBytes. */
export function drawSteps(source: Size): DrawStep[] {
  const full = drawnSize(source);
  const longEdge = Math.max(full.width, full.height);
  return [
    ...[photoLimits.jpegQuality, ...lowerQualities].map((quality) => ({ ...full, quality })),
    ...smallerEdges.filter((edge) => edge < longEdge).map((edge) => ({ ...drawnSize(source, edge), quality: lowestQuality })),
  ];
}

/** Why a file is not added: each is the photoMessages entry that tells the visitor. */
export type PhotoRefusal = "empty" | "fileTooLargeToOpen" | "notAPhoto" | "heicInBrowser" | "unreadable";

/** How many of the first bytes tell the format (sniffPhotoFormat reads 12). */
export const sniffBytes = 16;

/** What the browser can tell before decoding: empty, too large to open, or not a photo by its first bytes (never its name or type). */
export function checkBeforeDecoding(size: number, firstBytes: Uint8Array): { format: PhotoFormat } | { refusal: PhotoRefusal } {
  if (size === 0) return { refusal: "empty" };
  if (size > photoLimits.browserFileBytes) return { refusal: "fileTooLargeToOpen" };
  const format = sniffPhotoFormat(firstBytes);
  return format ? { format } : { refusal: "notAPhoto" };
}

/** A decode that failed: a HEIC is one this browser cannot open, anything else a damaged file. */
export const decodeRefusal = (format: PhotoFormat): PhotoRefusal => (format === "heic" ? "heicInBrowser" : "unreadable");

/** The Dutch message for a refused file, saying what to do. */
export const refusalMessage = (refusal: PhotoRefusal, fileName: string): string => photoMessages[refusal](fileName);

/** Whether the photos added or being prepared already fill the field: no more fit. */
export const isFull = (held: number) => held >= photoLimits.count;
