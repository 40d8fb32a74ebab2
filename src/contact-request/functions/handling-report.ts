import type { StoredContactRequest } from "./contact-delivery";
import type { Handling } from "./request-handling";
import { amsterdamDay, isEmergency, openingMinutesBetween, replyDueAt, type ReplyClock } from "../shared/reply-clock";

/**
 * The monthly report of the reply clock (docs/contact-requests.md, "The
 * monthly report"): per calendar month in Amsterdam of arrival, how long the
 * requests waited for their first view and for their answer, and how many
 * went past their target. Pure: the job and `npm run requests -- --report`
 * read the store.
 */

/**
 * What the report needs of a request and of what was noted of its handling
 * (request-handling.ts): small, so the job can keep a month of them between
 * its runs.
 */
export interface HandledRequest {
  id: string;
  receivedAt: string;
  service: string;
  suspect: boolean;
  firstViewedAt?: string;
  answeredAt?: string;
}

export const handledRequest = (record: StoredContactRequest, { firstViewedAt, answeredAt }: Handling): HandledRequest => ({
  id: record.id,
  receivedAt: record.receivedAt,
  service: record.request.service,
  suspect: record.suspect !== undefined,
  ...(firstViewedAt !== undefined && { firstViewedAt }),
  ...(answeredAt !== undefined && { answeredAt }),
});

/** Minutes on the requests' own clocks, by nearest rank (nearestRank). */
export interface Spread {
  median: number;
  p90: number;
}

export interface MonthFigures {
  /** The month of arrival in Amsterdam, "2026-10". */
  month: string;
  requests: number;
  /** Of those, emergencies: their minutes are every minute, as their clock runs. */
  emergencies: number;
  /** From arrival to the first view of the request's page, and to its first mark; null when none got there yet. */
  toFirstView: Spread | null;
  toAnswer: Spread | null;
  /** Answered after their target, or unanswered with it passed. */
  pastTarget: number;
  notViewed: number;
  notAnswered: number;
}

const minute = 60_000;
const twoDigits = (value: number) => String(value).padStart(2, "0");

/** The month a moment falls in by Amsterdam's calendar, "2026-10". */
export const monthOf = (at: Date): string => amsterdamDay(at).slice(0, 7);

export const isMonth = (value: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

export function monthBefore(month: string): string {
  const [year = 0, number = 0] = month.split("-").map(Number);
  return number === 1 ? `${year - 1}-12` : `${year}-${twoDigits(number - 1)}`;
}

/** "oktober 2026". */
export function monthName(month: string): string {
  const [year = 0, number = 0] = month.split("-").map(Number);
  return new Intl.DateTimeFormat("nl-NL", { month: "long", year: "numeric", timeZone: "UTC" }).format(Date.UTC(year, number - 1, 15));
}

/**
 * How the ids of a month's requests begin (requestId: the arrival in UTC), so
 * a listing by prefix finds them without the rest of the year. Amsterdam is
 * ahead of UTC, so its month begins on the last UTC day of the month before:
 * that day's hours before it are the caller's to leave out (monthOf).
 */
export function idPrefixesOf(month: string): string[] {
  const [year = 0, number = 0] = month.split("-").map(Number);
  const dayBefore = new Date(Date.UTC(year, number - 1, 0)).toISOString().slice(0, 10).replace(/-/g, "");
  return [dayBefore, month.replace("-", "")];
}

/**
 * The nearest-rank percentile of values sorted from low to high: the value at
 * rank ⌈p/100 × n⌉, so every figure is one request's own time, never an
 * average of two (the median of four is the second). Null for no values.
 */
export function nearestRank(sorted: readonly number[], percent: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(1, Math.ceil((percent * sorted.length) / 100)) - 1] ?? null;
}

function spread(minutes: readonly number[]): Spread | null {
  const sorted = [...minutes].sort((a, b) => a - b);
  const median = nearestRank(sorted, 50);
  const p90 = nearestRank(sorted, 90);
  return median === null || p90 === null ? null : { median, p90 };
}

/** The minutes between two moments on a request's clock: an emergency's runs at every hour, any other's in the opening hours. */
function clockMinutes({ receivedAt, service }: HandledRequest, to: string, clock: ReplyClock): number {
  const from = new Date(receivedAt);
  return isEmergency(service, clock)
    ? Math.max(0, (Date.parse(to) - from.getTime()) / minute)
    : openingMinutesBetween(from, new Date(to), clock.openingHours);
}

function figuresOf(month: string, handled: readonly HandledRequest[], clock: ReplyClock, now: Date): MonthFigures {
  const viewed = handled.flatMap((entry) => (entry.firstViewedAt ? [clockMinutes(entry, entry.firstViewedAt, clock)] : []));
  const answered = handled.flatMap((entry) => (entry.answeredAt ? [clockMinutes(entry, entry.answeredAt, clock)] : []));
  const pastTarget = handled.filter(({ receivedAt, service, answeredAt }) => {
    const due = replyDueAt(new Date(receivedAt), service, clock).getTime();
    return (answeredAt ? Date.parse(answeredAt) : now.getTime()) > due;
  });
  return {
    month,
    requests: handled.length,
    emergencies: handled.filter(({ service }) => isEmergency(service, clock)).length,
    toFirstView: spread(viewed),
    toAnswer: spread(answered),
    pastTarget: pastTarget.length,
    notViewed: handled.length - viewed.length,
    notAnswered: handled.length - answered.length,
  };
}

/**
 * The figures of each month, oldest first: of `months` where given (a month
 * without requests too), else of every month a request arrived in. Suspect
 * requests do not count: most were sent by programs, and the contractor is
 * not asked to answer them.
 */
export function monthFigures(handled: readonly HandledRequest[], clock: ReplyClock, now: Date, months?: readonly string[]): MonthFigures[] {
  const byMonth = new Map<string, HandledRequest[]>();
  for (const entry of handled.filter(({ suspect }) => !suspect)) {
    const month = monthOf(new Date(entry.receivedAt));
    byMonth.set(month, [...(byMonth.get(month) ?? []), entry]);
  }
  return [...(months ?? byMonth.keys())].sort().map((month) => figuresOf(month, byMonth.get(month) ?? [], clock, now));
}

/** Minutes as hours and minutes, "0:42", "26:05": rounded to the minute. */
export function hoursAndMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  return `${Math.floor(whole / 60)}:${twoDigits(whole % 60)}`;
}

const columns = ["maand", "aanvragen", "spoed", "bekeken: mediaan", "90%", "beantwoord: mediaan", "90%", "over tijd", "niet bekeken", "niet beantwoord"];

/** The figures as a table for the terminal and the mail: a month a row, numbers aligned right. */
export function figuresTable(figures: readonly MonthFigures[]): string {
  const time = (value: number | undefined) => (value === undefined ? "–" : hoursAndMinutes(value));
  const rows = figures.map((month) => [
    monthName(month.month),
    String(month.requests),
    String(month.emergencies),
    time(month.toFirstView?.median),
    time(month.toFirstView?.p90),
    time(month.toAnswer?.median),
    time(month.toAnswer?.p90),
    String(month.pastTarget),
    String(month.notViewed),
    String(month.notAnswered),
  ]);
  const widths = columns.map((column, index) => Math.max(column.length, ...rows.map((row) => row[index]?.length ?? 0)));
  const line = (cells: readonly string[]) => cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0))).join("  ");
  return [line(columns), ...rows.map(line)].join("\n");
}

/** What the table's figures mean, in the contractor's words, with the targets from content. */
export function figuresLegend({ targets }: ReplyClock): string[] {
  return [
    "Tijden in uren:minuten, van binnenkomst tot de pagina van de aanvraag voor het eerst openging (bekeken) en tot ze gemarkeerd werd (beantwoord), alleen binnen de openingstijden: daarbuiten staat de klok stil. Een spoedaanvraag telt elke minuut, want de spoedlijn is dag en nacht bereikbaar.",
    "Mediaan: de helft was even snel of sneller. 90%: negen op de tien waren even snel of sneller. Alleen aanvragen die al bekeken of beantwoord zijn tellen daarin mee.",
    `Over tijd: later beantwoord dan beloofd (${targets.openingMinutes} minuten binnen de openingstijden, bij spoed ${targets.emergencyMinutes} minuten), of nog niet beantwoord terwijl die tijd voorbij is.`,
    "Verdachte aanvragen (verborgen veld ingevuld, te snel verstuurd) tellen niet mee.",
  ];
}
