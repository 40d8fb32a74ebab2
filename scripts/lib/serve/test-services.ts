/**
 * What the end-to-end tests run against: the local SMTP sink on :2525 (its
 * mails also as JSON in .reports/mail-sink), `npm start` on :8888 mailing to
 * it, and a control port on :2526 through which a test breaks the mail server
 * or restarts the site:
 *
 *   POST /mail-server/up | /mail-server/down | /mail-server/flaky
 *   POST /site/restart   (answers once the old site has stopped; the runtime starts again over the
 *                         built public/, `npm start -- --no-build`, its output in a log of its own)
 *   GET  /site           (200 serving, 503 starting, 500 with the reason it did not start)
 *
 * `npm test` starts them itself; `npx jiti scripts/lib/serve/test-services.ts`
 * starts them for a plain `npx playwright test` (Playwright's webServer).
 */
import fs from "node:fs";
import http from "node:http";
import { controlPort, defaultDir, defaultPort, isSinkMode, modes, startMailSink, type MailSink } from "./mail-sink";
import { startSite, type RunningSite } from "./server";

export interface TestServices {
  sink: MailSink;
  stop(): Promise<void>;
}

export async function startTestServices({ logFile = ".reports/npm-start.log" }: { logFile?: string } = {}): Promise<TestServices> {
  fs.mkdirSync(".reports", { recursive: true });
  fs.rmSync(defaultDir, { recursive: true, force: true });
  const sink = await startMailSink({ port: defaultPort, dir: defaultDir });
  // The end-to-end tests send far more requests from one address, and mail far more, than a person does: the
  // limits they test are the function's unit tests' (src/contact-request/functions/__tests__), at their real values.
  const startOurSite = ({ restart = false } = {}) =>
    startSite({
      logFile: restart ? logFile.replace(/(\.log)?$/, "-restart.log") : logFile,
      env: { SMTP_URL: sink.url, CONTACT_MAILS_PER_HOUR: "1000000", CONTACT_REQUESTS_PER_ADDRESS_PER_HOUR: "1000000" },
      // What survives a restart is the runtime's business, not the build's: it keeps the built site (docs/testing.md).
      args: restart ? ["--no-build"] : [],
    });
  let site: RunningSite;
  try {
    site = await startOurSite();
  } catch (error) {
    await sink.stop();
    throw error;
  }
  let status: { state: "serving" | "starting" | "failed"; reason?: string } = { state: "serving" };
  let starting: Promise<unknown> = Promise.resolve();

  const control = http.createServer(async (request, response) => {
    const [, area, action] = (request.url ?? "").split("/");
    try {
      if (request.method === "POST" && area === "mail-server" && isSinkMode(action)) {
        await sink.setMode(action);
      } else if (request.method === "POST" && area === "site" && action === "restart" && status.state === "serving") {
        await site.stop();
        status = { state: "starting" };
        starting = startOurSite({ restart: true }).then(
          (started) => ((site = started), (status = { state: "serving" })),
          (error: Error) => (status = { state: "failed", reason: error.message }),
        );
        response.writeHead(202).end();
        return;
      } else if (request.method === "GET" && area === "site" && !action) {
        const code = { serving: 200, starting: 503, failed: 500 }[status.state];
        response.writeHead(code).end(status.reason ?? status.state);
        return;
      } else {
        response.writeHead(404).end(`POST /mail-server/{${modes.join(",")}}, POST /site/restart or GET /site\n`);
        return;
      }
      response.writeHead(204).end();
    } catch (error) {
      response.writeHead(500).end(String((error as Error | undefined)?.message ?? error));
    }
  });
  await new Promise<void>((resolve) => control.listen(controlPort, "127.0.0.1", resolve));

  return {
    sink,
    async stop() {
      await new Promise((resolve) => control.close(resolve));
      // A site still starting is waited for, so no build or server outlives the tests.
      await starting;
      if (status.state === "serving") await site.stop();
      await sink.stop();
    },
  };
}

// Run as a command (jiti sets argv[1] to this file): Playwright's webServer.
if (process.argv[1] === __filename) {
  void startTestServices().then((services) => {
    console.log(`site on :8888, mail sink on :${defaultPort}, control on :${controlPort}`);
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => services.stop().then(() => process.exit(0)));
  });
}
