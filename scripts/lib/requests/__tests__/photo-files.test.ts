/** @jest-environment node */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { fileKeeper, keptPhotos } from "../photo-files";
import { artistTag, exifTags, gpsTag } from "../test-photos";

let dir: string;
beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "photo-files-"))));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A maker that counts its calls and makes different bytes each time, as the photos' random grain does. */
function counted() {
  let calls = 0;
  return {
    make: async () => Buffer.from(`photo ${++calls}`),
    calls: () => calls,
  };
}

describe("fileKeeper", () => {
  it("makes a file the first time, then gives the same file without making it again", async () => {
    const maker = counted();
    const first = await fileKeeper(dir)("a.jpg", maker.make);
    expect(fs.readFileSync(first, "utf8")).toBe("photo 1");
    expect(await fileKeeper(dir)("a.jpg", maker.make)).toBe(first);
    expect([maker.calls(), fs.readFileSync(first, "utf8")]).toEqual([1, "photo 1"]);
  });

  it("makes each name once when a process's tests ask for it at the same moment, and leaves no partial file", async () => {
    const maker = counted();
    const keep = fileKeeper(dir);
    const files = await Promise.all(Array.from({ length: 6 }, () => keep("a.jpg", maker.make)));
    expect(new Set(files).size).toBe(1);
    expect(maker.calls()).toBe(1);
    expect(fs.readdirSync(dir)).toEqual(["a.jpg"]);
  });

  it("does not take a writer's partial file for the photo", async () => {
    fs.writeFileSync(path.join(dir, "a.jpg.123-abc.partial"), "half");
    const maker = counted();
    expect(fs.readFileSync(await fileKeeper(dir)("a.jpg", maker.make), "utf8")).toBe("photo 1");
  });

  it("gives whole files to two processes that ask at once", async () => {
    const script = `require("jiti").createJiti(${JSON.stringify(__filename)})(${JSON.stringify(path.join(__dirname, "../photo-files.ts"))})
      .fileKeeper(process.argv[1])("a.bin", async () => Buffer.alloc(8_000_000, process.pid % 256))
      .then((file) => process.stdout.write(require("fs").readFileSync(file).length + ""));`;
    const sizes = await Promise.all([1, 2].map(() => promisify(execFile)(process.execPath, ["-e", script, dir]).then(({ stdout }) => stdout)));
    expect(sizes).toEqual(["8000000", "8000000"]);
    expect(fs.readdirSync(dir)).toEqual(["a.bin"]);
  });
});

describe("keptPhotos", () => {
  it("gives test-photos.ts's photo, with the EXIF the tests need, and the same bytes the second time", async () => {
    const photo = await keptPhotos.cameraJpeg({ width: 400, height: 300 });
    const metadata = await sharp(photo).metadata();
    const tags = exifTags(metadata.exif ?? Buffer.alloc(0));
    expect([metadata.format, metadata.width, metadata.height, metadata.orientation, tags.has(artistTag), tags.has(gpsTag)]).toEqual(["jpeg", 400, 300, 6, true, true]);
    expect((await keptPhotos.cameraJpeg({ width: 400, height: 300 })).equals(photo)).toBe(true);
    expect((await keptPhotos.cameraJpeg({ width: 300, height: 200 })).equals(photo)).toBe(false);
  });
});
