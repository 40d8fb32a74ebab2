import { photoLimits, photoMessages } from "../../shared/contact-photos";
import { checkPhotoFiles, photoRefusalStatus, pixelRefusal, type PhotoFile } from "../photo-checks";

const jpegStart = [0xff, 0xd8, 0xff, 0xe0];
const file = (name: string, start: number[], size = 1000): PhotoFile => {
  const bytes = new Uint8Array(size);
  bytes.set(start.slice(0, size));
  return { name, bytes };
};
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));
const jpeg = (name = "dak.jpg", size = 1000) => file(name, jpegStart, size);

describe("the photos' checks before decoding", () => {
  it("passes up to the limit of real photos on to be read", () => {
    const files = Array.from({ length: photoLimits.count }, (_, n) => jpeg(`dak-${n}.jpg`));
    expect(checkPhotoFiles(files)).toEqual({ refusals: [], readable: files });
  });

  it("refuses one photo too many as a set, with nothing to read", () => {
    const files = Array.from({ length: photoLimits.count + 1 }, (_, n) => jpeg(`dak-${n}.jpg`));
    expect(checkPhotoFiles(files)).toEqual({ refusals: [{ message: photoMessages.tooMany, tooLarge: false }], readable: [] });
  });

  it("tells each refused file by its own bytes, whatever its name says, and reads the others", () => {
    const text = file("offerte.jpg", ascii("Dit is geen foto"));
    const heic = file("IMG_0001.HEIC", [0, 0, 0, 0x18, ...ascii("ftypheic")]);
    const empty = file("leeg.jpg", [], 0);
    const png = file("dak.txt", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const webp = file("dak", [...ascii("RIFF"), 0, 0, 0, 0, ...ascii("WEBP")]);
    const { refusals, readable } = checkPhotoFiles([text, heic, empty, png, webp]);
    expect(refusals.map((problem) => problem.message)).toEqual([photoMessages.notAPhoto("offerte.jpg"), photoMessages.heicWithoutScript("IMG_0001.HEIC"), photoMessages.empty("leeg.jpg")]);
    expect(readable).toEqual([png, webp]);
    expect(photoRefusalStatus(refusals)).toBe(400);
  });

  it("refuses a file over its limit and a set over the total as too large (413), and reads none of a set over the total", () => {
    const big = jpeg("groot.jpg", photoLimits.fileBytes + 1);
    expect(checkPhotoFiles([big, jpeg()])).toEqual({ refusals: [{ message: photoMessages.fileTooLarge("groot.jpg"), tooLarge: true }], readable: [jpeg()] });
    const share = Math.ceil(photoLimits.totalBytes / 2) + 1;
    const { refusals, readable } = checkPhotoFiles([jpeg("a.jpg", share), jpeg("b.jpg", share)]);
    expect(refusals).toEqual([{ message: photoMessages.totalTooLarge, tooLarge: true }]);
    expect(readable).toEqual([]);
    expect(photoRefusalStatus(refusals)).toBe(413);
  });

  it("refuses a header that claims more pixels than the limit, and takes a 48-megapixel phone photo", () => {
    expect(pixelRefusal("bom.png", { width: 20_000, height: 20_000 })).toEqual({ message: photoMessages.tooManyPixels("bom.png"), tooLarge: false });
    expect(pixelRefusal("iphone.jpg", { width: 8064, height: 6048, format: "jpeg", depth: "uchar", isProgressive: false })).toBeNull();
  });

  it("weighs 16 bits a sample and a photo decoded whole (interlaced, progressive, WebP) twice each", () => {
    // 50 megapixels, 16 bits, interlaced: 524 MB to decode when the review tried it.
    const bomb = { width: 8165, height: 6124, format: "png", depth: "ushort", isProgressive: true };
    expect(pixelRefusal("bom.png", bomb)).not.toBeNull();
    expect(pixelRefusal("diep.png", { ...bomb, isProgressive: false })).not.toBeNull();
    expect(pixelRefusal("interlaced.png", { ...bomb, depth: "uchar" })).not.toBeNull();
    expect(pixelRefusal("groot.webp", { width: 6000, height: 5000, format: "webp", depth: "uchar" })).not.toBeNull();
    const quarter = { width: 4000, height: 3000, format: "png", depth: "ushort", isProgressive: true };
    expect(pixelRefusal("klein.png", quarter)).toBeNull();
    expect(pixelRefusal("progressief.jpg", { width: 6000, height: 4000, format: "jpeg", depth: "uchar", isProgressive: true })).toBeNull();
  });
});
