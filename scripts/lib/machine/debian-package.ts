/** Tools the checks need come from Debian's mirror, which these machines reach; other downloads are impossible here. */
import { spawnSync } from "node:child_process";

/** What to run to install a Debian package by hand. */
export const installCommand = (packageName: string): string => `sudo apt-get update && sudo apt-get install -y ${packageName}`;

/** Installs a Debian package with apt-get when running as root; otherwise says in one line what to do. */
export function installDebianPackage(packageName: string, label: string): void {
  if (process.getuid?.() !== 0) {
    console.error(`${label} is missing: run "${installCommand(packageName)}" and try again.`);
    process.exit(1);
  }
  console.log(`${label} is missing: installing Debian's ${packageName} package with apt-get ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update", "-qq"], ["install", "-y", "-qq", packageName]]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(" ")} failed: install ${label} by hand ("apt-get install -y ${packageName}") and try again.`);
      process.exit(1);
    }
  }
}
