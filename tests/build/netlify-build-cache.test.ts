/** @jest-environment node */
/**
 * A build on Netlify (and under `netlify serve`, which sets NETLIFY_LOCAL)
 * runs the code of its own commit, whatever an earlier deploy left in
 * Netlify's build cache (the adapter in gatsby-config.ts says why). The cache
 * below is what a deploy from before the content plugin stored: its
 * `.cache/compiled` holds the site's gatsby-node and no plugin. Restored over
 * this build's `.cache`, it replaced the plugins Gatsby had just compiled, and
 * the content plugin silently did not run: no content check, and templates
 * failing on fields it adds ("Cannot query field").
 */
import fs from "node:fs";
import path from "node:path";
import { buildCopy, readJson, writeJson, type Json } from "./project-copy";

jest.setTimeout(300_000);

/** Where Netlify's adapter keeps a project's `.cache` under NETLIFY_LOCAL, laid out as @netlify/cache-utils saves it. */
const storedGatsbyCache = (dir: string) => path.join(dir, ".netlify", "build-cache", "cwd", ".cache");

test("a build over Netlify's cache of an earlier deploy runs this commit's plugins", async () => {
  process.env.NETLIFY_LOCAL = "true";
  const { status, output } = await buildCopy((dir) => {
    const earlierSiteNode = path.join(storedGatsbyCache(dir), "compiled", "gatsby-node.js");
    fs.mkdirSync(path.dirname(earlierSiteNode), { recursive: true });
    fs.writeFileSync(earlierSiteNode, '"use strict";\nexports.createPages = () => {};\n');
    // A content error stops this commit's build early, naming file and field: proof that its own checks ran.
    const company = path.join(dir, "content", "company.json");
    const data = readJson(company) as { phones: Record<string, Json> };
    delete data.phones.emergency;
    writeJson(company, data);
  });
  expect(status).not.toBe(0);
  expect(output).toContain('Content error in content/company.json: field "phones.emergency" is missing (expected object)');
});
