/** @jest-environment node */
/**
 * A figure is typed once: a service file states its starting price in
 * `startingPriceEuro` and its texts refer to it as {price:<slug>} (docs/content.md), so changing the price is changing one number.
 */
import fs from "node:fs";
import path from "node:path";

const dir = path.resolve(__dirname, "../../content/services");
const services = fs.readdirSync(dir).map((file) => ({ file, source: fs.readFileSync(path.join(dir, file), "utf8") }));

test.each(services.map(({ file, source }) => [file, source] as const))("%s writes its starting price once and refers to it elsewhere", (_file, source) => {
  const { slug, startingPriceEuro } = JSON.parse(source) as { slug: string; startingPriceEuro?: number };
  if (startingPriceEuro === undefined) {
    expect(source).not.toContain(`{price:${slug}}`);
    return;
  }
  expect(source.match(new RegExp(`€ ?${startingPriceEuro}(?![\\d.,])`, "g"))).toBeNull();
  expect(source).toContain(`{price:${slug}}`);
});
