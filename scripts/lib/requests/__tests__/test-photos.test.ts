/** @jest-environment node */
import sharp from "sharp";
import { cameraJpeg, cameraTraces, outsideScans } from "../test-photos";

const noise = (progressive: boolean) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
    .jpeg({ quality: 90, progressive })
    .toBuffer();

describe("outsideScans", () => {
  it("keeps every segment a camera writes its metadata in", async () => {
    const photo = await cameraJpeg({ width: 1200, height: 900 });
    for (const trace of cameraTraces) expect(outsideScans(photo).includes(trace)).toBe(true);
  });

  it.each([false, true])("leaves out the compressed scans (progressive: %s), and keeps what trails the end", async (progressive) => {
    const jpeg = await noise(progressive);
    const kept = outsideScans(jpeg);
    expect(kept.length).toBeLessThan(jpeg.length / 10);
    expect(kept.subarray(-2).readUInt16BE(0)).toBe(0xffd9);
    expect(outsideScans(Buffer.concat([jpeg, Buffer.from("GPS trailing")])).includes("GPS")).toBe(true);
  });

  it("refuses what is not a JPEG", async () => {
    expect(() => outsideScans(Buffer.from("GIF89a"))).toThrow(/not a JPEG/);
  });
});
