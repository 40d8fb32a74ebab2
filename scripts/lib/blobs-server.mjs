/**
 * A Netlify Blobs server over a folder, in a process of its own: the server
 * module is ESM-only, and Jest (CommonJS here) cannot load it. Prints
 * {"port", "token"} as one line, then serves until its standard input closes.
 *
 *   node scripts/lib/blobs-server.mjs DIRECTORY
 *
 * Its writes to one key are made one after the other, so that a conditional
 * write is atomic, as it is on Netlify. The local server alone checks the ETag
 * and writes in separate steps, so two writers can both pass the check. The
 * functions' second look after a pause (docs/contact-requests.md) covers that
 * under `netlify serve`, but on a busy machine the gap outlasted the pause: a
 * flood test on one core mailed 67 requests singly against a cap of 30.
 * Every call still reaches the real server, through the front below.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { BlobsServer } from "@netlify/blobs/server";

const token = randomUUID();
const blobs = new BlobsServer({ directory: process.argv[2], token });
const { port: blobsPort } = await blobs.start();

/** Passes one request on to the Blobs server and its answer back; resolves once the answer has been sent. */
const forward = (incoming, outgoing) =>
  new Promise((done) => {
    const upstream = http.request({ host: "127.0.0.1", port: blobsPort, method: incoming.method, path: incoming.url, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
      answer.once("end", done);
      answer.once("error", done);
    });
    upstream.once("error", (error) => {
      outgoing.writeHead(502).end(String(error));
      done();
    });
    incoming.pipe(upstream);
  });

/** Per key, the end of the last write queued for it. */
const writes = new Map();
const front = http.createServer((incoming, outgoing) => {
  if (incoming.method !== "PUT") return void forward(incoming, outgoing);
  const key = (incoming.url ?? "").split("?")[0];
  const written = (writes.get(key) ?? Promise.resolve()).then(() => forward(incoming, outgoing));
  writes.set(key, written);
  written.then(() => writes.get(key) === written && writes.delete(key));
});
await new Promise((resolve) => front.listen(0, "127.0.0.1", resolve));

process.stdout.write(`${JSON.stringify({ port: front.address().port, token })}\n`);
process.stdin.resume();
process.stdin.once("end", () => {
  front.close();
  blobs.stop().then(() => process.exit(0));
});
