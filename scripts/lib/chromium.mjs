/** Debian's Chromium drives the browser tests and Lighthouse; browser downloads are impossible here. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Installs Chromium with apt-get when running as root; otherwise says in one line what to do. */
export function ensureChromium() {
  if (fs.existsSync(chromiumPath)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing: run "sudo apt-get update && sudo apt-get install -y chromium" and try again.`);
    process.exit(1);
  }
  console.log("Chromium is missing: installing Debian's chromium package with apt-get ...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update", "-qq"], ["install", "-y", "-qq", "chromium"]]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(" ")} failed: install Chromium by hand ("apt-get install -y chromium") and try again.`);
      process.exit(1);
    }
  }
}
