/**
 * `npm run bench`: what every built page costs and how it scores, beside two
 * peers, the home page built as static HTML and as a client-rendered SPA
 * (../shared/peers/), measured in the same run: figures from different runs or
 * machines do not compare.
 * First the CPU slowdown Lighthouse emulates the phone with, calibrated on the
 * SPA peer (calibrateCpuSlowdown in lib/lighthouse.mjs), printed with its note;
 * routes and peers are measured with that one slowdown. Then a table with a
 * row per peer and per route: HTML bytes (gzip), script bytes as the browser
 * counts them on a cold load (every script response until the network is
 * idle, gzip: lib/script-transfer.mjs), image bytes above the fold on a 390 px
 * phone and fetched below it, Lighthouse mobile scores with FCP, LCP, TBT and
 * CLS (each the median of 3 runs: one run varies by several points on a shared
 * machine), and two ratios: LCP to the static peer's, script to the SPA
 * peer's. Under it, per route, the goals it misses (lib/goals.mjs: LCP, FCP,
 * TBT, CLS, performance, script), or that all meet every goal; plus the cold
 * build time. Pages are served gzipped with their _headers.
 * Then the send-contact-email function under `npm start` (Netlify's runtime),
 * with its Blobs store and a local SMTP sink: first one visitor at a time,
 * p50 and p99 of a request without photos and of one with 5 photos as the
 * browser sends them; then, the sink dropping every third connection, 50 concurrent clients for 10 s, each from a
 * loopback address of its own as 50 visitors are (lib/post-from.ts), requests per second, p50
 * and p99 latency; then the mailing job, and the requests answered 200,
 * stored, mailed at the first attempt or after a retry, lost and mailed twice
 * (both must be 0, or the bench fails). Each request has its own message, and
 * the site runs with the mail cap and the limit per address raised
 * (CONTACT_MAILS_PER_HOUR, CONTACT_REQUESTS_PER_ADDRESS_PER_HOUR): this
 * measures throughput and exactly-once delivery, not the flood guards; a
 * request counts as mailed in its own mail or in a digest.
 * Then the mailing job on a backlog (lib/bench-delivery-job.ts, no build
 * needed): 300 requests posted to the form function while mail is down, in a
 * fresh local Blobs store, then runDeliveryJob one run after the other until
 * none is pending (10 runs at most), once with store calls as the local server
 * answers them and once with every call 50 ms later, as on Netlify; per run
 * the requests mailed singly and in its digest and its seconds. Each request
 * must arrive exactly once, or the bench fails.
 * Then scaling: two cold builds in temporary copies of the project with
 * full-size images, the project as it is and the same with 1,000 generated
 * towns in the copy's content/towns/, each with its pages written and pages
 * per second.
 * Writes the same as JSON to bench/results/.
 *
 *   npm run bench                       cold build, then measure pages, the function and scaling
 *   npm run bench -- --no-build         measure the existing public/ (npm start still builds for the function)
 *   npm run bench -- --only=pages       or --only=function, --only=job (the mailing job on a backlog), or --only=scaling
 *   npm run bench -- --routes=/,/projecten   measure only these routes (the peers always), to try a change quickly
 *   npm run bench -- --public=DIR       measure the pages of another build's folder instead of public/, without building
 *   npm run bench -- --without-header=cross-origin-opener-policy   serve the routes without these headers, to
 *                                       measure what one costs (plugins/gatsby-plugin-first-paint/README.md, "Cross-Origin-Opener-Policy only on /admin"); not the figures
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { chromium } from "@playwright/test";
import { createJiti } from "jiti";
import { chromiumPath, ensureChromium } from "./lib/chromium.mjs";
import { goals, missedGoals } from "./lib/goals.mjs";
import { calibrateCpuSlowdown, launchChrome, medianScores, peersDir } from "./lib/lighthouse.mjs";
import { builtPages, htmlGzip } from "./lib/page-weight.mjs";
import mailSinkModule from "./lib/mail-sink.cjs";
import { buildProjectCopy } from "./lib/project-copy.mjs";
import { imagesInView, phone, scriptTransfer } from "./lib/script-transfer.mjs";
import { startSite } from "./lib/server.mjs";
import { startStaticServer } from "./lib/static-server.mjs";

const { startMailSink } = mailSinkModule;
const option = (name) => process.argv.find((argument) => argument.startsWith(`--${name}=`))?.slice(`--${name}=`.length);
const only = option("only");
const routes = option("routes")?.split(",");
const otherPublicDir = option("public");
const withoutHeaders = option("without-header")?.toLowerCase().split(",") ?? [];

const port = 9123;
const origin = `http://127.0.0.1:${port}`;
const publicDir = path.resolve(otherPublicDir ?? "public");

ensureChromium();

/** The time below which `share` (0–1) of the measured times lie, rounded to ms; 0 without any. */
const percentile = (times, share) => Math.round([...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * share))] ?? 0);

/**
 * On a phone before scrolling: bytes of the images it shows (their box is in
 * the first screen), and bytes of images it fetched but does not show yet.
 */
async function imageBytesBeforeScroll(browser, url) {
  const context = await browser.newContext({ ...phone, deviceScaleFactor: 1.75 });
  const page = await context.newPage();
  const sizes = new Map();
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
  const bytesOf = (urls) => [...urls].reduce((sum, url) => sum + (sizes.get(url) ?? 0), 0);
  return { aboveFold: bytesOf(shownUrls), belowFold: bytesOf([...sizes.keys()].filter((url) => !shownUrls.has(url))) };
}

/** The peers, each served as a CDN would on a free port; the SPA answers every path with its index.html, as it needs. */
async function startPeers() {
  const peers = [
    { folder: "static", name: "static peer" },
    { folder: "spa", name: "SPA peer", fallback: "index.html" },
  ];
  return Promise.all(
    peers.map(async ({ fallback, ...peer }) => {
      const file = path.join(peersDir, peer.folder, "index.html");
      if (!fs.existsSync(file)) throw new Error(`The ${peer.name} is missing: no ${file}`);
      const server = await startStaticServer(path.dirname(file), 0, { fallback });
      return { ...peer, file, server, url: `http://127.0.0.1:${server.address().port}/` };
    }),
  );
}

async function benchPages() {
  let buildSeconds = null;
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
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu"] });
  const chrome = await launchChrome();
  const peers = {};
  const results = [];
  let cpuSlowdown;
  try {
    cpuSlowdown = await calibrateCpuSlowdown(chrome);
    console.log(`CPU slowdown ${cpuSlowdown.multiplier}x (${cpuSlowdown.note}), for the routes and the peers alike`);
    const measure = async (file, url) => {
      const images = await imageBytesBeforeScroll(browser, url);
      const script = await scriptTransfer(browser, url);
      const measured = {
        htmlGzipBytes: htmlGzip(file),
        scriptTransferBytes: script.bytes,
        scripts: script.scripts.map((entry) => ({ path: new URL(entry.url).pathname, bytes: entry.bytes })),
        aboveFoldImageBytes: images.aboveFold,
        belowFoldImageBytesBeforeScroll: images.belowFold,
        lighthouse: await medianScores(chrome, url, 3, cpuSlowdown.multiplier),
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

  const rows = [peers.static, peers.spa, ...results];
  for (const row of rows) {
    row.lcpToStaticPeer = Number((row.lighthouse.lcpMs / peers.static.lighthouse.lcpMs).toFixed(2));
    row.scriptToSpaPeer = Number((row.scriptTransferBytes / peers.spa.scriptTransferBytes).toFixed(2));
  }
  for (const row of results) row.missedGoals = missedGoals({ ...row.lighthouse, scriptTransferBytes: row.scriptTransferBytes });

  const kb = (bytes) => (bytes / 1024).toFixed(1);
  console.log("\n");
  console.log(
    "| page | HTML gzip KB | script KiB | images above fold KB | images below fold before scroll KB | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | LCP / static peer | script / SPA peer |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    const l = r.lighthouse;
    console.log(
      `| ${r.route ?? `(${r.name})`} | ${kb(r.htmlGzipBytes)} | ${kb(r.scriptTransferBytes)} | ${kb(r.aboveFoldImageBytes)} | ${kb(r.belowFoldImageBytesBeforeScroll)} | ${l.performance} | ${l.accessibility} | ${l.bestPractices} | ${l.seo} | ${l.fcpMs} | ${l.lcpMs} | ${l.tbtMs} | ${l.cls} | ${r.lcpToStaticPeer.toFixed(2)} | ${r.scriptToSpaPeer.toFixed(2)} |`,
    );
  }
  const missing = results.filter((r) => r.missedGoals.length > 0);
  console.log(`\nGoals ${JSON.stringify(goals)}:`);
  if (missing.length === 0) console.log(`all ${results.length} routes meet every goal`);
  for (const r of missing) console.log(`${r.route}: ${r.missedGoals.join(", ")}`);
  if (buildSeconds !== null) console.log(`\nCold build (gatsby clean && gatsby build): ${buildSeconds.toFixed(1)} s`);
  return { buildSeconds, cpuSlowdown, withoutHeaders, goals, peers, pages: results };
}

/**
 * One visitor at a time, the mail server up: the function's time for a
 * request without photos (JSON) beside one with 5 photos as the browser sends
 * them (multipart, each a camera's photo drawn again by photo-plan.ts's steps,
 * as PhotoField does), which the function checks, draws again, stores and
 * attaches to the mail. Each kind `count` times after one warm-up.
 */
async function photoRequestTimes(jiti, fields, { count = 30 } = {}) {
  const { default: sharp } = await import("sharp");
  const { cameraJpeg, photoForm } = await jiti.import("./lib/test-photos.ts");
  const { photoLimits } = await jiti.import("../src/contact-request/shared/contact-photos.ts");
  const { drawSteps } = await jiti.import("../src/contact-request/browser/photo-plan.ts");
  // A real camera's grain (test-photos.ts): about 5 MB at 12 megapixels, so the browser's steps matter.
  const camera = await cameraJpeg({ grain: 24 });
  const upright = await sharp(camera).rotate().toBuffer({ resolveWithObject: true });
  let drawn;
  for (const step of drawSteps({ width: upright.info.width, height: upright.info.height })) {
    drawn = await sharp(upright.data).resize(step.width, step.height).jpeg({ quality: Math.round(step.quality * 100) }).toBuffer();
    if (drawn.length <= photoLimits.drawnPhotoBytes) break;
  }
  const send = async (id, photos) => {
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
  const result = { photoBytes: drawn.length, count };
  for (const photos of [0, 5]) {
    await send(`warm-${photos}`, photos);
    const times = [];
    for (let n = 0; n < count; n += 1) times.push(await send(`${photos}-${n}`, photos));
    result[photos === 0 ? "withoutPhotos" : "withFivePhotos"] = { p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99) };
  }
  console.log(
    `send-contact-email, one visitor at a time, ${count} requests each: without photos p50 ${result.withoutPhotos.p50Ms} ms, p99 ${result.withoutPhotos.p99Ms} ms; ` +
      `with 5 photos of ${Math.round(result.photoBytes / 1024)} KB (drawn as the browser does) p50 ${result.withFivePhotos.p50Ms} ms, p99 ${result.withFivePhotos.p99Ms} ms`,
  );
  return result;
}

/**
 * The function as visitors meet it: through `npm start`, with a real SMTP round
 * trip per request and the local Blobs store in the path. The mail server drops
 * every third connection during the load, so some first attempts fail; then it
 * comes back and the mailing job runs until nothing of this run is pending.
 */
async function benchFunction({ connections = 50, seconds = 10 } = {}) {
  const sink = await startMailSink();
  fs.mkdirSync(".reports", { recursive: true });
  console.log("\nsend-contact-email: starting npm start (it builds first), log in .reports/bench-npm-start.log ...");
  // The mail cap and the limit per address raised (test-site knobs, README, "Environment variables"): this measures throughput and
  // exactly-once delivery, not the flood guards (the mailing-job part measures the digest).
  const site = await startSite({
    logFile: ".reports/bench-npm-start.log",
    env: { SMTP_URL: sink.url, CONTACT_MAILS_PER_HOUR: "1000000", CONTACT_REQUESTS_PER_ADDRESS_PER_HOUR: "1000000" },
  });
  const jiti = createJiti(import.meta.url);
  const { openLocalRequests } = await jiti.import("./lib/request-stores.ts");
  const { loopbackClients, postJsonFrom } = await jiti.import("./lib/post-from.ts");
  try {
    // Each request carries its own number in the name (and so in its mail, single or digest): a 200 without its mail is a lost request.
    const tag = `${Date.now()}`;
    const nameOf = (id) => `Bench ${id} ${tag}`;
    const fieldsOf = (id, { name = nameOf(id), message = `Belastingtest van het formulier, aanvraag ${id} (${tag}).` } = {}) => ({
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
    const photoRequests = await photoRequestTimes(jiti, (id) =>
      fieldsOf(id, { name: `Bench foto's ${id} ${tag}`, message: `Belastingtest van het formulier met foto's, aanvraag ${id} (${tag}).` }),
    );
    const idOf = (name) => Number(new RegExp(`Bench (\\d+) ${tag}$`).exec(name)?.[1] ?? NaN);
    // The requests a mail names: a single mail its own (subject and text), a digest each of its lines "— N. Offerteaanvraag: … van {name}"; each once per mail.
    const idsIn = (mail) => new Set([...`${mail.subject}\n${mail.text}`.matchAll(new RegExp(`Bench (\\d+) ${tag}(?!\\d)`, "g"))].map((match) => Number(match[1])));
    let next = 0;
    const answered = new Set();
    await sink.setMode("flaky");
    // Each client sends one request after the other until the time is up, and every request is waited for.
    const latencies = [];
    const otherStatuses = {};
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
    let ours = [];
    try {
      const readOurs = async () => {
        const records = await Promise.all((await requests.keys()).map((key) => requests.read(key)));
        return records.filter((record) => record && !Number.isNaN(idOf(record.request.name)));
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
    const mailsPerId = new Map();
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
    console.log(
      `send-contact-email, ${connections} clients for ${seconds} s, every third SMTP connection dropped: ${summary.requestsPerSecond} requests/s, p50 ${summary.latencyP50Ms} ms, p99 ${summary.latencyP99Ms} ms\n` +
        `  ${summary.ok200} answered 200, ${summary.stored} stored, ${summary.mailedAtFirstAttempt} mailed at the first attempt, ${summary.mailedAfterRetry} after a retry\n` +
        `  lost ${summary.lost}, mailed twice ${summary.mailedTwice}, still pending ${summary.stillPending}; ` +
        `other answers ${JSON.stringify(summary.otherStatuses)}, connection errors ${summary.errors}`,
    );
    if (summary.lost > 0 || summary.mailedTwice > 0) process.exitCode = 1;
    return { ...summary, photoRequests };
  } finally {
    site.stop();
    await sink.stop();
  }
}

/**
 * How build time grows with content: the project as it is against the same
 * with `extraTowns` more town pages, each a cold build of a temporary copy
 * with the real, full-size images, so both do the work a real build does.
 */
async function benchScaling({ extraTowns = 1000 } = {}) {
  const addTowns = (dir) => {
    const townsDir = path.join(dir, "content", "towns");
    const modelTown = JSON.parse(fs.readFileSync(path.join(townsDir, "amstelveen.json"), "utf8"));
    const lastOrder = Math.max(...fs.readdirSync(townsDir).map((file) => JSON.parse(fs.readFileSync(path.join(townsDir, file), "utf8")).order));
    for (let number = 1; number <= extraTowns; number++) {
      const name = `Testplaats ${String(number).padStart(4, "0")}`;
      // The model's own name replaced throughout, so titles, hero and texts are the new town's (and unique, as the schema's unique fields require).
      const town = JSON.parse(JSON.stringify(modelTown).replaceAll(modelTown.name, name));
      const slug = name.toLowerCase().replace(" ", "-");
      fs.writeFileSync(path.join(townsDir, `${slug}.json`), JSON.stringify({ ...town, slug, name, order: lastOrder + number }, null, 2));
    }
  };
  const builds = [
    { build: "project as it is" },
    { build: `plus ${extraTowns.toLocaleString("en")} towns`, prepare: addTowns },
  ];

  const rows = [];
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

  console.log("\n| build | pages | seconds | pages/s |");
  console.log("|---|---:|---:|---:|");
  for (const row of rows) console.log(`| ${row.build} | ${row.pages} | ${row.seconds} | ${row.pagesPerSecond} |`);
  return { extraTowns, builds: rows };
}

/**
 * The mailing job draining a backlog of 300 requests in a local Blobs store,
 * as the store answers and with every store call 50 ms later: its runs, and
 * whether each request arrived exactly once (lib/bench-delivery-job.ts).
 */
async function benchJob() {
  const { benchDeliveryJob } = await createJiti(import.meta.url).import("./lib/bench-delivery-job.ts");
  return benchDeliveryJob();
}

const runs = (part) => only === undefined || only === part;
const pagesResult = runs("pages") ? await benchPages() : null;
const functionResult = runs("function") ? await benchFunction() : null;
const deliveryJobResult = runs("job") ? await benchJob() : null;
const scalingResult = runs("scaling") ? await benchScaling() : null;

fs.mkdirSync("bench/results", { recursive: true });
const file = `bench/results/${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
fs.writeFileSync(
  file,
  JSON.stringify({ date: new Date().toISOString(), node: process.version, ...pagesResult, contactFunction: functionResult, deliveryJob: deliveryJobResult, scaling: scalingResult }, null, 2),
);
console.log(`Written to ${file}`);
