/** @jest-environment node */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { headersFor, parseHeadersFile, startStaticServer } from "../static-server.mjs";

const file = `
# gatsby-adapter-netlify start
/*
  cache-control: public, max-age=0, must-revalidate
  content-security-policy: default-src 'self'; script-src 'self'
/static/*
  cache-control: public, max-age=31536000, immutable
/app-1a2b.js
  cache-control: public, max-age=31536000, immutable
/blog/:slug
  x-kind: article
# gatsby-adapter-netlify end
`;

test("applies every matching rule of a Netlify _headers file in order, a later one overriding the same header", () => {
  const rules = parseHeadersFile(file);
  expect(headersFor(rules, "/over-ons")).toEqual({
    "cache-control": "public, max-age=0, must-revalidate",
    "content-security-policy": "default-src 'self'; script-src 'self'",
  });
  expect(headersFor(rules, "/static/ab/photo.avif")["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(headersFor(rules, "/app-1a2b.js")["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(headersFor(rules, "/app-1a2bXjs")["cache-control"]).toBe("public, max-age=0, must-revalidate");
  expect(headersFor(rules, "/blog/daklekkage")["x-kind"]).toBe("article");
  expect(headersFor(rules, "/blog/daklekkage/meer")["x-kind"]).toBeUndefined();
  expect(headersFor(rules, "/static/x")["content-security-policy"]).toContain("default-src 'self'");
});

test("answers an unknown path with 404 in a folder that has no 404.html", async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "static-server-"));
  fs.writeFileSync(path.join(root, "index.html"), "<!doctype html><title>x</title>");
  const server = await startStaticServer(root, 0);
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect((await fetch(`${origin}/`)).status).toBe(200);
    const missing = await fetch(`${origin}/favicon.ico`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("Not found\n");
  } finally {
    server.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
