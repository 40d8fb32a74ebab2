/** @jest-environment node */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { jitiCli } from "../../serve/typescript-process";
import { vnuErrors } from "../vnu";

const page = (body: string) => `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Test</title></head><body>\n${body}\n</body></html>\n`;

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "vnu-"));
  fs.writeFileSync(path.join(dir, "valid.html"), page(`<img src="/dak.jpg" alt="Een pannendak">`));
  fs.writeFileSync(path.join(dir, "invalid.html"), page(`<img alt="Een pannendak">`));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Java starts once for both files, which takes a few seconds.
test("reports the error of an invalid page with its file and line, and none for a valid one", async () => {
  const errors = await vnuErrors([path.join(dir, "valid.html"), path.join(dir, "invalid.html")]);
  expect(errors).toEqual([
    { file: path.join(dir, "invalid.html"), line: 2, column: 1, message: "Element “img” is missing one or more of the following attributes: “src”, “srcset”." },
  ]);
}, 60_000);

test("fails on a file that does not exist rather than passing it", async () => {
  await expect(vnuErrors([path.join(dir, "missing.html")])).rejects.toThrow(/ENOENT/);
});

// In a process of its own: the module looks Java up on the real PATH, which Jest's process.env does not reach.
test("says how to install Java when it is not on PATH", () => {
  const vnu = path.resolve(__dirname, "../vnu.ts");
  const check = path.join(dir, "check.ts");
  fs.writeFileSync(check, `import { vnuErrors } from ${JSON.stringify(vnu)};\nawait vnuErrors([${JSON.stringify(path.join(dir, "valid.html"))}]);\n`);
  const result = spawnSync(process.execPath, [jitiCli, check], { env: { PATH: dir }, encoding: "utf8" });
  expect(result.status).not.toBe(0);
  expect(result.stderr).toContain(`vnu needs Java, which is not on PATH: run "sudo apt-get update && sudo apt-get install -y openjdk-17-jre-headless"`);
});
