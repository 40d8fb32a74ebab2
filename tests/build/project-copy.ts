/**
 * Real builds of a copy of the project (scripts/lib/project-copy.mjs), with
 * small pictures, so a test can change content without touching the main
 * build, its cache or its public/ folder.
 */
import fs from "node:fs";
import path from "node:path";
import { buildProjectCopy, shrinkPictures } from "../../scripts/lib/project-copy.mjs";

export const root = path.resolve(__dirname, "../..");

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface BuildResult {
  status: number | null;
  /** stdout and stderr, whitespace collapsed, for matching messages. */
  output: string;
}

const asResult = ({ status, output }: { status: number | null; output: string }): BuildResult => ({ status, output: output.replace(/\s+/g, " ") });

/**
 * Copies the project, lets `prepare` change the copy's files, builds it, and
 * hands the folder to `inspect` before it is removed.
 */
export async function buildCopy(
  prepare: (dir: string) => void,
  inspect?: (dir: string, result: BuildResult) => void,
): Promise<BuildResult> {
  const build = await buildProjectCopy({
    root,
    prefix: "content-fixture-",
    prepare: async (dir) => {
      await shrinkPictures(dir);
      prepare(dir);
    },
    inspect: inspect && ((dir, built) => inspect(dir, asResult(built))),
    timeoutMs: 420_000,
  });
  return asResult(build);
}

export const readJson = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as Json;
export const writeJson = (file: string, data: Json) => fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
