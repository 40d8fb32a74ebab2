import { Readable } from "node:stream";
import { photoField, photoLimits } from "../shared/contact-photos";
import type { PhotoFile } from "./photo-checks";

/**
 * The form's multipart body, read as it arrives (docs/contact-requests.md,
 * "The order of the checks"): parts are counted and photos sized while the
 * body streams in, so a body of thousands of parts, a sixth photo or a file
 * over its limit stops the reading at the part that breaks the limit, before
 * anything is kept whole or decoded.
 */
export type MultipartRead =
  | { ok: true; fields: Record<string, string>; files: PhotoFile[] }
  /** Where the reading stopped, with the fields read before it: the refusal shows them back. */
  | ({ ok: false; fields: Record<string, string> } & MultipartProblem);

type MultipartProblem = { problem: "body_too_large" | "too_many_photos" | "photos_too_large" | "form_malformed" } | { problem: "photo_too_large"; name: string };

/** Parts beyond the form's own fields and photos: room for a browser's extras, never for thousands. */
const spareParts = 8;

export async function readMultipart(
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  { keptFields, maxBodyBytes }: { keptFields: readonly string[]; maxBodyBytes: number },
): Promise<MultipartRead> {
  // Loaded with the first form with photos an instance reads: a post of JSON never needs it (docs/contact-requests.md, "Cold starts").
  const { Busboy } = await import("@fastify/busboy");
  return new Promise((resolve) => {
    const fields: Record<string, string> = {};
    const files: PhotoFile[] = [];
    let photoBytes = 0;
    let bodyBytes = 0;
    let settled = false;
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { "content-type": contentType },
        limits: {
          fieldSize: maxBodyBytes,
          fields: keptFields.length + spareParts,
          files: photoLimits.count,
          fileSize: photoLimits.fileBytes,
          parts: keptFields.length + photoLimits.count + spareParts,
        },
      });
    } catch {
      resolve({ ok: false, fields, problem: "form_malformed" });
      return;
    }
    const source = body ? Readable.fromWeb(body as Parameters<typeof Readable.fromWeb>[0]) : Readable.from([]);
    const finish = (result: { ok: true; files: PhotoFile[] } | MultipartProblem) => {
      if (settled) return;
      settled = true;
      resolve("ok" in result ? { ...result, fields } : { ok: false, fields, ...result });
      // Nothing more is read of a body that is refused or done.
      source.destroy();
    };

    parser.on("field", (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) finish({ problem: "body_too_large" });
      else if (keptFields.includes(name) && !(name in fields)) fields[name] = value;
    });
    parser.on("file", (name, stream, filename) => {
      if (name !== photoField) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      // An empty file input's part may carry no file name at all.
      const file: PhotoFile = { name: filename ?? "", bytes: new Uint8Array() };
      files.push(file);
      stream.on("data", (chunk: Buffer) => {
        photoBytes += chunk.byteLength;
        if (photoBytes > photoLimits.totalBytes) finish({ problem: "photos_too_large" });
        else chunks.push(chunk);
      });
      stream.on("limit", () => finish({ problem: "photo_too_large", name: file.name }));
      stream.on("end", () => {
        file.bytes = new Uint8Array(Buffer.concat(chunks));
      });
    });
    parser.on("filesLimit", () => finish({ problem: "too_many_photos" }));
    parser.on("partsLimit", () => finish({ problem: "form_malformed" }));
    parser.on("fieldsLimit", () => finish({ problem: "form_malformed" }));
    parser.on("error", () => finish({ problem: "form_malformed" }));
    // A file input left empty still posts a part without a name or a byte: no photo.
    parser.on("finish", () => finish({ ok: true, files: files.filter((file) => file.name !== "" || file.bytes.byteLength > 0) }));

    source.on("data", (chunk: Buffer) => {
      bodyBytes += chunk.byteLength;
      if (bodyBytes > maxBodyBytes) finish({ problem: "body_too_large" });
    });
    source.on("error", () => finish({ problem: "form_malformed" }));
    source.pipe(parser);
  });
}
