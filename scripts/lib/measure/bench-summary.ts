/**
 * What `npm run bench` prints, and the Markdown summary it writes from the
 * same figures into docs/bench.md, so no figure is ever copied by hand. Each
 * part (pages, function, job, alerts, scaling, refusals, cold starts, cost) is a section of its own with the date,
 * commit and machine of the run that measured it: a run of one part
 * (`--only=pages`) rewrites that section and keeps the others as they were.
 * `npx jiti scripts/bench.ts --summary-from=bench/results/FILE.json` writes
 * the summary again from a saved run.
 */
import fs from "node:fs";
import type { AlertsResult } from "./bench-alerts";
import type { DeliveryJobCase, DeliveryJobResult } from "./bench-delivery-job";
import type { FloodResult } from "./bench-job-flood";
import type { MedianScores } from "./lighthouse";
import type { RefusalsResult } from "./bench-refusals";
import type { ColdStart } from "./cold-starts";
import { assumptionLines, businessMonths, creditsBeforeWarning, jobRunsPerMonth, monthCost, netlifyPricing, pagesPerVisit, planFits, warningShare, whatWouldFit, type CostResult, type MeterName, type MonthCost, type Traffic } from "./cost";

/** A peer's or a route's figures (scripts/bench.ts, benchPages). */
export interface PageFigures {
  route?: string;
  name?: string;
  htmlGzipBytes: number;
  scriptTransferBytes: number;
  scripts?: { path: string; bytes: number }[];
  aboveFoldImageBytes: number;
  belowFoldImageBytesBeforeScroll: number;
  lighthouse: MedianScores;
  lcpToStaticPeer: number;
  scriptToSpaPeer: number;
  missedGoals?: string[];
}

export interface PagesResult {
  buildSeconds: number | null;
  cpuSlowdown: { multiplier: number; note: string };
  withoutHeaders: string[];
  goals: Record<string, number>;
  peers: { static: PageFigures; spa: PageFigures };
  pages: PageFigures[];
}

export interface PhotoRequestTimes {
  photoBytes: number;
  count: number;
  withoutPhotos: { p50Ms: number; p99Ms: number };
  withFivePhotos: { p50Ms: number; p99Ms: number };
}

export interface FunctionResult {
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  ok200: number;
  stored: number;
  mailedAtFirstAttempt: number;
  mailedAfterRetry: number;
  lost: number;
  mailedTwice: number;
  stillPending: number;
  otherStatuses: Record<string, number>;
  errors: number;
  photoRequests: PhotoRequestTimes;
  /** Older results lack it. */
  mailDown?: MailDownBurst;
}

/** Requests posted at once while the mail server is down (scripts/bench.ts, mailDownBurst): each must be answered 200 and stored. */
export interface MailDownBurst {
  requests: number;
  clients: number;
  seconds: number;
  statuses: Record<string, number>;
  errors: number;
  stored: number;
}

export const mailDownLine = (burst: MailDownBurst): string =>
  `send-contact-email, ${burst.requests} requests from ${burst.clients} clients at once while the mail server is down, in ${burst.seconds} s: ` +
  `answers ${JSON.stringify(burst.statuses)}, connection errors ${burst.errors}, ${burst.stored} stored`;

export interface ScalingResult {
  extraTowns: number;
  builds: { build: string; pages: number; seconds: number; pagesPerSecond: number }[];
}

/** A run as bench/results/*.json holds it: the pages part's fields at the top, the other parts each under its name, null when not run. */
export interface BenchResults extends Partial<PagesResult> {
  date: string;
  node: string;
  /** The commit measured (with "+ changes" when the working tree had any), the machine and the command; older results lack them. */
  commit?: string;
  machine?: string;
  command?: string;
  contactFunction?: FunctionResult | null;
  deliveryJob?: DeliveryJobResult | null;
  alerts?: AlertsResult | null;
  scaling?: ScalingResult | null;
  refusals?: RefusalsResult | null;
  coldStarts?: ColdStart[] | null;
  cost?: CostResult | null;
}

export const benchParts = ["pages", "function", "job", "alerts", "scaling", "refusals", "cold-starts", "cost"] as const;
export type BenchPart = (typeof benchParts)[number];

/** The time below which `share` (0–1) of the measured times lie, rounded to ms; 0 without any. Of 100 times, p99 is the slowest. */
export const percentile = (times: number[], share: number) => Math.round([...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * share))] ?? 0);

const number = (value: number, digits = 0) => value.toLocaleString("en", { maximumFractionDigits: digits, minimumFractionDigits: digits });
/** KiB are 1,024 bytes, as the pages' budgets count (page-weight.ts); kB are 1,000, as Netlify bills bandwidth (per 10⁹ bytes). */
const bytesPer = { KiB: 1024, kB: 1000 };
/** Bytes in `unit`, which the figure's label names. */
const kilobytes = (bytes: number, unit: keyof typeof bytesPer, digits = 1) => number(bytes / bytesPer[unit], digits);

/** The pages' table as the bench prints it: a row per peer, then per route. */
export function pagesTable(result: Pick<PagesResult, "peers" | "pages">): string[] {
  const rows = [result.peers.static, result.peers.spa, ...result.pages];
  return [
    "| page | HTML gzip KiB | script KiB | images above fold KiB | images below fold before scroll KiB | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | LCP / static peer | script / SPA peer |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map((r) => {
      const l = r.lighthouse;
      return `| ${r.route ?? `(${r.name})`} | ${kilobytes(r.htmlGzipBytes, "KiB")} | ${kilobytes(r.scriptTransferBytes, "KiB")} | ${kilobytes(r.aboveFoldImageBytes, "KiB")} | ${kilobytes(r.belowFoldImageBytesBeforeScroll, "KiB")} | ${l.performance} | ${l.accessibility} | ${l.bestPractices} | ${l.seo} | ${l.fcpMs} | ${l.lcpMs} | ${l.tbtMs} | ${l.cls} | ${r.lcpToStaticPeer.toFixed(2)} | ${r.scriptToSpaPeer.toFixed(2)} |`;
    }),
  ];
}

/** Under the table: the goals, then the routes that miss one, or that all meet every goal. */
export function pagesGoals(result: Pick<PagesResult, "goals" | "pages">): { heading: string; lines: string[] } {
  const missing = result.pages.filter((r) => (r.missedGoals ?? []).length > 0);
  return {
    heading: `Goals ${JSON.stringify(result.goals)}:`,
    lines: missing.length === 0 ? [`all ${result.pages.length} routes meet every goal`] : missing.map((r) => `${r.route}: ${(r.missedGoals ?? []).join(", ")}`),
  };
}

export const coldBuildLine = (seconds: number): string => `Cold build (gatsby clean && gatsby build): ${seconds.toFixed(1)} s`;

export const photoRequestsLine = (result: PhotoRequestTimes): string =>
  `send-contact-email, one visitor at a time, ${result.count} requests each: without photos p50 ${result.withoutPhotos.p50Ms} ms, p99 ${result.withoutPhotos.p99Ms} ms; ` +
  `with 5 photos of ${kilobytes(result.photoBytes, "KiB", 0)} KiB (drawn as the browser does) p50 ${result.withFivePhotos.p50Ms} ms, p99 ${result.withFivePhotos.p99Ms} ms`;

export const loadLines = (summary: Omit<FunctionResult, "photoRequests" | "mailDown">): string[] => [
  `send-contact-email, ${summary.connections} clients for ${summary.seconds} s, every third SMTP connection dropped: ${summary.requestsPerSecond} requests/s, p50 ${summary.latencyP50Ms} ms, p99 ${summary.latencyP99Ms} ms`,
  `  ${summary.ok200} answered 200, ${summary.stored} stored, ${summary.mailedAtFirstAttempt} mailed at the first attempt, ${summary.mailedAfterRetry} after a retry`,
  `  lost ${summary.lost}, mailed twice ${summary.mailedTwice}, still pending ${summary.stillPending}; ` +
    `other answers ${JSON.stringify(summary.otherStatuses)}, connection errors ${summary.errors}`,
];

/** One case of the mailing job on a backlog, as one line; `mailsPerHour` is the cap's size (older results lack it). */
export function deliveryJobLine(backlog: number, entry: DeliveryJobCase, mailsPerHour?: number): string {
  const label = entry.delayMs > 0 ? `every store call +${entry.delayMs} ms` : "store calls as local";
  const perRun = entry.runs.map((run, index) => `run ${index + 1}: ${run.sent} singly + ${run.digested} in a digest, ${run.seconds} s`);
  const outcome = entry.allOnce
    ? `all ${backlog} mailed once in ${entry.runs.length} runs`
    : `${entry.missing} never mailed, ${entry.mailedTwice} mailed more than once, ${entry.stillPending} still pending after ${entry.runs.length} runs`;
  const room = mailsPerHour !== undefined && entry.capRoomAtStart < mailsPerHour ? ` (the cap had ${entry.capRoomAtStart} of its ${mailsPerHour} single mails left)` : "";
  return `mailing job, ${backlog} waiting, ${label}${room}: ${[...perRun, outcome].join("; ")}`;
}

/** Within this many runs each must have happened in a flood (issue 55, goal 5), each within Netlify's time for a scheduled function. */
const floodRunsGoal = 3;
const scheduledFunctionSeconds = 30;

/** Within this long an idle run ends, on the flood's slowed store (issue 57, goal 4). */
const idleRunGoalSeconds = 0.2;

/** The goals of issue 55's finding 5 the flood missed, and the idle run's, as sentences. */
export function floodMisses(result: FloodResult): string[] {
  const within = (run: number | null, what: string) => (run !== null && run <= floodRunsGoal ? [] : [`${what} not within ${floodRunsGoal} runs`]);
  return [
    ...(result.newRemindedIn === 1 ? [] : [`the new request was reminded ${result.newRemindedIn === null ? "in none of the runs" : `in run ${result.newRemindedIn}`}, not the first`]),
    ...within(result.suspectListIn, "the suspect list"),
    ...within(result.reportIn, "the monthly report"),
    ...within(result.sweptIn, "the sweep of the 13-month-old request"),
    ...result.runs.flatMap((run, index) => (run.seconds > scheduledFunctionSeconds ? [`run ${index + 1} took ${run.seconds} s, over ${scheduledFunctionSeconds} s`] : [])),
    ...(result.idle.seconds > idleRunGoalSeconds ? [`the idle run took ${result.idle.seconds} s, over ${idleRunGoalSeconds} s`] : []),
  ];
}

/** The job in a flood (bench-job-flood.ts): in which run each thing happened, each run's seconds, and the idle run. */
export function floodLines(flood: FloodResult): string[] {
  const inRun = (run: number | null) => (run === null ? `in none of the ${flood.runs.length} runs` : `in run ${run}`);
  const misses = floodMisses(flood);
  return [
    `mailing job in a flood, ${flood.older} older requests waiting and a new one at its halfway point, every store call +${flood.delayMs} ms: ` +
      `the new one reminded ${inRun(flood.newRemindedIn)}, the suspect list sent ${inRun(flood.suspectListIn)}, the monthly report ${inRun(flood.reportIn)}, ` +
      `the 13-month-old request swept ${inRun(flood.sweptIn)}; ` +
      flood.runs.map((run, index) => `run ${index + 1}: ${run.seconds} s, ${run.reminded} reminded, ${run.escalated} escalated${run.outOfTime.length > 0 ? `, out of time in ${run.outOfTime.join(", ")}` : ""}`).join("; "),
    `idle run (a store with ${flood.idle.requests} answered requests of the past week, after a run that did what there was), every store call +${flood.delayMs} ms: ${flood.idle.storeCalls} store calls, ${flood.idle.seconds} s`,
    ...(misses.length > 0 ? [`**missed**: ${misses.join("; ")}`] : []),
  ];
}

/** The goals each alerts measurement missed, as sentences: none when it met them all. */
function alertsChecks({ submitToPush: push, reminderJob: job }: AlertsResult): { push: string[]; job: string[] } {
  return {
    push: [
      ...(push.missed > 0 ? [`${push.missed} of ${push.requests} requests' alerts were not on every device`] : []),
      ...(push.p99Ms > push.goalP99Ms ? [`submit → push p99 ${push.p99Ms} ms, over the goal of ${push.goalP99Ms} ms`] : []),
    ],
    job: [
      ...(job.reminded !== Math.min(job.waiting, job.perReminder ?? job.waiting) ? [`the job reminded of ${job.reminded} of ${job.waiting} waiting requests`] : []),
      ...(job.remindersPerDevice.some((count) => count !== 1) ? [`the devices received ${job.remindersPerDevice.join(", ")} reminder alerts, not one each`] : []),
      ...(job.seconds > job.budgetSeconds ? [`the job's run took ${job.seconds} s, over the ${job.budgetSeconds} s of a scheduled function`] : []),
    ],
  };
}

/** Every goal the alerts missed; the bench fails on any. */
export const alertsMisses = (result: AlertsResult): string[] => Object.values(alertsChecks(result)).flat();

/** The alerts' table as the bench prints it and docs/bench.md shows it: each measurement beside its goal. */
export function alertsTable(result: AlertsResult): string[] {
  const { submitToPush: push, reminderJob: job } = result;
  const checks = alertsChecks(result);
  const met = (misses: string[]) => (misses.length === 0 ? "met" : "**missed**");
  const received = job.remindersPerDevice.every((count) => count === 1) ? `1 reminder alert on each of ${job.devices} devices` : `reminder alerts per device: ${job.remindersPerDevice.join(", ")}`;
  return [
    `| every store call +${push.delayMs} ms | measured | goal | |`,
    "|---|---|---|---|",
    `| submit → alert on all ${push.devices} devices, ${push.requests} requests one after another | p50 ${push.p50Ms} ms, p99 ${push.p99Ms} ms, max ${push.maxMs} ms${push.missed > 0 ? `, ${push.missed} missed` : ""} | p99 ≤ ${push.goalP99Ms} ms | ${met(checks.push)} |`,
    `| one job run, ${job.waiting} waiting past halfway | ${job.seconds} s, ${job.reminded} reminded, ${received} | ≤ ${job.budgetSeconds} s, ${job.perReminder ? `the latest ${Math.min(job.waiting, job.perReminder)}` : "all"} reminded, 1 alert each | ${met(checks.job)} |`,
  ];
}

export const scalingTable = (result: ScalingResult): string[] => [
  "| build | pages | seconds | pages/s |",
  "|---|---:|---:|---:|",
  ...result.builds.map((row) => `| ${row.build} | ${row.pages} | ${row.seconds} | ${row.pagesPerSecond} |`),
];

const titles: Record<BenchPart, string> = {
  pages: "Pages",
  function: "The form's function under `npm start`",
  job: "The mailing job on a backlog",
  alerts: "Alerts on the contractor's devices by Web Push",
  scaling: "Scaling: cold builds of a temporary copy",
  refusals: "What a refused request costs the form's function, and the worst it accepts",
  "cold-starts": "Cold starts: each function's first request in a fresh instance",
  cost: "What a month costs on Netlify, in credits",
};

/**
 * The cold starts' table: per function and first request, its answer, the time to import the function's module and
 * from there to the answer (medians of fresh processes), and the heavy packages the process loaded
 * (docs/contact-requests.md, "Cold starts").
 */
export const coldStartsTable = (result: ColdStart[]): string[] => [
  "| function | first request | answer | import ms | answer ms | together ms | heavy packages loaded |",
  "| --- | --- | ---: | ---: | ---: | ---: | --- |",
  ...result.map(
    (row) =>
      `| ${row.function} | ${row.name} | ${row.status ?? "none (scheduled)"} | ${row.importMs} | ${row.answerMs} | ${row.importMs + row.answerMs} | ${row.heavy.length > 0 ? row.heavy.join(", ") : "none"} |`,
  ),
  "",
  `Medians of ${result[0]?.runs ?? 0} fresh Node processes each; the heavy packages are those docs/contact-requests.md ("Cold starts") names; Netlify's own bootstrap, the same for every function, is not counted.`,
];

/**
 * The refusals' table: each case's answer, its time from the whole body to the answer (the median of its runs, with
 * the fastest and slowest), and its process's RSS before and at its highest peak.
 */
export const refusalsTable = (result: RefusalsResult): string[] => {
  const runs = result.cases[0]?.runs;
  return [
    `| request | answer | time${runs ? ` (median of ${runs}, fastest–slowest)` : ""} | RSS before → peak |`,
    "| --- | ---: | ---: | ---: |",
    ...result.cases.map(({ name, status, ms, msRange, startMb, peakMb }) => `| ${name} | ${status} | ${ms} ms${msRange ? ` (${msRange[0]}–${msRange[1]})` : ""} | ${startMb} → ${peakMb} MB |`),
  ];
};

/** Credits as the cost states them: one decimal under 100, whole above. */
const creditsOf = (value: number) => number(value, value < 100 ? 1 : 0);
/** Bytes as the cost states them: in kB, as its bandwidth's GB are 10⁹ bytes; one decimal under 10, whole above. */
const decimalKilobytes = (bytes: number) => `${kilobytes(bytes, "kB", bytes < 10_000 ? 1 : 0)} kB`;
const trafficLine = (traffic: Traffic) => `${number(traffic.requests, 1)} requests, ${decimalKilobytes(traffic.bytes)} (headers ${decimalKilobytes(traffic.headerBytes)})`;
const meterLabels: Record<MeterName, string> = { deploys: "production deploys", compute: "compute", bandwidth: "bandwidth", webRequests: "web requests" };

/** What would make the normal month fit the Free plan with room to spare, or that it does. */
function freePlanLine(cost: MonthCost): string {
  const [free] = netlifyPricing.plans;
  const budget = creditsBeforeWarning(free);
  const short = whatWouldFit(cost, free);
  const under = `under Netlify's ${warningShare * 100} % warning, ${budget} of its ${free.credits} credits`;
  if (!short) return `The ${cost.month.name} fits the ${free.name} plan with room to spare: ${creditsOf(cost.credits)} credits, ${under}.`;
  const perVisit = (total: number) => total / cost.month.visits;
  const lever = {
    deploys: () => {
      const contentDays = short.atMost - cost.deploys.code;
      return contentDays >= 1
        ? `at most ${short.atMost} production deploys a month: with its ${cost.deploys.code} code deploys, content published on at most ${contentDays} days (the daily publish on set weekdays only, say), not ${cost.deploys.contentPublishes}`
        : `at most ${short.atMost} production deploys a month, fewer than its ${cost.deploys.code} code deploys alone`;
    },
    bandwidth: () => `at most ${number(short.atMost, 2)} GB of bandwidth, ${decimalKilobytes(perVisit(short.atMost * 1e9))} a visit against ${decimalKilobytes(perVisit(cost.meters.bandwidth.quantity * 1e9))} now`,
    webRequests: () => `at most ${number(short.atMost)} web requests, ${number(perVisit(short.atMost), 1)} a visit against ${number(perVisit(cost.meters.webRequests.quantity), 1)} now`,
    compute: () => `at most ${number(short.atMost, 2)} GB-hours of function time, against ${number(cost.meters.compute.quantity, 2)} now`,
  }[short.meter]();
  return (
    `**The ${cost.month.name} does not fit the ${free.name} plan with room to spare** (${under}): it takes ${creditsOf(cost.credits)}, of which ${meterLabels[short.meter]} ${creditsOf(short.credits)}, its dearest meter. ` +
    `It would fit with ${lever}; or on the ${netlifyPricing.plans[1].name} plan.`
  );
}

/**
 * The cost's table: each month's production deploys and the credits of each meter, the total, the same month
 * without batching, and each plan's room; then what was measured, what was assumed, and whether the normal month
 * fits the Free plan with room to spare, or what would make it (docs/deploying.md, "What a month costs").
 */
export function costTable(result: CostResult): string[] {
  const { visits, form, requestPage, job } = result.measured;
  const costs = businessMonths.map((month) => monthCost(month, result.measured));
  const row = (label: string, cell: (cost: (typeof costs)[number], index: number) => string) => `| ${label} | ${costs.map(cell).join(" | ")} |`;
  const { deploys, compute, bandwidth, webRequests } = meterLabels;
  return [
    `| | ${costs.map((cost) => cost.month.name).join(" | ")} |`,
    `|---|${costs.map(() => "---:").join("|")}|`,
    row("visits · requests with photos · request-page views · content changes", ({ month }) => [month.visits, month.requestsWithPhotos, month.requestPageViews, month.contentChanges].map((value) => number(value)).join(" · ")),
    row(`${deploys}: daily publishes + "publish now" + code`, ({ deploys: made, meters }) => `${made.contentPublishes} + ${made.publishNows} + ${made.code} = ${meters.deploys.quantity}`),
    row(`${deploys}, ${netlifyPricing.productionDeployCredits} credits each`, ({ meters }) => creditsOf(meters.deploys.credits)),
    row(`${compute}, ${netlifyPricing.computeCreditsPerGbHour} credits per GB-hour`, ({ meters }) => `${number(meters.compute.quantity, 2)} GB-hours: ${creditsOf(meters.compute.credits)}`),
    row(`${bandwidth}, ${netlifyPricing.bandwidthCreditsPerGb} credits per GB`, ({ meters }) => `${number(meters.bandwidth.quantity, 2)} GB: ${creditsOf(meters.bandwidth.credits)}`),
    row(`${webRequests}, ${netlifyPricing.webRequestCreditsPer10k} credits per 10,000`, ({ meters }) => `${number(meters.webRequests.quantity)}: ${creditsOf(meters.webRequests.credits)}`),
    row(`of the compute and web requests, the mailing job's ${number(jobRunsPerMonth)} runs`, ({ job: runs }) => `${number(runs.quantity, 2)} GB-hours: ${creditsOf(runs.credits)}`),
    row("**credits**", (cost) => `**${creditsOf(cost.credits)}**`),
    row("without batching: a deploy per content change", ({ month }) => {
      const unbatched = monthCost(month, result.measured, { batched: false });
      return `${unbatched.meters.deploys.quantity} deploys, ${creditsOf(unbatched.credits)} credits`;
    }),
    ...netlifyPricing.plans.map((plan, index) =>
      row(`${plan.name}: ${number(plan.credits)} credits, $${plan.dollarsPerMonth} a month`, (cost) => {
        const fit = planFits(cost.credits)[index];
        if (fit.room < 0) return `**${creditsOf(-fit.room)} over**`;
        return `fits, ${creditsOf(fit.room)} left (${number((fit.room / plan.credits) * 100)} %)${fit.withRoomToSpare ? "" : `, past the ${warningShare * 100} % warning`}`;
      }),
    ),
    "",
    "Measured on this build, per visit and per call:",
    "",
    `- a first visit of ${pagesPerVisit} pages, landing on each of ${visits.routes.join(", ")} in turn, in a fresh browser: ${trafficLine(visits.first)}; a repeat visit, the browser's cache kept: ${trafficLine(visits.repeat)}`,
    ...visits.byViewport.map((entry) => `  - on a ${entry.viewport}: first ${trafficLine(entry.first)}; repeat ${trafficLine(entry.repeat)}`),
    `- the form's function, a request with ${form.photos} photos of ${decimalKilobytes(form.photoBytes)} each as the browser sends them: ${number(form.ms)} ms to its answer and the work it finishes after, and a cold start of ${form.coldStartMs} ms; its answer ${decimalKilobytes(form.answer.bytes)}`,
    `- the request page viewed on a phone, its photos at full size: ${requestPage.traffic.requests} calls of the function, ${number(requestPage.ms)} ms of its time together and a cold start of ${requestPage.coldStartMs} ms, ${decimalKilobytes(requestPage.traffic.bytes)} sent (headers ${decimalKilobytes(requestPage.traffic.headerBytes)})`,
    `- the mailing job: an idle run ${number(job.idleMs)} ms, a run that reminds of a request ${number(job.workMs)} ms, each with a cold start of ${job.coldStartMs} ms`,
    "",
    "Assumed:",
    "",
    ...assumptionLines().map((line) => `- ${line}`),
    "",
    freePlanLine(costs[0]),
  ];
}

/** The parts a run measured: those its results hold. */
export const partsIn = (results: BenchResults): BenchPart[] =>
  benchParts.filter((part) =>
    part === "pages" ? Array.isArray(results.pages) && results.peers !== undefined : part === "function" ? !!results.contactFunction : part === "job" ? !!results.deliveryJob : part === "alerts" ? !!results.alerts : part === "scaling" ? !!results.scaling : part === "refusals" ? !!results.refusals : part === "cold-starts" ? !!results.coldStarts : !!results.cost,
  );

/** One part's section, from its run's figures. */
export function section(part: BenchPart, results: BenchResults): string {
  const run = [
    `Measured ${results.date}`,
    results.commit ? `commit ${results.commit}` : "commit not recorded",
    results.machine ?? "machine not recorded",
    `Node ${results.node.replace(/^v/, "")}`,
    results.command ? `\`${results.command}\`` : undefined,
  ].filter(Boolean);
  const body: string[] = [];
  if (part === "pages" && results.peers && results.pages && results.goals && results.cpuSlowdown) {
    body.push(`CPU slowdown ${results.cpuSlowdown.multiplier}x (${results.cpuSlowdown.note}), for the routes and the peers alike.`);
    if ((results.withoutHeaders ?? []).length > 0) body.push(`The routes were served without ${(results.withoutHeaders ?? []).join(", ")}: these are not the site's figures.`);
    body.push(pagesTable({ peers: results.peers, pages: results.pages }).join("\n"));
    const goals = pagesGoals({ goals: results.goals, pages: results.pages });
    body.push(`${goals.heading}\n\n${goals.lines.map((line) => `- ${line}`).join("\n")}`);
    if (results.buildSeconds !== null && results.buildSeconds !== undefined) body.push(`${coldBuildLine(results.buildSeconds)}.`);
  } else if (part === "function" && results.contactFunction) {
    const { photoRequests, ...load } = results.contactFunction;
    const { mailDown, ...steady } = load;
    body.push(photoRequestsLine(photoRequests), ...(mailDown ? [mailDownLine(mailDown)] : []), loadLines(steady).map((line) => line.trim()).join("\n"));
  } else if (part === "job" && results.deliveryJob) {
    const job = results.deliveryJob;
    body.push([...job.cases.map((entry) => deliveryJobLine(job.backlog, entry, job.mailsPerHour)), ...(job.flood ? floodLines(job.flood) : [])].map((line) => `- ${line}`).join("\n"));
  } else if (part === "alerts" && results.alerts) {
    body.push(alertsTable(results.alerts).join("\n"));
  } else if (part === "scaling" && results.scaling) {
    body.push(scalingTable(results.scaling).join("\n"));
  } else if (part === "refusals" && results.refusals) {
    body.push(refusalsTable(results.refusals).join("\n"));
  } else if (part === "cold-starts" && results.coldStarts) {
    body.push(coldStartsTable(results.coldStarts).join("\n"));
  } else if (part === "cost" && results.cost) {
    body.push(costTable(results.cost).join("\n"));
  }
  return [`## ${titles[part]}`, run.join(", ") + ".", ...body].join("\n\n");
}

const notMeasured = (part: BenchPart) => `## ${titles[part]}\n\nNot measured yet: \`npm run bench -- --only=${part}\`.`;

const header = [
  "# What `npm run bench` measured",
  "",
  "<!-- Generated by `npm run bench` (scripts/lib/measure/bench-summary.ts) from its results: do not edit by hand. -->",
  "",
  "Written by `npm run bench` from the figures it writes to `bench/results/`; do not edit it by hand.",
  "Each part says when, at which commit and on which machine it was measured: a run of one part",
  "(`--only=pages`, `--only=function`, `--only=job`, `--only=alerts`, `--only=scaling`, `--only=refusals`, `--only=cold-starts`, `--only=cost`) rewrites that part",
  "and keeps the others. `npx jiti scripts/bench.ts --summary-from=bench/results/FILE.json` writes it again from a saved",
  "run. What each figure is: `npm run bench` in the README's \"Other commands\"; how to read them:",
  "`docs/testing.md`.",
].join("\n");

const marker = (part: BenchPart) => [`<!-- bench:${part} -->`, `<!-- /bench:${part} -->`];

/** The sections an earlier summary holds, by part. */
export function sectionsIn(summary: string): Partial<Record<BenchPart, string>> {
  const found: Partial<Record<BenchPart, string>> = {};
  for (const part of benchParts) {
    const [open, close] = marker(part);
    const start = summary.indexOf(open);
    const end = summary.indexOf(close);
    if (start !== -1 && end > start) found[part] = summary.slice(start + open.length, end).trim();
  }
  return found;
}

/** The summary with the parts `results` measured, and the other parts as `earlier` had them. */
export function mergeSummary(earlier: string | undefined, results: BenchResults): string {
  const kept = sectionsIn(earlier ?? "");
  const measured = new Set(partsIn(results));
  const parts = benchParts.map((part) => {
    const [open, close] = marker(part);
    const text = measured.has(part) ? section(part, results) : (kept[part] ?? notMeasured(part));
    return `${open}\n\n${text}\n\n${close}`;
  });
  return `${header}\n\n${parts.join("\n\n")}\n`;
}

/** Writes `file` (docs/bench.md) from a run's results, keeping the parts it did not measure. */
export function writeSummary(results: BenchResults, file = "docs/bench.md"): void {
  const earlier = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
  fs.writeFileSync(file, mergeSummary(earlier, results));
}
