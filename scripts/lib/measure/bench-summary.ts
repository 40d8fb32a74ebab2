/** What `npm run bench` prints of each part, from the figures it also writes to bench/results/. */
import type { DeliveryJobCase } from "./bench-delivery-job";
import type { MedianScores } from "./lighthouse";

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
}

export interface ScalingResult {
  extraTowns: number;
  builds: { build: string; pages: number; seconds: number; pagesPerSecond: number }[];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The pages' table as the bench prints it: a row per peer, then per route. */
export function pagesTable(result: Pick<PagesResult, "peers" | "pages">): string[] {
  const rows = [result.peers.static, result.peers.spa, ...result.pages];
  return [
    "| page | HTML gzip KB | script KiB | images above fold KB | images below fold before scroll KB | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | LCP / static peer | script / SPA peer |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map((r) => {
      const l = r.lighthouse;
      return `| ${r.route ?? `(${r.name})`} | ${kb(r.htmlGzipBytes)} | ${kb(r.scriptTransferBytes)} | ${kb(r.aboveFoldImageBytes)} | ${kb(r.belowFoldImageBytesBeforeScroll)} | ${l.performance} | ${l.accessibility} | ${l.bestPractices} | ${l.seo} | ${l.fcpMs} | ${l.lcpMs} | ${l.tbtMs} | ${l.cls} | ${r.lcpToStaticPeer.toFixed(2)} | ${r.scriptToSpaPeer.toFixed(2)} |`;
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
  `with 5 photos of ${Math.round(result.photoBytes / 1024)} KB (drawn as the browser does) p50 ${result.withFivePhotos.p50Ms} ms, p99 ${result.withFivePhotos.p99Ms} ms`;

export const loadLines = (summary: Omit<FunctionResult, "photoRequests">): string[] => [
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

export const scalingTable = (result: ScalingResult): string[] => [
  "| build | pages | seconds | pages/s |",
  "|---|---:|---:|---:|",
  ...result.builds.map((row) => `| ${row.build} | ${row.pages} | ${row.seconds} | ${row.pagesPerSecond} |`),
];
