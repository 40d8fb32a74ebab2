/** Debian's Chromium drives the browser tests and Lighthouse; browser downloads are impossible here. */
import fs from "node:fs";
import { chromium, type Browser } from "@playwright/test";
import { installDebianPackage } from "./debian-package";

export const chromiumPath: string = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Installs Chromium with apt-get when running as root; otherwise says in one line what to do. */
export function ensureChromium(): void {
  if (!fs.existsSync(chromiumPath)) installDebianPackage("chromium", "Chromium");
}

/** Debian's Chromium for Playwright outside its test runner: the bench, the screenshots and the script-transfer test. */
export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu"] });
