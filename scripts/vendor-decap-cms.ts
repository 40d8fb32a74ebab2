/**
 * Copies the prebuilt Decap CMS (the `decap-cms` package's dist/: decap-cms.js,
 * the chunks it loads on demand, their licence notices) into vendor/decap-cms/,
 * from where the build copies it to /admin (plugins/gatsby-plugin-cms).
 * The package is not a dependency: it depends on React 19, which npm would
 * refuse beside the site's React 18 (its decap-cms-app wants React 19 as a
 * peer), and the site needs nothing of it but the built files.
 *
 *   npx jiti scripts/vendor-decap-cms.ts 3.16.3   replace vendor/decap-cms/ with that version
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const version = process.argv[2];
if (!/^\d+\.\d+\.\d+$/.test(version ?? "")) {
  console.error("Usage: npx jiti scripts/vendor-decap-cms.ts <version>, such as 3.16.3");
  process.exit(2);
}
const target = fileURLToPath(new URL("../vendor/decap-cms/", import.meta.url));
const work = fs.mkdtempSync(path.join(os.tmpdir(), "decap-cms-"));
try {
  const tarball = execFileSync("npm", ["pack", `decap-cms@${version}`, "--silent"], { cwd: work, encoding: "utf8" }).trim();
  execFileSync("tar", ["xzf", tarball], { cwd: work });
  const dist = path.join(work, "package", "dist");
  // vendor/decap-cms/LICENSE (the project's MIT licence, which the package does not ship) stays.
  fs.rmSync(path.join(target, "dist"), { recursive: true, force: true });
  fs.mkdirSync(path.join(target, "dist"), { recursive: true });
  // decap-cms.js and its chunks (N.decap-cms.js), the WebP encoders they load, and the licences; not the source maps or the cms.js copy.
  const kept = fs.readdirSync(dist).filter((file) => /(^|\.)decap-cms\.js$|decap-cms\.js\.LICENSE\.txt$|\.wasm$/.test(file));
  for (const file of kept) fs.copyFileSync(path.join(dist, file), path.join(target, "dist", file));
  fs.copyFileSync(path.join(work, "package", "package.json"), path.join(target, "package.json"));
  console.log(`vendor/decap-cms/: decap-cms ${version}, ${kept.length} files`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
