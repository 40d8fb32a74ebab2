/**
 * A broken content file must stop the real build with a message naming the
 * file and the field. Each case builds a copy of the project in a temporary
 * folder (sharing node_modules), so the main build's cache is left alone.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
const projectFiles = ["gatsby-config.ts", "gatsby-node.ts", "gatsby-browser.tsx", "gatsby-ssr.tsx", "package.json", "tsconfig.json", "src", "static", "content"];

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Sets (or, with undefined, removes) the value at `field` in a content file of the copy, then builds it. */
function buildWithBrokenContent(file: string, field: (string | number)[], value: Json | undefined) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-fixture-"));
  try {
    for (const name of projectFiles) fs.cpSync(path.join(root, name), path.join(dir, name), { recursive: true });
    fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
    const target = path.join(dir, "content", file);
    const data = JSON.parse(fs.readFileSync(target, "utf8"));
    const parent = field.slice(0, -1).reduce((node: Json, key) => (node as Record<string, Json>)[key], data) as Record<string, Json>;
    const last = field[field.length - 1];
    if (value === undefined) delete parent[last];
    else parent[last] = value;
    fs.writeFileSync(target, JSON.stringify(data, null, 2));
    const result = spawnSync(path.join(root, "node_modules/.bin/gatsby"), ["build"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...withoutContentDir, GATSBY_TELEMETRY_DISABLED: "1", CI: "true" },
      timeout: 240_000,
    });
    return { status: result.status, output: `${result.stdout}\n${result.stderr}`.replace(/\s+/g, " ") };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const { CONTENT_DIR, ...withoutContentDir } = process.env;

jest.setTimeout(300_000);

test("a missing required field fails the build naming file and field", () => {
  const { status, output } = buildWithBrokenContent("company.json", ["phones", "emergency"], undefined);
  expect(status).not.toBe(0);
  expect(output).toContain('Content error in content/company.json: field "phones.emergency" is missing (expected object)');
});

test("a wrongly typed field fails the build naming file and field", () => {
  const { status, output } = buildWithBrokenContent("services/daklekkage.json", ["features"], "Lekdetectie");
  expect(status).not.toBe(0);
  expect(output).toContain('Content error in content/services/daklekkage.json: field "features" must be array');
});

test("a reference to a record that does not exist fails the build naming file and field", () => {
  const { status, output } = buildWithBrokenContent("home.json", ["services", "featured", 1], "dakterras");
  expect(status).not.toBe(0);
  expect(output).toContain(
    'Content error in content/home.json: field "services.featured[1]" names "dakterras", but no ServicesJson has slug "dakterras"',
  );
});
