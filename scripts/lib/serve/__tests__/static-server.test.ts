/** @jest-environment node */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { headersFor, parseHeadersFile, startStaticServer } from "../static-server";

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

test("leaves out the headers it is told to, and only those", async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "static-server-"));
  fs.writeFileSync(path.join(root, "index.html"), "<!doctype html><title>x</title>");
  fs.writeFileSync(path.join(root, "_headers"), "/*\n  cross-origin-opener-policy: same-origin\n  x-content-type-options: nosniff\n");
  const servers = [await startStaticServer(root, 0), await startStaticServer(root, 0, { withoutHeaders: ["cross-origin-opener-policy"] })];
  try {
    const [all, without] = await Promise.all(servers.map((server) => fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)));
    expect(all.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(without.headers.get("cross-origin-opener-policy")).toBeNull();
    expect(without.headers.get("x-content-type-options")).toBe("nosniff");
    // A misspelt name would otherwise measure the site with every header and call it the site without one.
    expect(() => startStaticServer(root, 0, { withoutHeaders: ["cross-origin-opener-polcy"] })).toThrow("sets no cross-origin-opener-polcy");
  } finally {
    for (const server of servers) server.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
