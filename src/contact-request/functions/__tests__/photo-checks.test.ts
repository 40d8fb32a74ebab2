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
    expect(pixelRefusal("bom.png", 20_000, 20_000)).toEqual({ message: photoMessages.tooManyPixels("bom.png"), tooLarge: false });
    expect(pixelRefusal("iphone.jpg", 8064, 6048)).toBeNull();
  });
});
