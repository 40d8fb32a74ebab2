/** @jest-environment node */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { referencesShownIn } from "../texts";

test("finds a fact reference left in a page's query results, with file and field; not in resolved ones or in files no page uses", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "page-data-"));
  try {
    fs.mkdirSync(path.join(dir, "contact"));
    fs.mkdirSync(path.join(dir, "sq", "d"), { recursive: true });
    const page = { result: { data: { page: { faq: { items: [{ answer: "Bel {phone} of kom langs." }] } } } }, staticQueryHashes: ["1", "2"] };
    fs.writeFileSync(path.join(dir, "contact", "page-data.json"), JSON.stringify(page));
    fs.writeFileSync(path.join(dir, "sq", "d", "1.json"), JSON.stringify({ data: { company: { blurb: "Sinds 2008; css {}" } } }));
    fs.writeFileSync(path.join(dir, "sq", "d", "2.json"), JSON.stringify({ data: { company: { blurb: "Sinds {foundedYear}" } } }));
    fs.writeFileSync(path.join(dir, "sq", "d", "3.json"), JSON.stringify({ data: { company: { blurb: "Stale: {foundedYear}" } } }));
    expect(referencesShownIn(dir)).toEqual([
      `${path.join(dir, "contact", "page-data.json")}: result.data.page.faq.items[0].answer shows {phone}`,
      `${path.join(dir, "sq", "d", "2.json")}: data.company.blurb shows {foundedYear}`,
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
});
