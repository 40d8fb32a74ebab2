import { defineConfig } from "@playwright/test";

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

/** The tests that break the mail server and restart the site (tests/e2e/delivery.spec.ts). */
const delivery = /delivery\.spec\.ts$/;
/**
 * What a spec's name says about the width it runs at (docs/testing.md, "Widths"): `name.spec.ts` at 390 and 1280 px,
 * for what can differ with the width; `name.once.spec.ts` once, at 1280 px, for behaviour and content that do not;
 * `name.phone.spec.ts` at 390 px only, for what only a phone has.
 */
const once = /\.once\.spec\.ts$/;
const phone = /\.phone\.spec\.ts$/;
const desktop = { viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Guards against a hang, sized for a busy or one-core machine (README, Quality): waiting longer makes no check weaker.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [["list"], ["json", { outputFile: ".reports/e2e.json" }], ...(process.env.CI ? [] : [["html", { open: "never" }] as const])],
  use: {
    baseURL,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
    locale: "nl-NL",
    // A trace is recorded for every test, passing or not, which costs each test time: none in a run; for a failing
    // test, run it again with `--trace on`. Its screenshot is kept.
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "mobile", testIgnore: [delivery, once], use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 } },
    { name: "desktop", testIgnore: [delivery, once, phone], use: desktop },
    { name: "once", testMatch: once, use: desktop },
    // They take the mail server down and restart the site, so they run once the others are done.
    { name: "delivery", testMatch: delivery, dependencies: ["mobile", "desktop", "once"], use: desktop },
  ],
  // `npm test` starts them itself (scripts/lib/serve/test-services.ts); this starts them for a plain `npx playwright test`.
  webServer: {
    command: "npx jiti scripts/lib/serve/test-services.ts",
    url: baseURL,
    reuseExistingServer: true,
    timeout: 900_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
