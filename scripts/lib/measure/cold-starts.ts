/**
 * What a fresh instance of each function costs before it answers
 * (docs/contact-requests.md, "Cold starts"): for `npm run bench`
 * (`--only=cold-starts`) and for the test that a refusal loads none of the
 * heavy packages (src/contact-request/functions/__tests__/cold-start.test.ts).
 *
 * Each function is bundled as Netlify bundles it, by zip-it-and-ship-it (the
 * library of Netlify's build and of `netlify serve`), into a folder. Each case
 * then runs in fresh Node processes: the time to import the function's module
 * (Netlify's own bootstrap aside, which every function loads alike), the time
 * from there to its answer, and the packages the process had loaded by then.
 * The functions run as under `npm start` (the local deploy context), against a
 * local Blobs server and an outbox folder.
 *
 *   npx jiti scripts/lib/measure/cold-starts.ts [RUNS]   every case, printed as one JSON line
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { zipFunctions } from "@netlify/zip-it-and-ship-it";
import { validRequest } from "../../../src/contact-request/shared/__tests__/contact-request-example";
import { openLocalRequests } from "../requests/request-stores";
import { publishingPath } from "../../../src/content-publish/shared/publish-answer";

/** The packages a cold start should not pay for unless its request needs them (docs/contact-requests.md, "Cold starts"). */
export const heavyPackages = ["web-push", "nodemailer", "sharp", "@netlify/blobs", "@fastify/busboy"];

/** A request to a function, as its first: what it is, and the answer it must get. */
interface ColdStartCase {
  function: "send-contact-email" | "request-page" | "deliver-contact-requests" | "content-publishing" | "publish-content";
  name: string;
  request: { url: string; method: string; headers: Record<string, string>; body?: string };
  /** The status the case must be answered with; undefined for the scheduled job, which answers nothing. */
  status?: number;
  /** Met by the store as a run of the same request left it, not an empty one: the job's first run ever has work (the month's report). */
  afterOneRun?: true;
}

const site = "http://localhost:8888";
const json = { "Content-Type": "application/json", Accept: "application/json" };

export const coldStartCases: readonly ColdStartCase[] = [
  {
    function: "send-contact-email",
    name: "a post from another site",
    request: { url: `${site}/api/send-contact-email`, method: "POST", headers: { ...json, Origin: "https://elders.example" }, body: JSON.stringify(validRequest) },
    status: 403,
  },
  {
    function: "send-contact-email",
    name: "a field to fix",
    request: { url: `${site}/api/send-contact-email`, method: "POST", headers: json, body: JSON.stringify({ ...validRequest, phone: "" }) },
    status: 400,
  },
  {
    function: "send-contact-email",
    name: "a request stored and mailed",
    request: { url: `${site}/api/send-contact-email`, method: "POST", headers: json, body: JSON.stringify(validRequest) },
    status: 200,
  },
  {
    function: "request-page",
    name: "a link that is not one",
    request: { url: `${site}/aanvraag/geen-aanvraag`, method: "GET", headers: {} },
    status: 404,
  },
  {
    function: "content-publishing",
    name: "a publish asked for by another site",
    request: { url: `${site}${publishingPath}`, method: "POST", headers: { ...json, "Sec-Fetch-Site": "cross-site" }, body: JSON.stringify({ action: "now" }) },
    status: 403,
  },
  {
    function: "publish-content",
    name: "a daily run without its build hook",
    request: { url: `${site}/.netlify/functions/publish-content`, method: "POST", headers: {} },
  },
  {
    function: "deliver-contact-requests",
    name: "a run with nothing to do",
    request: { url: `${site}/.netlify/functions/deliver-contact-requests`, method: "POST", headers: {} },
    afterOneRun: true,
  },
];

/** One process's figures for a case. */
interface ColdStartRun {
  status: number | null;
  importMs: number;
  answerMs: number;
  packages: string[];
}

/** A case's figures: medians of its timed runs, and the packages a run of its own loaded. */
export interface ColdStart {
  function: string;
  name: string;
  status: number | null;
  importMs: number;
  answerMs: number;
  runs: number;
  packages: string[];
  /** Of heavyPackages, those it loaded. */
  heavy: string[];
}

/**
 * The child: imports the function's module, answers the one request, and prints its figures. With "packages" it
 * also records the packages it loads: those Node's ES module loader resolves (a resolve hook in the loader's thread,
 * which slows every import, so such a run is not timed) and the CommonJS ones in its module cache.
 */
const childProgram = `
import { createRequire, register } from "node:module";
import { MessageChannel } from "node:worker_threads";
const [main, requestJson, mode] = process.argv.slice(1);
const packageOf = (url) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url)?.[1];
const resolved = new Set();
if (mode === "packages") {
  const { port1, port2 } = new MessageChannel();
  port1.on("message", (url) => resolved.add(packageOf(url)));
  port1.unref();
  const hooks = "let port; export function initialize(data) { port = data.port; } export async function resolve(specifier, context, next) { const result = await next(specifier, context); port.postMessage(result.url); return result; }";
  register("data:text/javascript," + encodeURIComponent(hooks), { data: { port: port2 }, transferList: [port2] });
}
// The request first, as Netlify's bootstrap makes it before it imports the function (and loads Node's fetch classes).
const { url, method, headers, body } = JSON.parse(requestJson);
const request = new Request(url, { method, headers, body });
const waiting = [];
const context = { ip: "203.0.113.7", deploy: { context: "dev", id: "cold-start" }, site: { url: "${site}", name: "dakdekker" }, waitUntil: (work) => waiting.push(work) };
const started = performance.now();
const module = await import(main);
const imported = performance.now();
const response = await module.default(request, context);
const answered = performance.now();
await Promise.allSettled(waiting);
// The loader's thread posts each URL as it resolves it: a moment for the last ones to arrive.
await new Promise((resolve) => setTimeout(resolve, 100));
const cached = Object.keys(createRequire(import.meta.url).cache).map(packageOf);
const packages = [...new Set([...resolved, ...cached])].filter(Boolean).sort();
process.stdout.write(JSON.stringify({ status: response instanceof Response ? response.status : null, importMs: imported - started, answerMs: answered - imported, packages }) + "\\n");
`;

/** Bundles every function into `folder`, as Netlify does: their modules' paths by name. */
async function bundleFunctions(folder: string): Promise<Map<string, string>> {
  const root = path.resolve(__dirname, "../../..");
  const bundled = await zipFunctions([path.join(root, "netlify", "functions")], folder, { archiveFormat: "none", basePath: root, repositoryRoot: root });
  return new Map(
    bundled.map((result) => {
      const main = path.join(result.path, "netlify", "functions", result.name, `${result.name}.mjs`);
      if (!fs.existsSync(main)) throw new Error(`zip-it-and-ship-it left no module at ${main}: its layout changed (docs/contact-requests.md, "Cold starts")`);
      return [result.name, main];
    }),
  );
}

function runOnce(main: string, request: ColdStartCase["request"], env: NodeJS.ProcessEnv, mode: "timed" | "packages"): Promise<ColdStartRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", childProgram, main, JSON.stringify(request), mode], { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      const line = out.trim().split("\n").pop() ?? "";
      if (code !== 0 || !line.startsWith("{")) reject(new Error(`a cold start of ${main} failed (exit ${code}):\n${err}${out}`));
      else resolve(JSON.parse(line) as ColdStartRun);
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Every case, `runs` timed fresh processes each and one that records the packages, one process at a time. */
export async function measureColdStarts(runs = 5): Promise<ColdStart[]> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "cold-starts-"));
  const local = await openLocalRequests(scratch);
  try {
    const mains = await bundleFunctions(path.join(scratch, "functions"));
    // The functions' own variables under npm start, and the Blobs context Netlify gives a function, here the local server's.
    // Without a build hook: the daily publish's case is the run that asks for nothing.
    const { CONTENT_PUBLISH_HOOK: _hook, ...inherited } = process.env;
    const env = { ...inherited, NETLIFY_LOCAL: "true", CONTACT_OUTBOX_DIR: path.join(scratch, "outbox"), NETLIFY_BLOBS_CONTEXT: local.blobsContext };
    const results: ColdStart[] = [];
    for (const coldStartCase of coldStartCases) {
      const main = mains.get(coldStartCase.function);
      if (!main) throw new Error(`no function ${coldStartCase.function} was bundled`);
      await local.clear();
      if (coldStartCase.afterOneRun) await runOnce(main, coldStartCase.request, env, "timed");
      const runCase = async (mode: "timed" | "packages") => {
        // Each run meets the store as the first did: a request stored by one run would make the next one's a repeat.
        if (!coldStartCase.afterOneRun) await local.clear();
        return runOnce(main, coldStartCase.request, env, mode);
      };
      const figures: ColdStartRun[] = [];
      for (let run = 0; run < runs; run += 1) figures.push(await runCase("timed"));
      const { packages, status } = await runCase("packages");
      const statuses = new Set([...figures.map((figure) => figure.status), status]);
      const expected = coldStartCase.status ?? null;
      if (statuses.size !== 1 || !statuses.has(expected)) {
        throw new Error(`${coldStartCase.function}, ${coldStartCase.name}: answered ${[...statuses].join(" and ")}, not ${expected}`);
      }
      results.push({
        function: coldStartCase.function,
        name: coldStartCase.name,
        status: expected,
        importMs: Math.round(median(figures.map((figure) => figure.importMs))),
        answerMs: Math.round(median(figures.map((figure) => figure.answerMs))),
        runs,
        packages,
        heavy: heavyPackages.filter((name) => packages.includes(name)),
      });
    }
    return results;
  } finally {
    await local.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

// Run as a script: jiti puts this file's own path first.
if (path.resolve(process.argv[1] ?? "") === __filename) {
  process.stdout.write(`${JSON.stringify(await measureColdStarts(Number(process.argv[2] ?? 5)))}\n`);
}
