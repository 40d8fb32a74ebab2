/**
 * `npm run bench`'s cost (scripts/bench.ts, `--only=cost`): the Netlify
 * credits a month of this business takes on each plan (issue 57, goal 1;
 * docs/deploying.md, "What a month costs"), from what this build measurably
 * costs per visit, per request, per request-page view and per run of the
 * mailing job, times the month's counts, at Netlify's rates.
 *
 * What Netlify meters is what reaches it: every request is a web request,
 * every byte it sends back is bandwidth, and a function's time at its memory
 * is compute. So the measurements count at the server: the site over the gzip
 * server of public/ with its _headers (lib/serve/static-server.ts), behind a
 * proxy that counts and answers a revalidation with 304 as Netlify's CDN does,
 * visited by Debian's Chromium; the functions in this process, each call
 * timed, against a local Blobs store with every call as late as production's
 * round trip.
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "@playwright/test";
import { dailyPublishLiveBy, publishNowPerDay } from "../../../src/content-publish/shared/publish-schedule";
import { photoLimits } from "../../../src/contact-request/shared/contact-photos";
import { validRequest } from "../../../src/contact-request/shared/__tests__/contact-request-example";
import { reminderDueAt } from "../../../src/contact-request/shared/reply-clock";
import { newStoredRequest } from "../../../src/contact-request/functions/contact-delivery";
import { deliveryJobEveryMinutes, mailDeadlineMs, runDeliveryJob } from "../../../src/contact-request/functions/job";
import { smtpMailer } from "../../../src/contact-request/functions/mailer";
import { endpointPolicy, localPushKeys, RequestAlerts } from "../../../src/contact-request/functions/push";
import { requestPageUrl } from "../../../src/contact-request/functions/request-link";
import { createRequestPageHandler } from "../../../src/contact-request/functions/request-page";
import { servicePath, townPath } from "../../../src/lib/paths";
import { services, towns } from "../content/content";
import { launchChromium } from "../machine/chromium";
import { benchAddresses, benchSiteOrigin, storeAnswered, storeWaiting, urgentService, withStore } from "../requests/backlog";
import { contentClock } from "../requests/content-clock";
import type { LocalRequests } from "../requests/request-stores";
import { productionStoreCallMs, slowed } from "../requests/slow-store";
import { browserDrawnPhoto, photoForm } from "../requests/test-photos";
import type { MailSink } from "../serve/mail-sink";
import { startStaticServer } from "../serve/static-server";
import { phone, untilQuiet, type NetworkActivity } from "./script-transfer";
import { contentFormHandler } from "../requests/content-form-handler";
import { median } from "./test-costs";
import type { ColdStart } from "./cold-starts";

/**
 * Netlify's credit-based plans, as its docs state them (docs/deploying.md, "What a month costs", cites each):
 * - production deploys, bandwidth, web requests and the plans' credits: "How credits work",
 *   https://docs.netlify.com/manage/accounts-and-billing/billing/billing-for-credit-based-plans/how-credits-work/
 * - compute and the function's memory: "Functions usage and billing", https://docs.netlify.com/build/functions/usage-and-billing/
 *   (GB-hours are the invocations' total duration times the configured memory, 1024 MB unless a Pro plan raises it)
 * - Pro's smallest tier: "Buy add-on credits" ("the Pro plan's 3,000 credits"),
 *   https://docs.netlify.com/manage/accounts-and-billing/billing/billing-for-credit-based-plans/buy-add-on-credits/
 * - the prices a month: https://www.netlify.com/pricing/
 */
export const netlifyPricing = {
  productionDeployCredits: 15,
  computeCreditsPerGbHour: 10,
  bandwidthCreditsPerGb: 20,
  webRequestCreditsPer10k: 2,
  functionMemoryGb: 1,
  plans: [
    { name: "Free", credits: 300, dollarsPerMonth: 0 },
    { name: "Personal", credits: 1000, dollarsPerMonth: 9 },
    { name: "Pro", credits: 3000, dollarsPerMonth: 20 },
  ],
} as const;

type Plan = (typeof netlifyPricing.plans)[number];

/**
 * A month ends well when it stays under Netlify's last warning before the limit, at 75 % of the credits ("Monitor
 * usage for Credit-based plans"): a busier week then still fits. Under it a month fits "with room to spare".
 */
export const warningShare = 0.75;

/** The credits under which a month fits `plan` with room to spare. */
export const creditsBeforeWarning = (plan: Plan): number => plan.credits * warningShare;

/** A month of the business: what comes in and what editors change. */
interface BusinessMonth {
  name: string;
  visits: number;
  /** Every request counted with a full set of photos: the dearest a request is. */
  requestsWithPhotos: number;
  requestPageViews: number;
  contentChanges: number;
  /** Editors' "publish now"s beside the daily publishes. */
  publishNows: number;
}

const daysPerMonth = 30;
/** The mailing job's runs, on its schedule (deliveryJobEveryMinutes, netlify/functions/deliver-contact-requests). */
export const jobRunsPerMonth = (daysPerMonth * 24 * 60) / deliveryJobEveryMinutes;

/** Editors save in sessions of a few changes (a price, its text, a photo): content waits on this many changes' days. */
const changesPerEditingDay = 3;
/** Code deploys a month (a dependency update, a fix): each a production deploy too, content or not. */
const codeDeploysPerMonth = 2;
/** A storm's busy days, on each of which editors may use every "publish now" they have (publishNowPerDay). */
const stormDays = 5;

export const normalMonth: BusinessMonth = { name: "normal month", visits: 5000, requestsWithPhotos: 150, requestPageViews: 100, contentChanges: 30, publishNows: 0 };
/** As many request-page views per request as the normal month's, and the most "publish now"s the storm's days allow. */
export const stormMonth: BusinessMonth = {
  name: "storm month",
  visits: 30_000,
  requestsWithPhotos: 1500,
  requestPageViews: (1500 * normalMonth.requestPageViews) / normalMonth.requestsWithPhotos,
  contentChanges: 60,
  publishNows: stormDays * publishNowPerDay,
};
export const businessMonths = [normalMonth, stormMonth];

/** A visitor from a search lands on a page and goes on to one more (mostly /contact), or calls. */
export const pagesPerVisit = 2;
/** A leak is searched for once: most visits are a browser's first; the rest come back to send the form or find the number. */
const firstVisitShare = 0.75;
/** Most look for a roofer on their phone, with the leak in sight. */
const phoneShare = 0.7;
/** Each request with photos gives the mailing job at most one run with work: its reminder, when nobody answered it by its halfway point. */
const workRunsPerRequest = 1;
/**
 * AWS Lambda, which runs Netlify's functions, gives a full vCPU at 1,769 MB and less in proportion below
 * (AWS Lambda docs, "Configuring Lambda function memory"): at 1 GB the measured times are multiplied by this. An
 * upper bound: waiting on the store or the mail server does not slow down.
 */
export const cpuFactorAt1Gb = 1769 / 1024;

/** Requests and the bytes sent back, headers (as HTTP/1.1 sends them: HTTP/2 compresses repeats) and bodies. */
export interface Traffic {
  requests: number;
  bytes: number;
  headerBytes: number;
}

/** A first and a repeat visit, averaged over the landing pages and weighted by phoneShare. */
interface VisitsMeasured {
  routes: string[];
  first: Traffic;
  repeat: Traffic;
  byViewport: { viewport: string; first: Traffic; repeat: Traffic }[];
}

/** What the bench measured: per visit, per request with photos, per request-page view, per job run. */
export interface CostMeasured {
  visits: VisitsMeasured;
  /** A request with photoLimits.count photos as the browser sends them: the handler until its later work is done, and its answer. */
  form: { photos: number; photoBytes: number; coldStartMs: number; ms: number; answer: Traffic };
  /** A view of such a request's page: every call of the function the browser made, their time together, and the traffic. */
  requestPage: { coldStartMs: number; ms: number; traffic: Traffic };
  /** Every store call productionStoreCallMs later; each run starts cold (deliveryJobEveryMinutes apart, an instance is rarely kept). */
  job: { coldStartMs: number; idleMs: number; workMs: number };
}

export interface CostResult {
  measured: CostMeasured;
}

/** A meter's quantity in its unit and its credits. */
interface Metered {
  quantity: number;
  credits: number;
}

export interface MonthCost {
  month: BusinessMonth;
  deploys: { contentPublishes: number; publishNows: number; code: number };
  meters: { deploys: Metered; compute: Metered; bandwidth: Metered; webRequests: Metered };
  /** Of those, the mailing job's runs: their compute (quantity, GB-hours) and web requests, in credits. */
  job: Metered;
  credits: number;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const weighted = (parts: { share: number; traffic: Traffic }[]): Traffic => ({
  requests: sum(parts.map(({ share, traffic }) => share * traffic.requests)),
  bytes: sum(parts.map(({ share, traffic }) => share * traffic.bytes)),
  headerBytes: sum(parts.map(({ share, traffic }) => share * traffic.headerBytes)),
});
const mean = (traffic: Traffic[]): Traffic => weighted(traffic.map((entry) => ({ share: 1 / traffic.length, traffic: entry })));

/**
 * The production deploys a month takes. Batched (docs/deploying.md, "Content is published in batches"): one daily
 * publish on each day content waits on, the month's "publish now"s, and the code deploys. Without batching: one per change.
 */
export function productionDeploys(month: BusinessMonth, { batched = true } = {}): MonthCost["deploys"] {
  if (month.publishNows > publishNowPerDay * daysPerMonth) throw new Error(`${month.name}: ${month.publishNows} "publish now"s, more than ${publishNowPerDay} a day allow`);
  return batched
    ? { contentPublishes: Math.min(daysPerMonth, Math.ceil(month.contentChanges / changesPerEditingDay)), publishNows: month.publishNows, code: codeDeploysPerMonth }
    : { contentPublishes: month.contentChanges, publishNows: 0, code: codeDeploysPerMonth };
}

/** The month's credits per meter, from the measured quantities. */
export function monthCost(month: BusinessMonth, measured: CostMeasured, { batched = true } = {}): MonthCost {
  const { visits, form, requestPage, job } = measured;
  const visit = weighted([
    { share: firstVisitShare, traffic: visits.first },
    { share: 1 - firstVisitShare, traffic: visits.repeat },
  ]);
  const workRuns = Math.min(jobRunsPerMonth, month.requestsWithPhotos * workRunsPerRequest);
  const jobMs = (jobRunsPerMonth - workRuns) * (job.coldStartMs + job.idleMs) + workRuns * (job.coldStartMs + job.workMs);
  const functionMs = sum([month.requestsWithPhotos * (form.coldStartMs + form.ms), month.requestPageViews * (requestPage.coldStartMs + requestPage.ms), jobMs]);
  const gbHoursOf = (ms: number) => (ms * cpuFactorAt1Gb * netlifyPricing.functionMemoryGb) / 3_600_000;
  const gbHours = gbHoursOf(functionMs);
  const requestCredits = (count: number) => (count / 10_000) * netlifyPricing.webRequestCreditsPer10k;
  // Bandwidth is "data sent out": a post's photos come in and count only in its function's time.
  const bytes = month.visits * visit.bytes + month.requestsWithPhotos * form.answer.bytes + month.requestPageViews * requestPage.traffic.bytes;
  // The job's scheduled calls too: Netlify's docs count "requests to serverless functions" and do not except them.
  const requests = month.visits * visit.requests + month.requestsWithPhotos * form.answer.requests + month.requestPageViews * requestPage.traffic.requests + jobRunsPerMonth;
  const deploys = productionDeploys(month, { batched });
  const deployCount = deploys.contentPublishes + deploys.publishNows + deploys.code;
  const meters = {
    deploys: { quantity: deployCount, credits: deployCount * netlifyPricing.productionDeployCredits },
    compute: { quantity: gbHours, credits: gbHours * netlifyPricing.computeCreditsPerGbHour },
    bandwidth: { quantity: bytes / 1e9, credits: (bytes / 1e9) * netlifyPricing.bandwidthCreditsPerGb },
    webRequests: { quantity: requests, credits: requestCredits(requests) },
  };
  const jobCredits = gbHoursOf(jobMs) * netlifyPricing.computeCreditsPerGbHour + requestCredits(jobRunsPerMonth);
  return { month, deploys, meters, job: { quantity: gbHoursOf(jobMs), credits: jobCredits }, credits: sum(Object.values(meters).map((meter) => meter.credits)) };
}

interface PlanFit {
  plan: Plan;
  /** Credits left at the month's end; below 0 the plan's sites were paused (Free) or it bought more (auto recharge). */
  room: number;
  withRoomToSpare: boolean;
}

export const planFits = (credits: number): PlanFit[] =>
  netlifyPricing.plans.map((plan) => ({ plan, room: plan.credits - credits, withRoomToSpare: credits <= creditsBeforeWarning(plan) }));

export type MeterName = keyof MonthCost["meters"];

/**
 * When `cost` does not fit `plan` with room to spare: its dearest meter, and what that meter must come down to for
 * the month to stay under warningShare of the plan's credits, the others as they are. Null when it fits.
 */
export function whatWouldFit(cost: MonthCost, plan: Plan): { meter: MeterName; credits: number; atMost: number } | null {
  const budget = creditsBeforeWarning(plan);
  if (cost.credits <= budget) return null;
  const [meter, { quantity, credits }] = (Object.entries(cost.meters) as [MeterName, Metered][]).sort(([, a], [, b]) => b.credits - a.credits)[0];
  // Every meter's credits are its quantity times its rate; the dearest has credits, so a quantity.
  const rate = credits / quantity;
  const budgetLeft = budget - (cost.credits - credits);
  return { meter, credits, atMost: Math.max(0, meter === "deploys" ? Math.floor(budgetLeft / rate) : budgetLeft / rate) };
}

/** The assumptions, each with its reason, as the bench prints them beside its figures. */
export const assumptionLines = (): string[] => [
  `${pagesPerVisit} pages a visit: a visitor from a search lands on a page and goes on to one more (mostly /contact), or calls.`,
  `${Math.round(firstVisitShare * 100)} % of visits are a browser's first: a leak is searched for once; the rest come back to send the form or find the number.`,
  `${Math.round(phoneShare * 100)} % of visits on a phone (390 px, 3×), the rest on a desktop (1280 px): most look for a roofer with the leak in sight. Each page is read to its end, so every lazy picture loads.`,
  `Production deploys: content waits for the daily publish (live by ${dailyPublishLiveBy}), which runs only on a day content waits on; editors save in sessions of ${changesPerEditingDay} changes, so a month's changes fall on one day per ${changesPerEditingDay}. A storm month adds "publish now" on each of its ${stormDays} busy days as often as allowed (${publishNowPerDay} a day). ${codeDeploysPerMonth} code deploys a month (a dependency update, a fix), each ${netlifyPricing.productionDeployCredits} credits. Without batching every content change is a deploy of its own.`,
  `Every request carries ${photoLimits.count} photos; each gives the mailing job one run with work (its reminder), the job's other runs of its ${jobRunsPerMonth.toLocaleString("en")} a month are idle. The storm month's request pages are viewed as often per request as the normal month's.`,
  `Compute: every function's time at its configured memory, ${netlifyPricing.functionMemoryGb} GB (the default; only Pro raises it), not the memory it uses; measured times × ${cpuFactorAt1Gb.toFixed(2)} for the CPU share of 1 GB on AWS Lambda; each form post, each request page's first call and each job run pays a cold start (AWS bills the INIT phase since 1 August 2025): a fresh process's import and first answer, in the case of the month's work (a request stored and mailed, the job's idle run; the request page has only a refused link). Every Blobs call ${productionStoreCallMs} ms, a round trip in production.`,
  `Bandwidth counts every response's headers and body as sent; a GB is 10⁹ bytes. The job's scheduled calls count as web requests too.`,
  `Not metered: Blobs (storage and calls; no meter in Netlify's credit docs, only the function's time waiting on it), the mails the functions send, and the CMS's calls.`,
];

// —— Measuring ——

/**
 * What reached a server and what it sent back; `calls` holds each function call's milliseconds, where a function
 * answers, and `failures` what went wrong serving a request, which makes the measurement void.
 */
interface Meter extends Traffic, NetworkActivity {
  calls: number[];
  failures: string[];
}

const newMeter = (): Meter => ({ requests: 0, bytes: 0, headerBytes: 0, inFlight: 0, lastActivity: Date.now(), calls: [], failures: [] });
const trafficOf = ({ requests, bytes, headerBytes }: Meter): Traffic => ({ requests, bytes, headerBytes });
const trafficSince = (meter: Meter, before: Traffic): Traffic => ({
  requests: meter.requests - before.requests,
  bytes: meter.bytes - before.bytes,
  headerBytes: meter.headerBytes - before.headerBytes,
});

/** Hop-by-hop headers, which Node writes itself and a CDN's answer does not carry over. */
const hopByHop = new Set(["connection", "keep-alive", "transfer-encoding"]);

/** An answer's status line and headers as HTTP/1.1 sends them, and its body. */
function answerTraffic(status: number, headers: Iterable<[string, string]>, bodyBytes: number): Traffic {
  const headerBytes = Buffer.byteLength(`HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ""}\r\n${[...headers].map(([name, value]) => `${name}: ${value}\r\n`).join("")}\r\n`);
  return { requests: 1, bytes: headerBytes + bodyBytes, headerBytes };
}

/** Writes an answer and counts it. */
function send(meter: Meter, response: http.ServerResponse, status: number, headers: Record<string, string>, body: Buffer | null) {
  response.writeHead(status, headers);
  response.end(body ?? undefined);
  const sent = answerTraffic(status, Object.entries(headers), body?.length ?? 0);
  meter.headerBytes += sent.headerBytes;
  meter.bytes += sent.bytes;
  meter.inFlight -= 1;
  meter.lastActivity = Date.now();
}

/** A server that counts every request it gets; `serve` answers it by send(). */
function counted(meter: Meter, serve: (request: http.IncomingMessage, response: http.ServerResponse) => Promise<void>): http.Server {
  return http.createServer((request, response) => {
    meter.requests += 1;
    meter.inFlight += 1;
    meter.lastActivity = Date.now();
    serve(request, response).catch((error: unknown) => {
      meter.failures.push(`${request.url}: ${error instanceof Error ? error.message : String(error)}`);
      meter.inFlight -= 1;
      response.destroy();
    });
  });
}

/** Throws when a request could not be served: the browser then loaded less than a visitor gets. */
function assertServed(meter: Meter) {
  if (meter.failures.length > 0) throw new Error(`the cost's server failed requests: ${meter.failures.join("; ")}`);
}

const listen = (server: http.Server) => new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
const close = (server: http.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * public/ as Netlify's CDN serves it: the gzip static server with its _headers, and an ETag on every answer, so a
 * cached page the browser must revalidate is answered 304 without its body, as Netlify answers one (its staff on
 * answers.netlify.com, "Netlify's default cache headers": "If the asset has not changed then we return a 304").
 */
async function startCdn(publicDir: string, meter: Meter): Promise<{ origin: string; stop: () => Promise<void> }> {
  const files = await startStaticServer(publicDir, 0);
  const filesPort = (files.address() as AddressInfo).port;
  const server = counted(
    meter,
    (request, response) =>
      new Promise((resolve, reject) => {
        const headers = { "accept-encoding": request.headers["accept-encoding"] ?? "" };
        http
          .get({ host: "127.0.0.1", port: filesPort, path: request.url, headers }, (answer) => {
            const chunks: Buffer[] = [];
            answer.on("data", (chunk: Buffer) => chunks.push(chunk));
            answer.on("error", reject);
            answer.on("end", () => {
              const body = Buffer.concat(chunks);
              const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
              const kept = Object.entries(answer.headers).flatMap(([name, value]) => (value === undefined || hopByHop.has(name) ? [] : [[name, String(value)] as const]));
              if (request.headers["if-none-match"] === etag) {
                const unchanged = kept.filter(([name]) => !["content-length", "content-encoding", "content-type"].includes(name));
                send(meter, response, 304, { ...Object.fromEntries(unchanged), etag }, null);
              } else send(meter, response, answer.statusCode ?? 200, { ...Object.fromEntries(kept), etag }, body);
              resolve();
            });
          })
          .on("error", reject);
      }),
  );
  const origin = await listen(server);
  return {
    origin,
    stop: async () => {
      await close(server);
      await close(files);
    },
  };
}

/** A function's handler served over HTTP, each call timed from its Request to its whole body. */
async function serveFunction(handler: (request: Request) => Promise<Response>, meter: Meter): Promise<{ origin: string; stop: () => Promise<void> }> {
  let origin = "";
  const server = counted(meter, async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = Object.entries(request.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)] as [string, string]]));
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    const started = performance.now();
    const answer = await handler(new Request(`${origin}${request.url ?? "/"}`, { method: request.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined }));
    const body = Buffer.from(await answer.arrayBuffer());
    meter.calls.push(performance.now() - started);
    send(meter, response, answer.status, Object.fromEntries(answer.headers), body);
  });
  origin = await listen(server);
  return { origin, stop: () => close(server) };
}

/** A reader's way down the page, a screen at a time, so every lazy picture on it loads. */
async function readToTheEnd(page: Page, meter: Meter) {
  await page.evaluate(async () => {
    for (let screens = 0; screens < 100 && window.scrollY + window.innerHeight < document.documentElement.scrollHeight; screens += 1) {
      window.scrollBy(0, window.innerHeight * 0.8);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  });
  await untilQuiet(page, meter);
}

/** One visit in `context`: the pages one after the other, each loaded and read to its end. */
async function visit(context: BrowserContext, origin: string, routes: string[], meter: Meter): Promise<Traffic> {
  const before = trafficOf(meter);
  const page = await context.newPage();
  for (const route of routes) {
    await page.goto(origin + route, { waitUntil: "load" });
    await untilQuiet(page, meter);
    await readToTheEnd(page, meter);
  }
  await page.close();
  return trafficSince(meter, before);
}

/** The mix visitors land on: home, the first town, the first service, and the contact page. */
const visitRoutes = ["/", townPath(towns[0]?.slug ?? ""), servicePath(services[0]?.slug ?? ""), "/contact"];

/**
 * Visits from each landing page of visitRoutes, going on to the next pagesPerVisit − 1 of the mix: a first visit in
 * a fresh browser context, then a repeat visit in the same context, with the cache the first left, at each viewport.
 */
async function measureVisits(browser: Browser, publicDir: string): Promise<VisitsMeasured> {
  const meter = newMeter();
  const cdn = await startCdn(publicDir, meter);
  const viewports: { viewport: string; share: number; options: BrowserContextOptions }[] = [
    { viewport: "phone", share: phoneShare, options: { ...phone, deviceScaleFactor: 3 } },
    { viewport: "desktop", share: 1 - phoneShare, options: { viewport: { width: 1280, height: 800 } } },
  ];
  try {
    const measured: { share: number; entry: VisitsMeasured["byViewport"][number] }[] = [];
    for (const { viewport, share, options } of viewports) {
      const firsts: Traffic[] = [];
      const repeats: Traffic[] = [];
      for (let index = 0; index < visitRoutes.length; index += 1) {
        const routes = Array.from({ length: pagesPerVisit }, (_, step) => visitRoutes[(index + step) % visitRoutes.length]);
        const context = await browser.newContext(options);
        firsts.push(await visit(context, cdn.origin, routes, meter));
        repeats.push(await visit(context, cdn.origin, routes, meter));
        await context.close();
        process.stdout.write(".");
      }
      measured.push({ share, entry: { viewport, first: mean(firsts), repeat: mean(repeats) } });
    }
    assertServed(meter);
    const weightedBy = (visit: "first" | "repeat") => weighted(measured.map(({ share, entry }) => ({ share, traffic: entry[visit] })));
    return { routes: visitRoutes, first: weightedBy("first"), repeat: weightedBy("repeat"), byViewport: measured.map(({ entry }) => entry) };
  } finally {
    await cdn.stop();
  }
}

/** The request pages' links: signed with this secret, at the origin that serves them. */
const requestPages = { secret: "bench-cost-link-secret-of-32-bytes-at-least", origin: benchSiteOrigin };

/**
 * The form's function with a full set of photos as the browser sends them, one visitor at a time after one to warm
 * up: the median of 5, from the request to its answer and the work it finishes later (Netlify bills a function until
 * its waitUntil work is done). The last request stays in the store for its page.
 */
async function measureForm(local: LocalRequests, sink: MailSink): Promise<Omit<CostMeasured["form"], "coldStartMs">> {
  const photo = await browserDrawnPhoto();
  const handler = contentFormHandler({ mailer: smtpMailer(sink.url), store: () => slowed(local.blobs, productionStoreCallMs), addresses: benchAddresses });
  const post = async (n: number) => {
    const form = new Response(photoForm({ ...validRequest, message: `Kostenmeting, aanvraag ${n}.` }, Array.from({ length: photoLimits.count }, (_, index) => ({ name: `foto-${index + 1}.jpg`, bytes: photo, type: "image/jpeg" }))));
    const request = new Request("http://localhost:8888/api/send-contact-email", {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": form.headers.get("content-type") ?? "" },
      body: await form.arrayBuffer(),
    });
    const later: Promise<unknown>[] = [];
    const started = performance.now();
    const answer = await handler(request, { clientAddress: `2001:db8:c057::${n}`, finishLater: (work) => later.push(work) });
    const body = Buffer.from(await answer.arrayBuffer());
    await Promise.allSettled(later);
    const ms = performance.now() - started;
    if (answer.status !== 200) throw new Error(`a request with photos was answered ${answer.status}: ${body.toString()}`);
    return { ms, answer: answerTraffic(answer.status, answer.headers, body.length) };
  };
  const { answer } = await post(0);
  const times: number[] = [];
  for (let n = 1; n <= 5; n += 1) times.push((await post(n)).ms);
  return { photos: photoLimits.count, photoBytes: photo.length, ms: Math.round(median(times) ?? 0), answer };
}

/** The contractor's view of the last request's page on a phone, 3 times: every call the browser makes, and their time. */
async function measureRequestPage(browser: Browser, local: LocalRequests, sink: MailSink): Promise<Omit<CostMeasured["requestPage"], "coldStartMs">> {
  const [key] = (await local.requests.keys()).slice(-1);
  const record = key === undefined ? null : await local.requests.read(key);
  if (!record) throw new Error("the form's requests were not stored: no request page to view");
  const meter = newMeter();
  const handler = createRequestPageHandler({
    store: () => slowed(local.blobs, productionStoreCallMs),
    secret: requestPages.secret,
    clock: contentClock,
    // Production's alerts are set up: the page then loads their script and asks how this device stands.
    alerts: new RequestAlerts({ keys: localPushKeys("bench cost", "mailto:info@dakdekker.test"), endpointAllowed: endpointPolicy(true), secret: requestPages.secret }),
    mail: { mailer: smtpMailer(sink.url), addresses: benchAddresses },
    siteName: "Dakdekker",
    warn: () => {},
  });
  const server = await serveFunction(handler, meter);
  try {
    const link = requestPageUrl(record, { ...requestPages, origin: server.origin });
    const views: { ms: number; traffic: Traffic }[] = [];
    for (let view = 0; view < 3; view += 1) {
      const before = trafficOf(meter);
      const calls = meter.calls.length;
      const context = await browser.newContext({ ...phone, deviceScaleFactor: 3 });
      const page = await context.newPage();
      await page.goto(link, { waitUntil: "load" });
      await untilQuiet(page, meter);
      await readToTheEnd(page, meter);
      await context.close();
      views.push({ ms: sum(meter.calls.slice(calls)), traffic: trafficSince(meter, before) });
    }
    assertServed(meter);
    const middle = [...views].sort((a, b) => a.ms - b.ms)[Math.floor(views.length / 2)];
    return { ms: Math.round(middle.ms), traffic: middle.traffic };
  } finally {
    await server.stop();
  }
}

/**
 * The mailing job in a store as a quiet week leaves it, every store call productionStoreCallMs later: the median of
 * 5 idle runs (after one that did what there was), and of 5 runs that each remind of one new request at its halfway
 * point.
 */
async function measureJob(): Promise<Omit<CostMeasured["job"], "coldStartMs">> {
  return withStore(async (local, sink) => {
    const service = urgentService(contentClock);
    await storeAnswered(local.blobs, 20, service, contentClock);
    const store = slowed(local.blobs, productionStoreCallMs);
    const run = async () => {
      const started = performance.now();
      const report = await runDeliveryJob(store, {
        mailer: smtpMailer(sink.url),
        addresses: { ...benchAddresses, pages: requestPages },
        deadlineMs: mailDeadlineMs,
        runId: `bench cost ${randomUUID()}`,
        log: () => {},
        clock: contentClock,
      });
      return { report, ms: performance.now() - started };
    };
    await run();
    const idle: number[] = [];
    for (let n = 0; n < 5; n += 1) idle.push((await run()).ms);
    const halfwayMs = reminderDueAt(new Date(0), service, contentClock).getTime();
    const work: number[] = [];
    for (let n = 0; n < 5; n += 1) {
      const waiting = newStoredRequest({ ...validRequest, service, name: `Wacht ${n}`, message: `Wacht op antwoord ${n}.` }, new Date(Date.now() - halfwayMs - 60_000));
      await storeWaiting(local.blobs, [waiting], contentClock);
      const { report, ms } = await run();
      if (report.reminded !== 1) throw new Error(`a run with one request at its halfway point reminded of ${report.reminded}`);
      work.push(ms);
    }
    return { idleMs: Math.round(median(idle) ?? 0), workMs: Math.round(median(work) ?? 0) };
  });
}

/**
 * A fresh instance's import and first answer (cold-starts.ts), in the case that does the work the month counts: that
 * answer loads the packages and warms the code a warm instance, as measured here, has behind it. Its own work,
 * against a local store, then counts twice: an upper bound, as cpuFactorAt1Gb is.
 */
function coldStartMs(coldStarts: ColdStart[], name: string, coldStartCase: string): number {
  const found = coldStarts.find((entry) => entry.function === name && entry.name === coldStartCase);
  if (!found) throw new Error(`no cold start of ${name} measured for "${coldStartCase}"`);
  return found.importMs + found.answerMs;
}

/** Every measurement, one after the other; the months' credits follow from them (monthCost). */
export async function benchCost(publicDir: string): Promise<CostResult> {
  if (!fs.existsSync(path.join(publicDir, "_headers"))) throw new Error(`${publicDir} holds no build (no _headers): npm run build first`);
  console.log(`\nCost: visits of ${visitRoutes.join(", ")} over the gzip server of ${publicDir}, then the functions in this process ...`);
  const browser = await launchChromium();
  let visits: VisitsMeasured;
  let form: Omit<CostMeasured["form"], "coldStartMs">;
  let requestPage: Omit<CostMeasured["requestPage"], "coldStartMs">;
  try {
    visits = await measureVisits(browser, publicDir);
    ({ form, requestPage } = await withStore(async (local, sink) => ({ form: await measureForm(local, sink), requestPage: await measureRequestPage(browser, local, sink) })));
  } finally {
    await browser.close();
  }
  const job = await measureJob();
  // Imported here: cold-starts.ts runs as a script with a top-level await, which Jest's CommonJS cannot load for the summary's tests.
  const { measureColdStarts } = await import("./cold-starts");
  const coldStarts = await measureColdStarts(3);
  console.log("");
  return {
    measured: {
      visits,
      form: { ...form, coldStartMs: coldStartMs(coldStarts, "send-contact-email", "a request stored and mailed") },
      // Its only case, a link that is not one: the same import as a view's, though a view's first call loads the store's package too.
      requestPage: { ...requestPage, coldStartMs: coldStartMs(coldStarts, "request-page", "a link that is not one") },
      job: { ...job, coldStartMs: coldStartMs(coldStarts, "deliver-contact-requests", "a run with nothing to do") },
    },
  };
}
