/**
 * A static server of public/ that gzips like a CDN does (`netlify serve`
 * does not compress), so the benchmark measures what visitors download, and
 * sends the headers of public/_headers, so browsers enforce the same policy.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript",
  ".json": "application/json",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
};
const compressible = new Set([".html", ".js", ".json", ".css", ".svg", ".xml", ".txt"]);

/**
 * A body as this server sends it gzipped, at zlib's default level as a CDN
 * compresses: also what the script budget counts for a body that came
 * uncompressed from `netlify serve` (lib/measure/script-transfer.ts).
 */
export const gzip = (body: Buffer): Buffer => zlib.gzipSync(body, { level: 6 });

function resolve(root: string, urlPath: string, fallback: string | undefined): { file: string; status: number } {
  const clean = path.normalize(decodeURIComponent(urlPath.split("?")[0])).replace(/^(\.\.[/\\])+/, "");
  for (const candidate of [clean, path.join(clean, "index.html"), `${clean}.html`]) {
    const file = path.join(root, candidate);
    if (file.startsWith(root) && fs.existsSync(file) && fs.statSync(file).isFile()) return { file, status: 200 };
  }
  if (fallback) return { file: path.join(root, fallback), status: 200 };
  return { file: path.join(root, "404.html"), status: 404 };
}

export interface HeaderRule {
  matches: RegExp;
  headers: Record<string, string>;
}

/** The rules of a Netlify _headers file: a path pattern (`*` any rest, `:name` one segment), then its indented headers. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      const pattern = line.trim().replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*").replace(/:[^/]+/g, "[^/]+");
      rules.push({ matches: new RegExp(`^${pattern}$`), headers: {} });
    } else if (rules.length > 0) {
      const [key, ...value] = line.trim().split(":");
      rules[rules.length - 1].headers[key.trim().toLowerCase()] = value.join(":").trim();
    }
  }
  return rules;
}

/** Every matching rule applies in order, a later one overriding a header an earlier one set (as `netlify serve` does). */
export const headersFor = (rules: HeaderRule[], urlPath: string): Record<string, string> =>
  Object.assign({}, ...rules.filter((rule) => rule.matches.test(urlPath)).map((rule) => rule.headers));

/**
 * `fallback`: a file every unknown path gets with 200, as a single-page app needs (the SPA peer).
 * `withoutHeaders`: names of _headers entries left out, to measure what one of them costs (bench's `--without-header`).
 */
export function startStaticServer(
  root: string,
  port: number,
  { fallback, withoutHeaders = [] }: { fallback?: string; withoutHeaders?: string[] } = {},
): Promise<http.Server> {
  const headersFile = path.join(root, "_headers");
  const allRules = fs.existsSync(headersFile) ? parseHeadersFile(fs.readFileSync(headersFile, "utf8")) : [];
  const unknown = withoutHeaders.filter((name) => !allRules.some((rule) => name in rule.headers));
  if (unknown.length > 0) throw new Error(`${headersFile} sets no ${unknown.join(", ")}: nothing to leave out`);
  const rules = allRules.map((rule) => ({
    ...rule,
    headers: Object.fromEntries(Object.entries(rule.headers).filter(([key]) => !withoutHeaders.includes(key))),
  }));
  const server = http.createServer((request, response) => {
    const { file, status } = resolve(path.resolve(root), request.url ?? "/", fallback);
    // A folder without its own 404.html (the static peer) still answers an unknown path, in plain text.
    const found = fs.existsSync(file);
    const extension = found ? path.extname(file) : ".txt";
    let body: Buffer = found ? fs.readFileSync(file) : Buffer.from("Not found\n");
    const headers: http.OutgoingHttpHeaders = { ...headersFor(rules, (request.url ?? "/").split("?")[0]), "content-type": types[extension] ?? "application/octet-stream" };
    if (compressible.has(extension) && /\bgzip\b/.test(request.headers["accept-encoding"] ?? "")) {
      body = gzip(body);
      headers["content-encoding"] = "gzip";
    }
    headers["content-length"] = body.length;
    response.writeHead(status, headers);
    response.end(body);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
