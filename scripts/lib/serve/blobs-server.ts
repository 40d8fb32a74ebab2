/**
 * A Netlify Blobs server over a folder, in a process of its own: the server
 * module is ESM-only, and Jest (CommonJS here) cannot load it. Prints
 * {"port", "token"} as one line, then serves until its standard input closes.
 *
 *   npx jiti scripts/lib/serve/blobs-server.ts DIRECTORY
 */
import { randomUUID } from "node:crypto";
import { BlobsServer } from "@netlify/blobs/server";

const token = randomUUID();
const server = new BlobsServer({ directory: process.argv[2], token });
const { port } = await server.start();
process.stdout.write(`${JSON.stringify({ port, token })}\n`);
process.stdin.resume();
process.stdin.once("end", () => server.stop().then(() => process.exit(0)));
