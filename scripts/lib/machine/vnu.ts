/**
 * The W3C Nu HTML Checker (vnu), the reference HTML validator, over built pages.
 * It runs on Java. vnu-jar's own download of a Java runtime (its postinstall,
 * off in package.json's allowScripts) needs GitHub, which these machines cannot
 * reach, so `npm test` installs Debian's Java instead (ensureJava).
 */
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { installCommand, installDebianPackage } from "./debian-package";

const javaPackage = "openjdk-17-jre-headless";

/** The checker's jar, where the vnu-jar package keeps it (the path its main module exports). */
const vnuJar = path.join(path.dirname(require.resolve("vnu-jar")), "build", "dist", "vnu.jar");

/** Installs Java with apt-get when running as root; otherwise says in one line what to do. */
export function ensureJava(): void {
  if (spawnSync("java", ["-version"]).error) installDebianPackage(javaPackage, "Java");
}

export interface VnuError {
  file: string;
  line?: number;
  column?: number;
  message: string;
}

/** What vnu's JSON format says of one message, as far as this reads it. */
interface VnuMessage {
  url: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  message: string;
}

/**
 * Every error vnu finds in the files (warnings left out), from one Java
 * process: the JVM takes seconds to start, so files go in together.
 */
export async function vnuErrors(files: string[]): Promise<VnuError[]> {
  // vnu passes a file that does not exist without a word.
  for (const file of files) fs.accessSync(file, fs.constants.R_OK);
  const args = ["-jar", vnuJar, "--errors-only", "--exit-zero-always", "--format", "json", "--stdout", ...files];
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)("java", args, { maxBuffer: 256 * 1024 * 1024 }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new Error(`vnu needs Java, which is not on PATH: run "${installCommand(javaPackage)}" and try again (npm test does it when run as root).`);
    }
    throw error;
  }
  return (JSON.parse(stdout) as { messages: VnuMessage[] }).messages.map((message) => ({
    file: fileURLToPath(message.url),
    line: message.firstLine ?? message.lastLine,
    column: message.firstColumn,
    message: message.message,
  }));
}
