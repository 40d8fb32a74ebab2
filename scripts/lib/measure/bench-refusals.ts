/**
 * `npm run bench`'s refusals (scripts/bench.ts, `--only=refusals`): what a
 * request that will be refused costs the form's function, and what the worst
 * request it accepts costs, each case in a Node process of its own so that
 * its peak RSS (the kernel's VmHWM) is the request's alone on top of the
 * process's start (docs/contact-requests.md, "The order of the checks").
 * The handler runs in the process against a local Blobs server and an outbox
 * folder; the time runs from the handler getting the whole body to its answer.
 *
 *   npx jiti scripts/lib/measure/bench-refusals.ts CASE   one case, printed as one JSON line
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { outboxMailer } from "../../../src/contact-request/functions/mailer";
import { photoField } from "../../../src/contact-request/shared/contact-photos";
import { validRequest } from "../../../src/contact-request/shared/__tests__/contact-request-example";
import { openLocalRequests } from "../requests/request-stores";
import { typescriptProcess } from "../serve/typescript-process";
import { contentFormHandler } from "../requests/content-form-handler";

export interface RefusalCase {
  name: string;
  status: number;
  /** The median time of the case's runs, and the fastest and slowest. */
  ms: number;
  msRange?: [number, number];
  /** The highest peak RSS of its runs' processes, and their median RSS just before the request: MB. */
  peakMb: number;
  startMb: number;
  runs?: number;
}

/** Runs of each case, each in a fresh process: one run's time swings by a factor of two with what else the machine does. */
const runsPerCase = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export interface RefusalsResult {
  cases: RefusalCase[];
}

const cases = {
  "over its hour's limit, five 49-megapixel 16-bit interlaced PNGs": { photo: "bomb", count: 5, overLimit: true, fields: {} },
  "invalid fields, the same five PNGs": { photo: "bomb", count: 5, overLimit: false, fields: { phone: "" } },
  "61,679 one-byte photo parts": { photo: "parts", count: 0, overLimit: false, fields: {} },
  "accepted: five 48-megapixel JPEGs": { photo: "jpeg48", count: 5, overLimit: false, fields: {} },
  "accepted: five 50-megapixel PNGs": { photo: "png50", count: 5, overLimit: false, fields: {} },
} as const;
type CaseName = keyof typeof cases;

/** The photos, made once in a process of their own: making them must not count in a case's peak. */
const photoDir = path.join(os.tmpdir(), "bench-refusals-photos");
const photoFiles = { bomb: "bomb.png", jpeg48: "jpeg48.jpg", png50: "png50.png" } as const;

async function makePhotos(): Promise<void> {
  fs.mkdirSync(photoDir, { recursive: true });
  // Flat colour: a few hundred KB on disk, and as costly to decode as any photo of its size.
  const flat = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#8a9bb0" } });
  await flat(8100, 6050).toColourspace("rgb16").png({ progressive: true, compressionLevel: 9 }).toFile(path.join(photoDir, photoFiles.bomb));
  await flat(8000, 6000).jpeg({ quality: 90 }).toFile(path.join(photoDir, photoFiles.jpeg48));
  await flat(8165, 6123).png().toFile(path.join(photoDir, photoFiles.png50));
}

function multipartBody(fields: Record<string, string>, photos: Buffer[], type: string): { body: Buffer; contentType: string } {
  const boundary = "benchboundary";
  const parts = [
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    ...photos.flatMap((photo, n) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${photoField}"; filename="foto-${n + 1}"\r\nContent-Type: ${type}\r\n\r\n`),
      photo,
      Buffer.from("\r\n"),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ];
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const megabytes = (line: string | undefined) => Math.round(Number(/(\d+)/.exec(line ?? "")?.[1] ?? 0) / 1024);
const status = () => fs.readFileSync("/proc/self/status", "utf8").split("\n");

async function runCase(name: CaseName): Promise<RefusalCase> {
  const spec = cases[name];
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "bench-refusals-"));
  const local = await openLocalRequests(root);
  const handler = contentFormHandler({
    mailer: outboxMailer(path.join(root, "outbox"), () => {}),
    store: () => local.blobs,
    addresses: { to: "info@dakdekker.test", from: "website@dakdekker.test" },
    limits: { requestsPerAddressPerHour: 1 },
  });
  // The body as the network brings it, in pieces of 64 KiB, all there when the handler starts.
  const pieces = (body: Buffer) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let start = 0; start < body.length; start += 64 * 1024) controller.enqueue(body.subarray(start, start + 64 * 1024));
        controller.close();
      },
    });
  const post = (body: Buffer, contentType: string, clientAddress: string) =>
    handler(
      new Request("http://localhost:8888/api/send-contact-email", {
        method: "POST",
        headers: { "Content-Type": contentType, Accept: "application/json" },
        body: pieces(body),
        duplex: "half",
      } as RequestInit),
      { clientAddress },
    );
  // A warm instance, as under a flood: a request and a refused form with a photo from other addresses first (their code
  // compiled, and the hour's salt known), and one from this address when it is to be over its limit.
  await post(Buffer.from(JSON.stringify({ ...validRequest, message: "Om op te warmen" })), "application/json", "203.0.113.49");
  const warmForm = multipartBody({ ...validRequest, phone: "" }, [fs.readFileSync(path.join(photoDir, photoFiles.bomb))], "image/png");
  await post(warmForm.body, warmForm.contentType, "203.0.113.48");
  if (spec.overLimit) await post(Buffer.from(JSON.stringify({ ...validRequest, message: "De eerste" })), "application/json", "203.0.113.50");

  const { body, contentType } =
    spec.photo === "parts"
      ? {
          body: Buffer.from(`${Array.from({ length: 61_679 }, (_, n) => `--x\r\nContent-Disposition: form-data; name="${photoField}"; filename="p${n}"\r\n\r\n1\r\n`).join("")}--x--\r\n`),
          contentType: "multipart/form-data; boundary=x",
        }
      : multipartBody({ ...validRequest, ...spec.fields }, Array.from({ length: spec.count }, () => fs.readFileSync(path.join(photoDir, photoFiles[spec.photo]))), spec.photo === "jpeg48" ? "image/jpeg" : "image/png");
  const startMb = megabytes(status().find((line) => line.startsWith("VmRSS")));
  const start = performance.now();
  const response = await post(body, contentType, "203.0.113.50");
  const ms = performance.now() - start;
  const peakMb = megabytes(status().find((line) => line.startsWith("VmHWM")));
  await local.close();
  return { name, status: response.status, ms: Math.round(ms), peakMb, startMb };
}

/** Every case, each in a process of its own. */
export function benchRefusals(): RefusalsResult {
  const made = spawnSync(...childCommand("--make-photos"), { stdio: "inherit" });
  if (made.status !== 0) throw new Error("the bench's test photos could not be made");
  return {
    cases: (Object.keys(cases) as CaseName[]).map((name) => {
      const runs = Array.from({ length: runsPerCase }, () => {
        // With production's memory setting (README, "Environment variables"), read by glibc as the process starts.
        const env = { ...process.env, MALLOC_ARENA_MAX: "2" };
        const child = spawnSync(...childCommand(name), { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], env });
        const line = child.stdout.trim().split("\n").pop() ?? "";
        if (child.status !== 0 || !line.startsWith("{")) throw new Error(`the refusals case "${name}" failed`);
        return JSON.parse(line) as RefusalCase;
      });
      const statuses = new Set(runs.map((run) => run.status));
      if (statuses.size !== 1) throw new Error(`the refusals case "${name}" was answered ${[...statuses].join(" and ")}`);
      const times = runs.map((run) => run.ms);
      return {
        name,
        status: runs[0].status,
        ms: median(times),
        msRange: [Math.min(...times), Math.max(...times)],
        peakMb: Math.max(...runs.map((run) => run.peakMb)),
        startMb: median(runs.map((run) => run.startMb)),
        runs: runs.length,
      };
    }),
  };
}

function childCommand(argument: string): [string, string[]] {
  const [node, args] = typescriptProcess(__filename, [argument]);
  return [node, args];
}

// Run as a case's process: jiti puts this file's own path first.
const argument = process.argv[2];
if (path.resolve(process.argv[1] ?? "") === __filename && argument) {
  if (argument === "--make-photos") await makePhotos();
  else process.stdout.write(`${JSON.stringify(await runCase(argument as CaseName))}\n`);
}
