/**
 * Real builds of a copy of the project in a temporary folder (sharing
 * node_modules), so a test can change content without touching the main
 * build, its cache or its public/ folder.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

export const root = path.resolve(__dirname, "../..");
const projectFiles = ["gatsby-config.ts", "gatsby-node.ts", "gatsby-browser.tsx", "gatsby-ssr.tsx", "package.json", "tsconfig.json", "src", "static", "content"];
const { CONTENT_DIR, ...withoutContentDir } = process.env;

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface BuildResult {
  status: number | null;
  /** stdout and stderr, whitespace collapsed, for matching messages. */
  output: string;
}

/**
 * The copy's pictures, shrunk to 64 px wide: these builds are about pages and
 * lists, and encoding the full-size pictures (AVIF above all) took most of a
 * copy's build time.
 */
async function shrinkImages(dir: string) {
  const images = path.join(dir, "content", "images");
  for (const file of fs.readdirSync(images).filter((name) => /\.(jpe?g|png|webp)$/i.test(name))) {
    const full = path.join(images, file);
    fs.writeFileSync(full, await sharp(fs.readFileSync(full)).resize({ width: 64 }).toBuffer());
  }
}

/**
 * Copies the project, lets `prepare` change the copy's files, builds it, and
 * hands the folder to `inspect` before it is removed.
 */
export async function buildCopy(
  prepare: (dir: string) => void,
  inspect?: (dir: string, result: BuildResult) => void,
): Promise<BuildResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-fixture-"));
  try {
    for (const name of projectFiles) fs.cpSync(path.join(root, name), path.join(dir, name), { recursive: true });
    fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
    await shrinkImages(dir);
    prepare(dir);
    const result = spawnSync(path.join(root, "node_modules/.bin/gatsby"), ["build"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...withoutContentDir, GATSBY_TELEMETRY_DISABLED: "1", CI: "true" },
      timeout: 420_000,
    });
    const built = { status: result.status, output: `${result.stdout}\n${result.stderr}`.replace(/\s+/g, " ") };
    inspect?.(dir, built);
    return built;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const readJson = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as Json;
export const writeJson = (file: string, data: Json) => fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
