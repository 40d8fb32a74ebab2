/**
 * The reply clock (docs/contact-requests.md, "The reply clock"): a request's
 * time runs in the opening hours of content/company.json, in Amsterdam's own
 * time, and stands still outside them; an emergency's runs at every hour.
 * Pure: the thank-you page, the request page, the job and the monthly report
 * all count with it.
 */

export type Weekday = "Sunday" | "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday";

/** One day's hours as company.json types them: "08:00" to "18:00", both empty on a closed day; the day in English, as schema.org names it ("Monday"). */
export interface OpeningDay {
  dayOfWeek: string;
  opens: string;
  closes: string;
}

const zone = "Europe/Amsterdam";
const minute = 60_000;

const wallClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: zone,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  weekday: "long",
});

/** An instant as Amsterdam's clocks show it. */
export function amsterdamTime(at: Date) {
  const parts = Object.fromEntries(wallClock.formatToParts(at).map(({ type, value }) => [type, value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: parts.weekday as Weekday,
  };
}

/** Amsterdam's date of an instant, "2026-12-02": the day a day's limits count in, and its first seven the month. */
export function amsterdamDay(at: Date): string {
  const { year, month, day } = amsterdamTime(at);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The instant Amsterdam's clocks show `minutes` past midnight on a date (summer time included). */
function atAmsterdam(year: number, month: number, day: number, minutes: number): Date {
  const guess = Date.UTC(year, month - 1, day, 0, minutes);
  const shown = (at: number) => {
    const time = amsterdamTime(new Date(at));
    return Date.UTC(time.year, time.month - 1, time.day, 0, time.minutes);
  };
  const first = guess - (shown(guess) - guess);
  return new Date(guess - (shown(first) - first));
}

const clockMinutes = (value: string) => (value ? Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5)) : null);

/** A day's opening and closing instants, or null when it is closed. */
function openingOf(hours: readonly OpeningDay[], year: number, month: number, day: number, weekday: Weekday): { opens: Date; closes: Date } | null {
  const row = hours.find((entry) => entry.dayOfWeek === weekday);
  const opens = clockMinutes(row?.opens ?? "");
  const closes = clockMinutes(row?.closes ?? "");
  if (opens === null || closes === null || closes <= opens) return null;
  return { opens: atAmsterdam(year, month, day, opens), closes: atAmsterdam(year, month, day, closes) };
}

/** The opening periods from the day of `from` on, for two weeks unless told: more than any target in opening hours needs. */
function* openingPeriods(hours: readonly OpeningDay[], from: Date, days = 14) {
  const start = amsterdamTime(from);
  for (let offset = 0; offset < days; offset += 1) {
    const noon = new Date(Date.UTC(start.year, start.month - 1, start.day + offset, 12));
    const date = amsterdamTime(noon);
    const period = openingOf(hours, date.year, date.month, date.day, date.weekday);
    if (period) yield period;
  }
}

/** When `minutes` of opening hours have passed since `from`. */
export function afterOpeningMinutes(from: Date, minutes: number, hours: readonly OpeningDay[]): Date {
  let left = minutes * minute;
  for (const { opens, closes } of openingPeriods(hours, from)) {
    const start = Math.max(opens.getTime(), from.getTime());
    if (start >= closes.getTime()) continue;
    if (start + left <= closes.getTime()) return new Date(start + left);
    left -= closes.getTime() - start;
  }
  throw new Error("the opening hours leave no time in two weeks: check content/company.json");
}

/** How many minutes of opening hours lie between two instants, however many days apart: the monthly report's answers can take weeks. */
export function openingMinutesBetween(from: Date, to: Date, hours: readonly OpeningDay[]): number {
  // A day more than the span, for the days summer time makes shorter or longer.
  const days = Math.ceil((to.getTime() - from.getTime()) / 86_400_000) + 2;
  let total = 0;
  for (const { opens, closes } of openingPeriods(hours, from, days)) {
    if (opens.getTime() >= to.getTime()) break;
    const start = Math.max(opens.getTime(), from.getTime());
    const end = Math.min(closes.getTime(), to.getTime());
    if (end > start) total += end - start;
  }
  return total / minute;
}

export interface ReplyTargets {
  /** The target for a request, in minutes of opening hours. */
  openingMinutes: number;
  /** The target for an emergency, in minutes at any hour. */
  emergencyMinutes: number;
}

/** The clock as the build writes it beside the functions (form-options.json), from content/company.json and the services. */
export interface ReplyClock {
  openingHours: readonly OpeningDay[];
  targets: ReplyTargets;
  /** The services whose requests are emergencies (a service's `urgent`): their clock runs at every hour. */
  urgentServices: readonly string[];
}

export const isEmergency = (service: string, clock: ReplyClock) => clock.urgentServices.includes(service);

/** When a request must have its answer: an emergency's at any hour, any other's in opening hours. */
export const replyDueAt = (receivedAt: Date, service: string, clock: ReplyClock) =>
  isEmergency(service, clock)
    ? new Date(receivedAt.getTime() + clock.targets.emergencyMinutes * minute)
    : afterOpeningMinutes(receivedAt, clock.targets.openingMinutes, clock.openingHours);

/** When to remind the contractor of an unanswered request: halfway to its target, counted as its target is. */
export const reminderDueAt = (receivedAt: Date, service: string, clock: ReplyClock) =>
  isEmergency(service, clock)
    ? new Date(receivedAt.getTime() + (clock.targets.emergencyMinutes / 2) * minute)
    : afterOpeningMinutes(receivedAt, clock.targets.openingMinutes / 2, clock.openingHours);

const dutchWeekday: Record<Weekday, string> = {
  Sunday: "zondag",
  Monday: "maandag",
  Tuesday: "dinsdag",
  Wednesday: "woensdag",
  Thursday: "donderdag",
  Friday: "vrijdag",
  Saturday: "zaterdag",
};

const dayNumber = ({ year, month, day }: { year: number; month: number; day: number }) => Date.UTC(year, month - 1, day) / 86_400_000;
const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** When an answer is due, as a person says it: "vandaag vóór 15:30", "morgen vóór 09:30", "maandag vóór 10:00". */
export function replyMoment(due: Date, now: Date): string {
  const at = amsterdamTime(due);
  const days = dayNumber(at) - dayNumber(amsterdamTime(now));
  const day = days <= 0 ? "vandaag" : days === 1 ? "morgen" : dutchWeekday[at.weekday];
  return `${day} vóór ${clock(at.minutes)}`;
}
