/**
 * `npm run bench`: what every built page costs and how it scores, beside two
 * peers, the home page built as static HTML and as a client-rendered SPA
 * (../shared/peers/), measured in the same run: figures from different runs or
 * machines do not compare.
 * First the CPU slowdown Lighthouse emulates the phone with, calibrated on the
 * SPA peer (calibrateCpuSlowdown in lib/measure/lighthouse.ts), printed with its note;
 * routes and peers are measured with that one slowdown. Then a table with a
 * row per peer and per route: HTML bytes (gzip), script bytes as the browser
 * counts them on a cold load (every script response until the network is
 * idle, gzip: lib/measure/script-transfer.ts), image bytes above the fold on a 390 px
 * phone and fetched below it, Lighthouse mobile scores with FCP, LCP, TBT and
 * CLS (each the median of 3 runs: one run varies by several points on a shared
 * machine; accessibility, best practices and SEO from the first: medianScores), and two ratios: LCP to the static peer's, script to the SPA
 * peer's. Under it, per route, the goals it misses (lib/measure/goals.ts: LCP, FCP,
 * TBT, CLS, performance, script), or that all meet every goal; plus the cold
 * build time. Pages are served gzipped with their _headers.
 * Then the send-contact-email function under `npm start` (Netlify's runtime),
 * with its Blobs store and a local SMTP sink: first one visitor at a time,
 * p50 and p99 of a request without photos and of one with 5 photos as the
 * browser sends them; then, the sink dropping every third connection, 50 concurrent clients for 10 s, each from a
 * loopback address of its own as 50 visitors are (lib/requests/post-from.ts), requests per second, p50
 * and p99 latency; then the mailing job, and the requests answered 200,
 * stored, mailed at the first attempt or after a retry, lost and mailed twice
 * (both must be 0, or the bench fails). Each request has its own message, and
 * the site runs with the mail cap and the limit per address raised
 * (CONTACT_MAILS_PER_HOUR, CONTACT_REQUESTS_PER_ADDRESS_PER_HOUR): this
 * measures throughput and exactly-once delivery, not the flood guards; a
 * request counts as mailed in its own mail or in a digest.
 * Then the mailing job on a backlog (lib/measure/bench-delivery-job.ts, no build
 * needed): 300 requests posted to the form function while mail is down, in a
 * fresh local Blobs store, then runDeliveryJob one run after the other until
 * none is pending (10 runs at most), once with store calls as the local server
 * answers them and once with every call 50 ms later, as on Netlify; per run
 * the requests mailed singly and in its digest and its seconds. Each request
 * must arrive exactly once, or the bench fails. Then the job in a flood
 * (lib/measure/bench-job-flood.ts): 3,000 older requests waiting for an answer
 * and a new one at its halfway point, every store call 50 ms later, three runs
 * on real timers: the run in which the new request was reminded (it must be
 * the first), and those in which the suspect list, the monthly report and the
 * sweep of a 13-month-old request ran (within three runs, or the bench fails);
 * then an idle run's store calls and seconds.
 * Then the alerts (lib/measure/bench-alerts.ts, no build needed): Web Push to
 * two devices subscribed at the real push service on this machine
 * (web-push-testing), the form function and the job in this process against a
 * fresh local Blobs store with every call 50 ms later, as on Netlify, and an
 * SMTP sink. 100 requests posted one after another, each mailed at once: from
 * a post's start until its alert is on both devices, p50, p99 and max (the
 * goal: p99 within 3 s); then one job run with 300 mailed requests waiting past
 * their halfway mark, on real timers: its seconds, the requests it reminded of
 * and the reminder alerts each device received. The bench fails unless p99
 * meets the goal, every request's alert arrived, the run reminded of the 20 a reminder names,
 * each device got exactly one reminder alert and the run ended within
 * Netlify's 30 s for a scheduled function.
 * Then scaling: two cold builds in temporary copies of the project with
 * full-size images, the project as it is and the same with 1,000 generated
 * towns in the copy's content/towns/, each with its pages written and pages
 * per second.
 * Then the refusals (lib/measure/bench-refusals.ts, no build needed): what a
 * request that will be refused costs the function, a client over its limit,
 * invalid fields, 61,679 one-byte photo parts, and what the worst requests
 * it accepts cost, each five times, each time in a process of its own: answer, median time, highest peak RSS.
 * Then the cold starts (lib/measure/cold-starts.ts, no build needed): each
 * function bundled as Netlify bundles it, and its first request in 5 fresh
 * processes: the time to import its module and to answer, medians, and the
 * heavy packages loaded (a refusal needs none of them).
 * Then the cost (lib/measure/cost.ts, over the existing public/, no build): what
 * a visit, a request with photos, a view of its page and a run of the mailing
 * job cost Netlify's meters, measured at the server (requests, bytes sent, each
 * function call's time), and from them the credits of a normal and a storm
 * month on each plan, with and without content published in batches.
 * Writes the same as JSON to bench/results/, with the date, commit, machine
 * and command, and as Markdown to docs/bench.md (lib/measure/bench-summary.ts),
 * where a run of one part replaces that part only.
 *
 *   npm run bench                       cold build, then measure every part
 *   npm run bench -- --no-build         measure the existing public/ (npm start still builds for the function)
 *   npm run bench -- --only=pages       or --only=function, --only=job (the mailing job on a backlog and in a flood), --only=alerts, --only=scaling, --only=refusals, --only=cold-starts or --only=cost
 *   npm run bench -- --routes=/,/projecten   measure only these routes (the peers always), to try a change quickly
 *   npm run bench -- --public=DIR       measure the pages of another build's folder instead of public/, without building
 *   npm run bench -- --without-header=cross-origin-opener-policy   serve the routes without these headers, to
 *                                       measure what one costs (plugins/gatsby-plugin-first-paint/README.md, "Cross-Origin-Opener-Policy only on /admin"); not the figures
 *   npx jiti scripts/bench.ts --summary-from=bench/results/FILE.json   measure nothing: write docs/bench.md from a saved run
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { builtPages, htmlGzip } from "./lib/measure/page-weight";
import { buildProjectCopy } from "./lib/builds/project-copy";
import { ensureChromium, launchChromium } from "./lib/machine/chromium";
import { benchAlerts } from "./lib/measure/bench-alerts";
import { benchDeliveryJob } from "./lib/measure/bench-delivery-job";
import { benchCost } from "./lib/measure/cost";
import {
  coldBuildLine,
  costTable,
  loadLines,
  mailDownLine,
  pagesGoals,
  pagesTable,
  percentile,
  photoRequestsLine,
  scalingTable,
  writeSummary,
  type BenchResults,
  type FunctionResult,
  type MailDownBurst,
  type PageFigures,
  type PagesResult,
  type PhotoRequestTimes,
  type ScalingResult,
} from "./lib/measure/bench-summary";
import { goals, missedGoals } from "./lib/measure/goals";
import { calibrateCpuSlowdown, launchChrome, medianScores, peersDir } from "./lib/measure/lighthouse";
import { imagesInView, phone, scriptTransfer } from "./lib/measure/script-transfer";
import { openLocalRequests } from "./lib/requests/request-stores";
import { benchRefusals } from "./lib/measure/bench-refusals";
import { measureColdStarts } from "./lib/measure/cold-starts";
import { loopbackClients, postJsonFrom } from "./lib/requests/post-from";
import { browserDrawnPhoto, photoForm } from "./lib/requests/test-photos";
import { startMailSink, type MailSink, type SunkMail } from "./lib/serve/mail-sink";
import { startSite } from "./lib/serve/server";
import { startStaticServer } from "./lib/serve/static-server";

const option = (name: string) => process.argv.find((argument) => argument.startsWith(`--${name}=`))?.slice(`--${name}=`.length);
const only = option("only");
const routes = option("routes")?.split(",");
const otherPublicDir = option("public");
const withoutHeaders = option("without-header")?.toLowerCase().split(",") ?? [];

// Measures nothing: docs/bench.md from a saved run's JSON, through the same code as a run's.
const summaryFrom = option("summary-from");
if (summaryFrom !== undefined) {
  writeSummary(JSON.parse(fs.readFileSync(summaryFrom, "utf8")) as BenchResults);
  console.log(`docs/bench.md written from ${summaryFrom}`);
  process.exit(0);
}

const port = 9123;
const origin = `http://127.0.0.1:${port}`;
const publicDir = path.resolve(otherPublicDir ?? "public");

ensureChromium();

/**
 * On a phone before scrolling: bytes of the images it shows (their box is in
 * the first screen), and bytes of images it fetched but does not show yet.
 */
async function imageBytesBeforeScroll(browser: Browser, url: string) {
  const context = await browser.newContext({ ...phone, deviceScaleFactor: 1.75 });
  const page = await context.newPage();
  const sizes = new Map<string, number>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "image") return;
    try {
      sizes.set(response.url(), (await response.body()).length);
    } catch {
      /* a response without a body, such as a redirect */
    }
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const shown = await page.evaluate(imagesInView);
  await context.close();
  const shownUrls = new Set(shown);
  const bytesOf = (urls: Iterable<string>) => [...urls].reduce((sum, url) => sum + (sizes.get(url) ?? 0), 0);
  return { aboveFold: bytesOf(shownUrls), belowFold: bytesOf([...sizes.keys()].filter((url) => !shownUrls.has(url))) };
}

/** The peers, each served as a CDN would on a free port; the SPA answers every path with its index.html, as it needs. */
async function startPeers() {
  const peers: { folder: "static" | "spa"; name: string; fallback?: string }[] = [
    { folder: "static", name: "static peer" },
    { folder: "spa", name: "SPA peer", fallback: "index.html" },
  ];
  return Promise.all(
    peers.map(async ({ fallback, ...peer }) => {
      const file = path.join(peersDir, peer.folder, "index.html");
      if (!fs.existsSync(file)) throw new Error(`The ${peer.name} is missing: no ${file}`);
      const server = await startStaticServer(path.dirname(file), 0, { fallback });
      return { ...peer, file, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
    }),
  );
}

async function benchPages(): Promise<PagesResult> {
  let buildSeconds: number | null = null;
  if (!process.argv.includes("--no-build") && otherPublicDir === undefined) {
    console.log("Cold build: gatsby clean && gatsby build ...");
    spawnSync("npx", ["gatsby", "clean"], { stdio: "ignore" });
    const started = process.hrtime.bigint();
    const build = spawnSync("npx", ["gatsby", "build"], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CI: "true" } });
    if (build.status !== 0) throw new Error("gatsby build failed");
    buildSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  }

  const built = builtPages(publicDir);
  const unknown = (routes ?? []).filter((route) => !built.some((page) => page.route === route));
  if (unknown.length > 0) throw new Error(`--routes names pages ${publicDir} does not have: ${unknown.join(", ")}`);
  const pages = routes ? built.filter((page) => routes.includes(page.route)) : built;

  const server = await startStaticServer(publicDir, port, { withoutHeaders });
  if (withoutHeaders.length > 0) console.log(`The routes are served without ${withoutHeaders.join(", ")}: these are not the site's figures`);
  const peerServers = await startPeers();
  const browser = await launchChromium();
  const chrome = await launchChrome();
  const peers: Partial<Record<"static" | "spa", PageFigures>> = {};
  const results: PageFigures[] = [];
  let cpuSlowdown: { multiplier: number; note: string };
  try {
    cpuSlowdown = await calibrateCpuSlowdown(chrome);
    console.log(`CPU slowdown ${cpuSlowdown.multiplier}x (${cpuSlowdown.note}), for the routes and the peers alike`);
    const measure = async (file: string, url: string) => {
      const images = await imageBytesBeforeScroll(browser, url);
      const script = await scriptTransfer(browser, url);
      const measured = {
        htmlGzipBytes: htmlGzip(file),
        scriptTransferBytes: script.bytes,
        scripts: script.scripts.map((entry) => ({ path: new URL(entry.url).pathname, bytes: entry.bytes })),
        aboveFoldImageBytes: images.aboveFold,
        belowFoldImageBytesBeforeScroll: images.belowFold,
        lighthouse: await medianScores(chrome, url, 3, cpuSlowdown.multiplier),
        lcpToStaticPeer: 0,
        scriptToSpaPeer: 0,
      };
      process.stdout.write(".");
      return measured;
    };
    for (const peer of peerServers) peers[peer.folder] = { name: peer.name, ...(await measure(peer.file, peer.url)) };
    for (const page of pages) results.push({ route: page.route, ...(await measure(page.file, origin + page.route)) });
  } finally {
    await browser.close();
    await chrome.kill();
    server.close();
    for (const peer of peerServers) peer.server.close();
  }

  const measured = { static: peers.static as PageFigures, spa: peers.spa as PageFigures };
  for (const row of [measured.static, measured.spa, ...results]) {
    row.lcpToStaticPeer = Number((row.lighthouse.lcpMs / measured.static.lighthouse.lcpMs).toFixed(2));
    row.scriptToSpaPeer = Number((row.scriptTransferBytes / measured.spa.scriptTransferBytes).toFixed(2));
  }
  for (const row of results) row.missedGoals = missedGoals({ ...row.lighthouse, scriptTransferBytes: row.scriptTransferBytes });

  console.log("\n");
  for (const line of pagesTable({ peers: measured, pages: results })) console.log(line);
  const goalLines = pagesGoals({ goals, pages: results });
  console.log(`\n${goalLines.heading}`);
  for (const line of goalLines.lines) console.log(line);
  if (buildSeconds !== null) console.log(`\n${coldBuildLine(buildSeconds)}`);
  return { buildSeconds, cpuSlowdown, withoutHeaders, goals, peers: measured, pages: results };
}

/**
 * One visitor at a time, the mail server up: the function's time for a
 * request without photos (JSON) beside one with 5 photos as the browser sends
 * them (multipart, each a camera's photo drawn again by photo-plan.ts's steps,
 * as PhotoField does), which the function checks, draws again, stores and
 * attaches to the mail. Each kind `count` times after one warm-up.
 */
async function photoRequestTimes(fields: (id: string) => Record<string, string>, { count = 30 } = {}): Promise<PhotoRequestTimes> {
  const drawn = await browserDrawnPhoto();
  const send = async (id: string, photos: number) => {
    const body =
      photos === 0
        ? JSON.stringify(fields(id))
        : photoForm(
            fields(id),
            Array.from({ length: photos }, (_, n) => ({ name: `foto-${n + 1}.jpg`, bytes: drawn, type: "image/jpeg" })),
          );
    const started = performance.now();
    const response = await fetch("http://localhost:8888/api/send-contact-email", {
      method: "POST",
      headers: photos === 0 ? { "content-type": "application/json" } : { accept: "application/json" },
      body,
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`a request with ${photos} photos was answered ${response.status}`);
    return performance.now() - started;
  };
  const timesOf = async (photos: number) => {
    await send(`warm-${photos}`, photos);
    const times: number[] = [];
    for (let n = 0; n < count; n += 1) times.push(await send(`${photos}-${n}`, photos));
    return { p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99) };
  };
  const withoutPhotos = await timesOf(0);
  const withFivePhotos = await timesOf(5);
  const result = { photoBytes: drawn.length, count, withoutPhotos, withFivePhotos };
  console.log(photoRequestsLine(result));
  return result;
}

/**
 * The function as visitors meet it: through `npm start`, with a real SMTP round
 * trip per request and the local Blobs store in the path. The mail server drops
 * every third connection during the load, so some first attempts fail; then it
 * comes back and the mailing job runs until nothing of this run is pending.
 */
async function benchFunction({ connections = 50, seconds = 10 } = {}): Promise<FunctionResult> {
  const sink = await startMailSink();
  fs.mkdirSync(".reports", { recursive: true });
  console.log("\nsend-contact-email: starting npm start (it builds first), log in .reports/bench-npm-start.log ...");
  // The mail cap and the limit per address raised (test-site knobs, README, "Environment variables"): this measures throughput and
  // exactly-once delivery, not the flood guards (the mailing-job part measures the digest).
  const site = await startSite({
    logFile: ".reports/bench-npm-start.log",
    env: { SMTP_URL: sink.url, CONTACT_MAILS_PER_HOUR: "1000000", CONTACT_REQUESTS_PER_ADDRESS_PER_HOUR: "1000000" },
  });
  try {
    // Each request carries its own number in the name (and so in its mail, single or digest): a 200 without its mail is a lost request.
    const tag = `${Date.now()}`;
    const nameOf = (id: number | string) => `Bench ${id} ${tag}`;
    const fieldsOf = (id: number | string, { name = nameOf(id), message = `Belastingtest van het formulier, aanvraag ${id} (${tag}).` } = {}) => ({
      name,
      email: "bench@example.nl",
      phone: "020 123 45 67",
      address: "Werfkade 1",
      postalCode: "1013 AB",
      city: "Amsterdam",
      service: "Daklekkage",
      // Its own message, this run's tag included: the same e-mail address with the same message within 10 minutes is one
      // request, and the local store keeps the last run's marks.
      message,
    });
    // Named apart ("Bench foto's …"), so neither idOf nor idsIn below counts them among the load's requests.
    const photoRequests = await photoRequestTimes((id) =>
      fieldsOf(id, { name: `Bench foto's ${id} ${tag}`, message: `Belastingtest van het formulier met foto's, aanvraag ${id} (${tag}).` }),
    );
    const idOf = (name: string) => Number(new RegExp(`Bench (\\d+) ${tag}$`).exec(name)?.[1] ?? NaN);
    // The requests a mail names: a single mail its own (subject and text), a digest each of its lines "— N. Offerteaanvraag: … van {name}"; each once per mail.
    const idsIn = (mail: SunkMail) => new Set([...`${mail.subject}\n${mail.text}`.matchAll(new RegExp(`Bench (\\d+) ${tag}(?!\\d)`, "g"))].map((match) => Number(match[1])));
    let next = 0;
    const answered = new Set<number>();
    await sink.setMode("flaky");
    // Each client sends one request after the other until the time is up, and every request is waited for.
    const latencies: number[] = [];
    const otherStatuses: Record<string, number> = {};
    let errors = 0;
    const started = Date.now();
    const until = started + seconds * 1000;
    // Each client from an address of its own, as on Netlify, whose rate limit (10 a minute per IP) never lets 50 at once
    // from one address reach the function; from one address their counts' writes would collide into 429s.
    await Promise.all(
      loopbackClients(connections).map(async (address) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        while (Date.now() < until) {
          const id = ++next;
          const sent = performance.now();
          try {
            const status = await postJsonFrom("http://127.0.0.1:8888/api/send-contact-email", address, agent, fieldsOf(id));
            latencies.push(performance.now() - sent);
            if (status === 200) answered.add(id);
            else otherStatuses[status] = (otherStatuses[status] ?? 0) + 1;
          } catch {
            errors += 1;
          }
        }
        agent.destroy();
      }),
    );
    const elapsedSeconds = (Date.now() - started) / 1000;
    // Every request has its answer; the sink may still be parsing the last mails.
    for (let count = -1; count !== sink.mails.length; ) {
      count = sink.mails.length;
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
    const mailedAtOnce = new Set(sink.mails.flatMap((mail) => [...idsIn(mail)]));
    await sink.setMode("up");

    const { requests, close } = await openLocalRequests();
    type Stored = NonNullable<Awaited<ReturnType<typeof requests.read>>>;
    let ours: Stored[] = [];
    try {
      const readOurs = async () => {
        const records = await Promise.all((await requests.keys()).map((key) => requests.read(key)));
        return records.filter((record): record is Stored => !!record && !Number.isNaN(idOf(record.request.name)));
      };
      for (let runs = 0; runs < 5; runs += 1) {
        ours = await readOurs();
        if (!ours.some((record) => record.delivery.state === "pending")) break;
        const job = await fetch("http://localhost:8888/.netlify/functions/deliver-contact-requests", { method: "POST" });
        if (!job.ok) throw new Error(`the mailing job answered ${job.status}`);
      }
      ours = await readOurs();
    } finally {
      await close();
    }
    const mailsPerId = new Map<number, number>();
    for (const mail of sink.mails) for (const id of idsIn(mail)) mailsPerId.set(id, (mailsPerId.get(id) ?? 0) + 1);
    const lost = [...answered].filter((id) => !mailsPerId.has(id));
    const summary = {
      connections,
      seconds,
      requestsPerSecond: Number((latencies.length / elapsedSeconds).toFixed(1)),
      latencyP50Ms: percentile(latencies, 0.5),
      latencyP99Ms: percentile(latencies, 0.99),
      ok200: answered.size,
      stored: ours.length,
      mailedAtFirstAttempt: [...answered].filter((id) => mailedAtOnce.has(id)).length,
      mailedAfterRetry: [...answered].filter((id) => mailsPerId.has(id) && !mailedAtOnce.has(id)).length,
      lost: lost.length,
      mailedTwice: [...mailsPerId.values()].filter((count) => count > 1).length,
      stillPending: ours.filter((record) => record.delivery.state === "pending").length,
      otherStatuses,
      errors,
    };
    console.log(loadLines(summary).join("\n"));
    if (summary.lost > 0 || summary.mailedTwice > 0) process.exitCode = 1;
    await site.stop();
    const mailDown = await mailDownBurst(sink, (id) => fieldsOf(id, { name: `Bench storing ${id} ${tag}`, message: `Belastingtest terwijl de mail plat ligt, aanvraag ${id} (${tag}).` }));
    return { ...summary, photoRequests, mailDown };
  } finally {
    void site.stop();
    await sink.stop();
  }
}

/**
 * A burst while the mail server is down (issue 57), against `npm start` as a newcomer runs it (the limits as in
 * production; the build of the load before): `clients` visitors at once, each from an address of its own, each
 * posting `perClient` requests one after the other. `netlify serve` starts a fresh worker for every call, so each
 * request pays a cold start (docs/contact-requests.md, "Cold starts"); every one must be answered 200 and stored, or
 * the bench fails.
 */
async function mailDownBurst(sink: MailSink, fieldsOf: (id: number) => Record<string, string>, { clients = 50, perClient = 6 } = {}): Promise<MailDownBurst> {
  const site = await startSite({ logFile: ".reports/bench-npm-start-mail-down.log", env: { SMTP_URL: sink.url }, args: ["--no-build"] });
  await sink.setMode("down");
  const statuses: Record<string, number> = {};
  const names: string[] = [];
  let errors = 0;
  let next = 0;
  const started = Date.now();
  let seconds = 0;
  try {
    await Promise.all(
      loopbackClients(clients).map(async (address) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        for (let sent = 0; sent < perClient; sent += 1) {
          const fields = fieldsOf((next += 1));
          try {
            const status = await postJsonFrom("http://127.0.0.1:8888/api/send-contact-email", address, agent, fields);
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (status === 200) names.push(fields.name);
          } catch {
            errors += 1;
          }
        }
        agent.destroy();
      }),
    );
    seconds = Number(((Date.now() - started) / 1000).toFixed(1));
  } finally {
    await sink.setMode("up");
    await site.stop();
  }
  const { requests, close } = await openLocalRequests();
  let stored = 0;
  try {
    const wanted = new Set(names);
    const records = await Promise.all((await requests.keys()).map((key) => requests.read(key)));
    stored = records.filter((record) => record && wanted.has(record.request.name)).length;
  } finally {
    await close();
  }
  const result = { requests: clients * perClient, clients, seconds, statuses, errors, stored };
  console.log(mailDownLine(result));
  if (stored !== result.requests || statuses[200] !== result.requests) process.exitCode = 1;
  return result;
}

/**
 * How build time grows with content: the project as it is against the same
 * with `extraTowns` more town pages, each a cold build of a temporary copy
 * with the real, full-size images, so both do the work a real build does.
 */
async function benchScaling({ extraTowns = 1000 } = {}): Promise<ScalingResult> {
  const addTowns = (dir: string) => {
    const townsDir = path.join(dir, "content", "towns");
    const readTown = (file: string) => JSON.parse(fs.readFileSync(path.join(townsDir, file), "utf8")) as { name: string; order: number };
    const modelTown = readTown("amstelveen.json");
    const lastOrder = Math.max(...fs.readdirSync(townsDir).map((file) => readTown(file).order));
    for (let number = 1; number <= extraTowns; number++) {
      const name = `Testplaats ${String(number).padStart(4, "0")}`;
      // The model's own name replaced throughout, so titles, hero and texts are the new town's (and unique, as the schema's unique fields require).
      const town = JSON.parse(JSON.stringify(modelTown).replaceAll(modelTown.name, name)) as Record<string, unknown>;
      const slug = name.toLowerCase().replace(" ", "-");
      fs.writeFileSync(path.join(townsDir, `${slug}.json`), JSON.stringify({ ...town, slug, name, order: lastOrder + number }, null, 2));
    }
  };
  const builds: { build: string; prepare?: (dir: string) => void }[] = [
    { build: "project as it is" },
    { build: `plus ${extraTowns.toLocaleString("en")} towns`, prepare: addTowns },
  ];

  const rows: ScalingResult["builds"] = [];
  for (const { build, prepare } of builds) {
    console.log(`\nScaling: cold build of a copy, ${build} ...`);
    let pages = 0;
    const result = await buildProjectCopy({
      root: path.resolve("."),
      prefix: "bench-scaling-",
      prepare,
      inspect: (dir, built) => {
        if (built.status === 0) pages = builtPages(path.join(dir, "public")).length;
      },
      timeoutMs: 40 * 60_000,
    });
    if (result.status !== 0) {
      console.error(result.output.split("\n").slice(-60).join("\n"));
      throw new Error(`gatsby build of the copy (${build}) ${result.timedOut ? "took more than 40 minutes" : "failed"}: the end of its output is above`);
    }
    rows.push({ build, pages, seconds: Number(result.seconds.toFixed(1)), pagesPerSecond: Number((pages / result.seconds).toFixed(2)) });
  }

  const result = { extraTowns, builds: rows };
  console.log(`\n${scalingTable(result).join("\n")}`);
  return result;
}

/**
 * The mailing job draining a backlog of 300 requests in a local Blobs store,
 * as the store answers and with every store call 50 ms later: its runs, and
 * whether each request arrived exactly once (lib/measure/bench-delivery-job.ts);
 * then the job in a flood (lib/measure/bench-job-flood.ts).
 */
const benchJob = () => benchDeliveryJob();

/** The commit measured, "+ changes" when the working tree differs from it; undefined outside a repository. */
function commitMeasured(): string | undefined {
  const git = (args: string[]) => spawnSync("git", args, { encoding: "utf8" });
  const head = git(["rev-parse", "--short", "HEAD"]);
  if (head.status !== 0) return undefined;
  return `${head.stdout.trim()}${git(["status", "--porcelain", "--untracked-files=no"]).stdout.trim() ? " + changes" : ""}`;
}

const cpus = os.cpus();
const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GB, ${os.type()} ${os.release()}`;
const command = ["npm run bench", ...(process.argv.length > 2 ? ["--", ...process.argv.slice(2)] : [])].join(" ");

const runs = (part: string) => only === undefined || only === part;
const pagesResult = runs("pages") ? await benchPages() : null;
const functionResult = runs("function") ? await benchFunction() : null;
const deliveryJobResult = runs("job") ? await benchJob() : null;
const alertsResult = runs("alerts") ? await benchAlerts() : null;
const scalingResult = runs("scaling") ? await benchScaling() : null;
const refusalsResult = runs("refusals") ? benchRefusals() : null;
const coldStartsResult = runs("cold-starts") ? await measureColdStarts() : null;
const costResult = runs("cost") ? await benchCost(publicDir) : null;
if (costResult) console.log(`\n${costTable(costResult).join("\n")}\n`);

fs.mkdirSync("bench/results", { recursive: true });
const file = `bench/results/${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
const results: BenchResults = {
  date: new Date().toISOString(),
  node: process.version,
  commit: commitMeasured(),
  machine,
  command,
  ...pagesResult,
  contactFunction: functionResult,
  deliveryJob: deliveryJobResult,
  alerts: alertsResult,
  scaling: scalingResult,
  refusals: refusalsResult,
  coldStarts: coldStartsResult,
  cost: costResult,
};
fs.writeFileSync(file, JSON.stringify(results, null, 2));
writeSummary(results);
console.log(`Written to ${file} and docs/bench.md`);
