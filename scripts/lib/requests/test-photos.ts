import zlib from "node:zlib";
import sharp from "sharp";
import { drawSteps } from "../../../src/contact-request/browser/photo-plan";
import { photoField, photoLimits, photoMessages } from "../../../src/contact-request/shared/contact-photos";

/**
 * Photos as visitors send them, made with sharp, for the contact path's tests
 * (netlify/functions/*\/__tests__, tests/e2e) and `npm run bench`:
 * a camera JPEG full of metadata, a PNG with transparency, a WebP, and the
 * files a visitor (or an attacker) sends that are no such photo.
 */

/** What cameraJpeg writes into its photo as text: the photographer, the camera, the editing tool and the place. */
const camera = { artist: "Jan Fotograaf", make: "Telefoonmerk", model: "Camera 12", tool: "Telefooncamera", place: "Prinsengracht" };

const xmp =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  `<rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreatorTool="${camera.tool}"/></rdf:RDF></x:xmpmeta>`;

/** A comment segment, as some cameras and editors write one, right after the JPEG's start. */
const withComment = (jpeg: Buffer, comment: string) => {
  const text = Buffer.from(comment, "latin1");
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, text, jpeg.subarray(2)]);
};

/** A roof-like picture: a sky, a roof of tiles and noise (`grain`, 0–128), so it compresses like a photo rather than a flat colour. */
async function picture(width: number, height: number, grain: number) {
  const tiles = Array.from({ length: 40 }, (_, row) => `<rect x="0" y="${height / 2 + row * (height / 80)}" width="${width}" height="${height / 160}" fill="#5a2d1a"/>`).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height / 2}" fill="#8cb4e6"/><rect y="${height / 2}" width="${width}" height="${height / 2}" fill="#a0522d"/>${tiles}</svg>`;
  return sharp({ create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: grain } } })
    .composite([{ input: Buffer.from(svg), blend: "soft-light" }])
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * A camera's JPEG, taken turned (EXIF orientation 6: the long edge is its
 * height once shown), with the photographer's name (IFD0 Artist), a GPS
 * position, XMP, an ICC profile and a comment: everything the site must not
 * pass on. The grain of a real camera's photo (about 5 MB at 12 megapixels)
 * is `grain: 24`; the tests take less, so three fit in one request.
 */
export async function cameraJpeg({ width = 4000, height = 3000, quality = 80, grain = 6 } = {}): Promise<Buffer> {
  const jpeg = await sharp(await picture(width, height, grain))
    .jpeg({ quality })
    .withIccProfile("p3")
    .withExif({
      IFD0: { Artist: camera.artist, Make: camera.make, Model: camera.model },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 22/1 2/1", GPSLongitudeRef: "E", GPSLongitude: "4/1 53/1 6/1" },
    })
    .withMetadata({ orientation: 6 })
    .withXmp(xmp)
    .toBuffer();
  return withComment(jpeg, `Opname bij ${camera.place} 12`);
}

/**
 * The text cameraJpeg's photo carries and a photo the site passes on must not:
 * the EXIF block's header, the XMP namespace, the editing tool (XMP), the
 * photographer, the camera's make and model (EXIF) and the place (comment).
 * The GPS position is numbers, not text: exifTags finds it.
 */
export const cameraTraces: readonly string[] = ["Exif", "ns.adobe.com/xap", camera.tool, camera.artist, camera.make, camera.model, camera.place];

/**
 * A JPEG's bytes outside its entropy-coded scans: its marker segments, where
 * EXIF, XMP and comments live, and anything after its end. A scan is
 * compressed noise that holds any three letters by chance (one drawn photo in
 * a few dozen held "GPS"), so a search for a trace reads only these bytes.
 */
export function outsideScans(jpeg: Buffer): Buffer {
  if (jpeg.readUInt16BE(0) !== 0xffd8) throw new Error("not a JPEG: no start marker");
  const parts: Buffer[] = [];
  let at = 2;
  while (at + 1 < jpeg.length) {
    if (jpeg[at] !== 0xff) throw new Error(`not a JPEG: no marker at byte ${at}`);
    const marker = jpeg[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte before a marker
      continue;
    }
    if (marker === 0xd9) {
      parts.push(jpeg.subarray(at)); // the end, and whatever trails it
      break;
    }
    if (marker >= 0xd0 && marker <= 0xd7) {
      at += 2; // a restart marker carries no segment
    } else {
      const end = at + 2 + jpeg.readUInt16BE(at + 2);
      parts.push(jpeg.subarray(at, end));
      at = end;
    }
    if (marker === 0xda || (marker >= 0xd0 && marker <= 0xd7)) {
      // Scan data runs to the next marker: 0xFF followed by anything but a stuffed 0x00.
      while (at + 1 < jpeg.length && !(jpeg[at] === 0xff && jpeg[at + 1] !== 0x00)) at += 1;
    }
  }
  return Buffer.concat(parts);
}

/** A PNG whose left half is transparent (an opaque block cut out of it). */
export const transparentPng = (width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 4, background: { r: 30, g: 90, b: 160, alpha: 1 } } })
    .composite([{ input: { create: { width: width / 2, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } }, left: 0, top: 0, blend: "dest-out" }])
    .png()
    .toBuffer();

export const webpPhoto = async (width = 3000, height = 2000) => sharp(await picture(width, height, 6)).webp({ quality: 75 }).toBuffer();

/** A PNG header that claims `width` × `height` pixels (IHDR with its CRC), over a few bytes of image data. */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // 8 bits a sample
  header[9] = 2; // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", zlib.deflateSync(Buffer.alloc(64))), chunk("IEND", Buffer.alloc(0))]);
}

/** The start of an iPhone's HEIC photo: an ftyp box of brand "heic", then bytes no decoder here reads. */
export const heicPhoto = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"), Buffer.alloc(2000, 7)]);

/**
 * The tags of an EXIF block's first directory (IFD0), to check that a photo
 * carries what it should: 0x013b Artist, 0x8825 the GPS directory's place.
 */
export function exifTags(exif: Buffer): Set<number> {
  const tiff = exif.subarray(exif.indexOf("Exif\0\0", 0, "latin1") + 6);
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const directory = u32(4);
  return new Set(Array.from({ length: u16(directory) }, (_, entry) => u16(directory + 2 + entry * 12)));
}

export const artistTag = 0x013b;
export const gpsTag = 0x8825;

/** A photo as a test sends it: its file name, its declared type and its bytes. */
export interface TestPhoto {
  name: string;
  type: string;
  bytes: Buffer;
}

/** The makers above, or the same photos made once and kept as files (photo-files.ts, for the end-to-end specs). */
export interface PhotoMakers {
  cameraJpeg: typeof cameraJpeg;
  transparentPng: typeof transparentPng;
  webpPhoto: typeof webpPhoto;
}

/** The photos of the issue, in this order: a 4000 × 3000 camera JPEG with GPS and an Artist tag, a PNG with transparency and a WebP. */
export async function threePhotos(make: PhotoMakers = { cameraJpeg, transparentPng, webpPhoto }): Promise<TestPhoto[]> {
  const [jpeg, png, webp] = await Promise.all([make.cameraJpeg(), make.transparentPng(), make.webpPhoto()]);
  return [
    { name: "IMG_2041.JPG", type: "image/jpeg", bytes: jpeg },
    { name: "dakgoot.png", type: "image/png", bytes: png },
    { name: "schoorsteen.webp", type: "image/webp", bytes: webp },
  ];
}

/** Files the function refuses, each with the message it names them with (photoMessages). */
export interface RefusedPhotoCase {
  what: string;
  /** Made when asked for, so the table itself is there at once (Jest names its tests from it). */
  files: () => Promise<TestPhoto[]>;
  message: string;
}

/** One refused file: its name written once, for the file and for its message. */
const refusedFile = (what: string, name: string, type: string, bytes: () => Buffer | Promise<Buffer>, message: (name: string) => string): RefusedPhotoCase => ({
  what,
  files: async () => [{ name, type, bytes: await bytes() }],
  message: message(name),
});

/** What a visitor (or an attacker) sends that is no photo the site takes, for the function's tests and the form's end-to-end test alike. */
export function refusedPhotoCases(): RefusedPhotoCase[] {
  return [
    {
      what: "six photos",
      files: async () => {
        const png = await transparentPng(120, 90);
        return Array.from({ length: 6 }, (_, n) => ({ name: `dak-${n + 1}.png`, type: "image/png", bytes: png }));
      },
      message: photoMessages.tooMany,
    },
    refusedFile("a text file named .jpg", "offerte.jpg", "image/jpeg", () => Buffer.from("Dit is een offerte, geen foto.\n".repeat(20)), photoMessages.notAPhoto),
    refusedFile("an empty file", "leeg.jpg", "image/jpeg", () => Buffer.alloc(0), photoMessages.empty),
    refusedFile(
      "a JPEG cut in half",
      "half.jpg",
      "image/jpeg",
      async () => {
        const jpeg = await cameraJpeg({ width: 1200, height: 900 });
        return jpeg.subarray(0, Math.floor(jpeg.length / 2));
      },
      photoMessages.unreadable,
    ),
    refusedFile("a PNG header claiming 20,000 × 20,000 pixels", "bom.png", "image/png", () => pngClaiming(20_000, 20_000), photoMessages.tooManyPixels),
    refusedFile("a HEIC photo", "IMG_0001.HEIC", "image/heic", heicPhoto, photoMessages.heicWithoutScript),
  ];
}

/**
 * The form's fields and photos as one multipart body, as the form posts them:
 * each photo a file in the photo field; without a type, the part is sent as
 * application/octet-stream.
 */
export function photoForm(fields: Record<string, string>, photos: readonly { name: string; bytes: Uint8Array; type?: string }[]): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  for (const { name, bytes, type } of photos) form.append(photoField, new File([new Uint8Array(bytes)], name, type === undefined ? {} : { type }));
  return form;
}

/** A camera's photo as the form sends it: drawn again by photo-plan.ts's steps until it fits, as PhotoField does. */
export async function browserDrawnPhoto(): Promise<Buffer> {
  // A real camera's grain (cameraJpeg): about 5 MB at 12 megapixels, so the browser's steps matter.
  const upright = await sharp(await cameraJpeg({ grain: 24 }))
    .rotate()
    .toBuffer({ resolveWithObject: true });
  let drawn: Buffer = Buffer.alloc(0);
  for (const step of drawSteps({ width: upright.info.width, height: upright.info.height })) {
    drawn = await sharp(upright.data).resize(step.width, step.height).jpeg({ quality: Math.round(step.quality * 100) }).toBuffer();
    if (drawn.length <= photoLimits.drawnPhotoBytes) break;
  }
  return drawn;
}
