import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { cameraJpeg, transparentPng, webpPhoto } from "./test-photos";

/**
 * The test photos of test-photos.ts made once and kept as files, for the
 * end-to-end specs (docs/testing.md, "Test photos"): a 4000 × 3000 camera
 * JPEG takes about 3 s of a core to make, and the specs pick the same photos
 * again and again, in two workers at once.
 */

/**
 * Keeps what `make` makes as `name` in `dir`: the first call writes it, later
 * calls (in any process) find it. A writer writes a name of its own and
 * renames it into place, so a reader sees a whole file or none; two processes
 * asking at once may both make it, and either's file is as good.
 */
export function fileKeeper(dir: string) {
  const asked = new Map<string, Promise<string>>();
  const keep = async (name: string, make: () => Promise<Buffer>) => {
    const file = path.join(dir, name);
    try {
      await fs.access(file);
      return file;
    } catch {
      await fs.mkdir(dir, { recursive: true });
      const partial = `${file}.${process.pid}-${randomUUID()}.partial`;
      await fs.writeFile(partial, await make());
      await fs.rename(partial, file);
      return file;
    }
  };
  /** The kept file's path; one process makes each name once, however many of its tests ask at the same moment. */
  return (name: string, make: () => Promise<Buffer>): Promise<string> => {
    if (!asked.has(name)) asked.set(name, keep(name, make));
    return asked.get(name)!;
  };
}

/**
 * Where the photos are kept: in the checkout's node_modules/.cache, where
 * tools keep what they make, so a fresh clone makes them once in its first
 * run; named by the code that makes them (test-photos.ts) and sharp's
 * version, so a change to either makes them anew.
 */
async function photoFolder() {
  const maker = await fs.readFile(path.join(__dirname, "test-photos.ts"));
  const key = createHash("sha256").update(maker).update(JSON.stringify(sharp.versions)).digest("hex").slice(0, 16);
  return path.resolve(__dirname, "../../../node_modules/.cache", `test-photos-${key}`);
}

let keeper: Promise<ReturnType<typeof fileKeeper>> | undefined;

/** A maker of test-photos.ts, keeping each photo under its name and arguments (the recipe). */
const kept =
  <Args extends unknown[]>(name: string, extension: string, make: (...args: Args) => Promise<Buffer>) =>
  async (...args: Args): Promise<Buffer> => {
    keeper ??= photoFolder().then(fileKeeper);
    const recipe = createHash("sha256").update(JSON.stringify(args)).digest("hex").slice(0, 16);
    return fs.readFile(await (await keeper)(`${name}-${recipe}.${extension}`, () => make(...args)));
  };

/** cameraJpeg, transparentPng and webpPhoto, each photo made once and then read from its file: the same bytes every time. */
export const keptPhotos = {
  cameraJpeg: kept("camera", "jpg", cameraJpeg),
  transparentPng: kept("transparent", "png", transparentPng),
  webpPhoto: kept("photo", "webp", webpPhoto),
};
