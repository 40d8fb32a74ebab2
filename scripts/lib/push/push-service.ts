/**
 * A real push service on this machine for the tests and the bench:
 * web-push-testing (npm), run as its own process. It hands out subscriptions
 * as a browser's push service would, checks each message's VAPID signature
 * against the key the subscription was made with, decrypts it, and keeps it
 * for the test to read; an expired subscription answers 410, as a gone
 * device does. Chromium cannot subscribe offline (its push service is
 * Google's), so a test subscribes here and gives the page what a browser
 * would have sent.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createECDH, randomBytes } from "node:crypto";
import net from "node:net";
import { createRequire } from "node:module";
import path from "node:path";

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** web-push-testing's name for the subscription, to read its messages or expire it. */
  clientHash: string;
}

export interface PushService {
  origin: string;
  /** A subscription made with the site's VAPID public key, as PushManager.subscribe makes one. */
  subscribe(applicationServerKey: string): Promise<TestSubscription>;
  /** The messages the service received for a subscription, decrypted, oldest first. */
  messages(subscription: TestSubscription): Promise<string[]>;
  /** From now on the service answers 410 for the subscription, as for a device that unsubscribed. */
  expire(subscription: TestSubscription): Promise<void>;
  stop(): Promise<void>;
}

/** The port the end-to-end site's push service listens on (scripts/lib/serve/test-services.ts). */
export const testPushPort = 8090;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

export async function startPushService({ port }: { port?: number } = {}): Promise<PushService> {
  const listening = port ?? (await freePort());
  const serverScript = path.join(path.dirname(createRequire(__filename).resolve("web-push-testing/package.json")), "src/bin/server.js");
  const child: ChildProcess = spawn(process.execPath, [serverScript, String(listening)], { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  const origin = `http://localhost:${listening}`;

  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`web-push-testing exited with ${child.exitCode}: ${errors}`);
    const ready = await post(`${origin}/status`, {}).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() - started > 15_000) {
      child.kill();
      throw new Error(`web-push-testing did not answer on ${origin} within 15 s: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    origin,
    async subscribe(applicationServerKey) {
      const response = await post(`${origin}/subscribe`, { userVisibleOnly: "true", applicationServerKey });
      if (!response.ok) throw new Error(`web-push-testing refused the subscription: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { data: TestSubscription }).data;
    },
    async messages({ clientHash }) {
      const response = await post(`${origin}/get-notifications`, { clientHash });
      if (!response.ok) throw new Error(`web-push-testing has no messages for ${clientHash}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { data: { messages: string[] } }).data.messages;
    },
    async expire({ clientHash }) {
      const response = await post(`${origin}/expire-subscription/${clientHash}`, {});
      if (!response.ok) throw new Error(`web-push-testing could not expire ${clientHash}: ${response.status}`);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill();
      }),
  };
}

/** A device's keys as a browser makes them: a P-256 public key and a 16-byte auth secret, for a subscription no push service made. */
export function deviceKeys(): { p256dh: string; auth: string } {
  const curve = createECDH("prime256v1");
  return { p256dh: curve.generateKeys().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}
