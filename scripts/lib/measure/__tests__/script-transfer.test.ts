/** @jest-environment node */
/**
 * scriptTransfer against a page of known scripts in Chromium: every script
 * response counts with its gzip body, also one the page asks for after it
 * loaded; inline scripts and other files do not. From a server that does not
 * compress (as `netlify serve`), a body counts as the gzip server sends it.
 */
import fs from "node:fs";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { launchChromium } from "../../machine/chromium";
import { scriptTransfer } from "../script-transfer";
import { startStaticServer } from "../../serve/static-server";

jest.setTimeout(60_000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "script-transfer-"));
const files = {
  "index.html": `<!doctype html><title>t</title><script src="/app.js"></script><script>window.inline = "${"i".repeat(5000)}";</script><p>page</p>`,
  "app.js": `window.numbers = [${Array.from({ length: 4000 }, (_, index) => index).join(",")}];
    fetch("/data.json");
    setTimeout(() => document.head.append(Object.assign(document.createElement("script"), { src: "/later.js" })), 200);`,
  "later.js": `window.later = "${"later ".repeat(3000)}";`,
  "data.json": JSON.stringify({ text: "data ".repeat(3000) }),
  // The server sends it for an unknown path, such as the browser's own /favicon.ico.
  "404.html": "<!doctype html><title>404</title>",
};
for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);

let server: Server;
let origin: string;
/** The same files sent as they are, whatever the browser accepts. */
let plainServer: Server;
let plainOrigin: string;
let browser: Browser;

beforeAll(async () => {
  server = await startStaticServer(dir, 0);
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  plainServer = http.createServer((request, response) => {
    const file = path.join(dir, request.url === "/" ? "index.html" : (request.url ?? "").slice(1));
    if (!fs.existsSync(file)) return response.writeHead(404).end();
    response.writeHead(200, { "content-type": file.endsWith(".js") ? "application/javascript" : "text/html" }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => plainServer.listen(0, "127.0.0.1", resolve));
  plainOrigin = `http://127.0.0.1:${(plainServer.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  server?.close();
  plainServer?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** What the server sends for a file: its gzip body's length. */
const sentBytes = async (file: string) =>
  Number((await fetch(`${origin}/${file}`, { headers: { "accept-encoding": "gzip" } })).headers.get("content-length"));

const firstLine = (text: string) => text.split("\n", 1)[0];

test("sums the gzip bodies of every script the load fetches, the late one too, and nothing else, each with its first line", async () => {
  const measured = await scriptTransfer(browser, `${origin}/`);
  const expected = [
    { url: `${origin}/app.js`, bytes: await sentBytes("app.js"), firstLine: firstLine(files["app.js"]) },
    { url: `${origin}/later.js`, bytes: await sentBytes("later.js"), firstLine: firstLine(files["later.js"]) },
  ];
  expect(measured.scripts).toEqual(expected);
  expect(measured.bytes).toBe(expected[0].bytes + expected[1].bytes);
  // Encoded, not decoded: gzip shrinks these files several times.
  expect(measured.bytes).toBeLessThan((files["app.js"].length + files["later.js"].length) / 2);
});

test("measures a cold load each time: nothing comes from the cache of an earlier one", async () => {
  // What came and its bytes; not startedTooEarly, which is timing: on a busy machine the first paint can come after the late script started.
  const transferred = async () => {
    const { bytes, scripts } = await scriptTransfer(browser, `${origin}/`);
    return { bytes, scripts };
  };
  const first = await transferred();
  expect(first.scripts).toHaveLength(2);
  expect(await transferred()).toEqual(first);
});

test("counts a script that came uncompressed as the gzip server sends it", async () => {
  const compressed = await scriptTransfer(browser, `${origin}/`);
  const plain = await scriptTransfer(browser, `${plainOrigin}/`);
  expect(plain.scripts.map(({ url, ...script }) => ({ path: new URL(url).pathname, ...script }))).toEqual(
    compressed.scripts.map(({ url, ...script }) => ({ path: new URL(url).pathname, ...script })),
  );
  // Not the body as it came: that is several times larger.
  expect(plain.bytes).toBeLessThan((files["app.js"].length + files["later.js"].length) / 2);
});
