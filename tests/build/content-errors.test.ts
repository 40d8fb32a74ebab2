/** @jest-environment node */
/**
 * A broken content file, or one that carries code, must stop the real build
 * with a message naming the file and the field.
 */
import fs from "node:fs";
import path from "node:path";
import { towns } from "../../src/lib/__tests__/content";
import { buildCopy, readJson, writeJson, type Json } from "./project-copy";

/** Sets (or, with undefined, removes) the value at `field` in a content file of the copy, then builds it. */
function buildWithBrokenContent(file: string, field: (string | number)[], value: Json | undefined) {
  return buildCopy((dir) => {
    const target = path.join(dir, "content", file);
    const data = readJson(target);
    const parent = field.slice(0, -1).reduce((node: Json, key) => (node as Record<string, Json>)[key], data) as Record<string, Json>;
    const last = field[field.length - 1];
    if (value === undefined) delete parent[last];
    else parent[last] = value;
    writeJson(target, data);
  });
}

jest.setTimeout(300_000);

test("a missing required field fails the build naming file and field", async () => {
  const { status, output } = await buildWithBrokenContent("company.json", ["phones", "emergency"], undefined);
  expect(status).not.toBe(0);
  expect(output).toContain('Content error in content/company.json: field "phones.emergency" is missing (expected object)');
});

test("a wrongly typed field fails the build naming file and field", async () => {
  const { status, output } = await buildWithBrokenContent("services/daklekkage.json", ["features"], "Lekdetectie");
  expect(status).not.toBe(0);
  expect(output).toContain('Content error in content/services/daklekkage.json: field "features" must be array');
});

test("a reference to a record that does not exist fails the build naming file and field", async () => {
  const { status, output } = await buildWithBrokenContent("towns/zaandam.json", ["highlights", "items", 2, "service"], "dakterras");
  expect(status).not.toBe(0);
  expect(output).toContain(
    'Content error in content/towns/zaandam.json: field "highlights.items[2].service" names "dakterras", but no ServicesJson has slug "dakterras"',
  );
});

test("a town page's review that is not five stars fails the build naming the town's file and field (docs/requirements.md, 'Page by page')", async () => {
  // The repository's content/, which the copy is made from.
  const town = towns.find((record) => record.slug === "zaandam");
  if (!town) throw new Error("content/towns/ has no zaandam.json");
  const [first] = town.reviews.featured;
  const { status, output } = await buildWithBrokenContent(`reviews/${first}.json`, ["rating"], 4);
  expect(status).not.toBe(0);
  expect(output).toContain(
    `Content error in content/towns/zaandam.json: field "reviews.featured[0]" names "${first}", which is not a five-star review from the town itself (docs/requirements.md, 'Page by page')`,
  );
});

test("a fact reference that names no fact fails the build naming file, field and reference", async () => {
  const { status, output } = await buildWithBrokenContent("services/daklekkage.json", ["keyFacts", 2, "value"], "{price:daklek}");
  expect(status).not.toBe(0);
  expect(output).toContain('Content error in content/services/daklekkage.json: field "keyFacts[2].value" names {price:daklek}, which is no fact');
});

test("content that carries code stops the build, naming the file and what it found", async () => {
  const { status, output } = await buildCopy((dir) => {
    const article = path.join(dir, "content", "blog", "daklekkage-amsterdam.md");
    const additions = ["<script>window.__pwned=1</script>", '<img src="x" onerror="window.__pwned2=1">', "[link](javascript:alert(1))"];
    fs.appendFileSync(article, `\n${additions.join("\n\n")}\n`);
  });
  expect(status).not.toBe(0);
  expect(output).toContain(
    'Content error in content/blog/daklekkage-amsterdam.md: field "body" holds <script>, onerror="window.__pwned2=1" on <img>, href="javascript:alert(1)" on <a>, which content may not carry',
  );
});
