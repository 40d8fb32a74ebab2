/**
 * @jest-environment node
 */
import { photoLimits, photoMessages } from "../../shared/contact-photos";
import { checkBeforeDecoding, decodeRefusal, drawnSize, drawSteps, isFull, refusalMessage, sniffBytes } from "../photo-plan";

const jpegStart = Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
const heicStart = Uint8Array.from([0, 0, 0, 24, ...Array.from("ftypheic", (char) => char.charCodeAt(0)), 0, 0, 0, 0]);
const textStart = new TextEncoder().encode("Offerte dakgoot, ");

describe("drawnSize", () => {
  it("brings the long edge down to the limit, keeping the proportions", () => {
    expect(drawnSize({ width: 4000, height: 3000 })).toEqual({ width: 2048, height: 1536 });
    expect(drawnSize({ width: 3000, height: 4000 })).toEqual({ width: 1536, height: 2048 });
    expect(drawnSize({ width: 8064, height: 6048 })).toEqual({ width: 2048, height: 1536 });
  });

  it("never enlarges a small photo", () => {
    expect(drawnSize({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
    expect(drawnSize({ width: 2048, height: 10 })).toEqual({ width: 2048, height: 10 });
  });

  it("keeps at least one pixel on each side", () => {
    expect(drawnSize({ width: 100_000, height: 2 })).toEqual({ width: 2048, height: 1 });
  });
});

describe("drawSteps", () => {
  it("starts at the full drawn size and the contract's quality, then steps the quality down, then the size", () => {
    const steps = drawSteps({ width: 4000, height: 3000 });
    expect(steps[0]).toEqual({ width: 2048, height: 1536, quality: photoLimits.jpegQuality });
    const qualities = steps.map((step) => step.quality);
    expect(qualities).toEqual([...qualities].sort((a, b) => b - a));
    const edges = steps.map((step) => Math.max(step.width, step.height));
    expect(edges).toEqual([...edges].sort((a, b) => b - a));
    expect(edges.at(-1)).toBeLessThan(2048);
  });

  it("offers no step larger than the photo itself", () => {
    const steps = drawSteps({ width: 1300, height: 900 });
    expect(steps.every((step) => step.width <= 1300 && step.height <= 900)).toBe(true);
    expect(steps.filter((step) => step.width < 1300).map((step) => [step.width, step.height])).toEqual([
      [1280, 886],
      [1024, 709],
    ]);
  });
});

describe("checkBeforeDecoding", () => {
  it("tells the format by the first bytes", () => {
    expect(checkBeforeDecoding(1234, jpegStart)).toEqual({ format: "jpeg" });
    expect(checkBeforeDecoding(1234, heicStart)).toEqual({ format: "heic" });
    expect(sniffBytes).toBeGreaterThanOrEqual(12);
  });

  it("refuses an empty file, one too large to open, and one that is not a photo whatever its name", () => {
    expect(checkBeforeDecoding(0, new Uint8Array())).toEqual({ refusal: "empty" });
    expect(checkBeforeDecoding(photoLimits.browserFileBytes + 1, jpegStart)).toEqual({ refusal: "fileTooLargeToOpen" });
    expect(checkBeforeDecoding(photoLimits.browserFileBytes, jpegStart)).toEqual({ format: "jpeg" });
    expect(checkBeforeDecoding(textStart.length, textStart)).toEqual({ refusal: "notAPhoto" });
  });
});

describe("refusals", () => {
  it("tells a HEIC the browser cannot open from a damaged file", () => {
    expect(decodeRefusal("heic")).toBe("heicInBrowser");
    expect(decodeRefusal("jpeg")).toBe("unreadable");
  });

  it("gives each refusal its Dutch message with the file's name", () => {
    expect(refusalMessage("empty", "leeg.jpg")).toBe(photoMessages.empty("leeg.jpg"));
    expect(refusalMessage("fileTooLargeToOpen", "groot.jpg")).toBe(photoMessages.fileTooLargeToOpen("groot.jpg"));
    expect(refusalMessage("notAPhoto", "brief.jpg")).toBe(photoMessages.notAPhoto("brief.jpg"));
    expect(refusalMessage("heicInBrowser", "IMG_1.HEIC")).toBe(photoMessages.heicInBrowser("IMG_1.HEIC"));
    expect(refusalMessage("unreadable", "kapot.jpg")).toBe(photoMessages.unreadable("kapot.jpg"));
    expect(photoMessages.fileTooLargeToOpen("groot.jpg")).toMatch(/^“groot\.jpg” is te groot om te openen: hoogstens 41,9 MB\. Kies/);
  });
});

describe("isFull", () => {
  it("is full at the limit and beyond, not below it", () => {
    expect(isFull(0)).toBe(false);
    expect(isFull(3)).toBe(false);
    expect(isFull(photoLimits.count - 1)).toBe(false);
    expect(isFull(5)).toBe(true);
    expect(isFull(7)).toBe(true);
  });
});
