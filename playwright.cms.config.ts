import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

/**
 * The CMS's tests (tests/cms/): Chromium against `npm run cms` in a copy of
 * the working tree (tests/cms/global-setup.ts), so what they save changes the
 * copy's files, never the working tree's. `npm test` runs them once the main
 * end-to-end tests have stopped their site, which uses the same port.
 */
export default defineConfig({
  testDir: "tests/cms",
  globalSetup: "./tests/cms/global-setup.ts",
  // One editor, one working tree: the tests save in turn.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 120_000,
  reporter: [["list"], ["json", { outputFile: ".reports/cms.json" }]],
  use: { ...base.use, viewport: { width: 1280, height: 900 } },
});
