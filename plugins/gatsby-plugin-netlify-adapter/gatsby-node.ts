/** What the build needs because of gatsby-adapter-netlify (README.md, the upgrade checklist). */
import fs from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";

/**
 * With trailingSlash "never", gatsby-adapter-netlify moves each page's
 * public/{route}/index.html to public/{route}.html after the build. A following
 * build that renders no page again (nothing changed) still reads the old files
 * while stitching slices and stops with ENOENT; putting them back first keeps
 * repeated builds working. __tests__/adapter.test.ts fails once the adapter
 * names pages another way (README.md).
 */
export const onPreBuild: GatsbyNode["onPreBuild"] = () => {
  const notPages = new Set(["static", "page-data", "_gatsby", "~partytown"]);
  const restore = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!notPages.has(entry.name)) restore(full);
      } else if (entry.name.endsWith(".html") && entry.name !== "index.html") {
        const expected = path.join(dir, entry.name.slice(0, -".html".length), "index.html");
        if (!fs.existsSync(expected)) {
          fs.mkdirSync(path.dirname(expected), { recursive: true });
          fs.copyFileSync(full, expected);
        }
      }
    }
  };
  restore("public");
};
