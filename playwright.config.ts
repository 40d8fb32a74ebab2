import { defineConfig } from "@playwright/test";
import { defaultDir, defaultPort } from "./scripts/lib/mail-sink.cjs";

const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  // This machine's network is closed: without these Chromium keeps dialling out in the background.
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const baseURL = process.env.E2E_BASE_URL ?? "http://localhost:8888";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: [["list"], ["json", { outputFile: ".reports/e2e.json" }], ...(process.env.CI ? [] : [["html", { open: "never" }] as const])],
  use: {
    baseURL,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
    locale: "nl-NL",
    trace: "retain-on-failure",
  },
  projects: [
    { name: "mobile", use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 } },
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
  ],
  // `npm test` starts both itself; these start them for a plain `npx playwright test`.
  webServer: [
    {
      command: `node scripts/lib/mail-sink.cjs --port ${defaultPort} --dir ${defaultDir}`,
      port: defaultPort,
      reuseExistingServer: true,
    },
    {
      command: "npm start",
      url: baseURL,
      env: { SMTP_URL: `smtp://127.0.0.1:${defaultPort}` },
      reuseExistingServer: true,
      timeout: 600_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
