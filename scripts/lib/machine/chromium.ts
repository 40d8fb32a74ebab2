/** Debian's Chromium drives the browser tests and Lighthouse; browser downloads are impossible here. */
import fs from "node:fs";
import { installDebianPackage } from "./debian-package";

export const chromiumPath: string = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Installs Chromium with apt-get when running as root; otherwise says in one line what to do. */
export function ensureChromium(): void {
  if (!fs.existsSync(chromiumPath)) installDebianPackage("chromium", "Chromium");
}
