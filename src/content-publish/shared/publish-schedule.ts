/**
 * When a change made in the CMS goes live (docs/deploying.md, "Content is
 * published in batches"): content waits for one production build a day, and
 * an editor may ask for one now a few times a day.
 */
import { amsterdamTime } from "../../contact-request/shared/reply-clock";

/**
 * The daily publish's schedule, Netlify's cron in UTC: 04:30 UTC is 05:30 in
 * Amsterdam's winter and 06:30 in its summer, so a build of a few minutes is
 * live before dailyPublishLiveBy all year. The scheduled function's config
 * repeats it as a literal, because Netlify reads it from that file; a test
 * holds the two together.
 */
export const dailyPublishCron = "30 4 * * *";

/** Amsterdam's time by which the daily publish is live, as the CMS tells an editor after a save. */
export const dailyPublishLiveBy = "07:00";

/** Builds an editor may ask for at once in one Amsterdam day, site-wide: each is a production deploy of the month's credits. */
export const publishNowPerDay = 3;

const dailyRun = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(dailyPublishCron);
if (!dailyRun) throw new Error(`dailyPublishCron "${dailyPublishCron}" is not "minute hour * * *": nextDailyPublish reads only that form`);
const [runMinute, runHour] = [Number(dailyRun[1]), Number(dailyRun[2])];

/** The daily publish's next run after `now`: today's when it is still to come, else tomorrow's. */
export function nextDailyPublish(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), runHour, runMinute);
  return new Date(today > now.getTime() ? today : today + 24 * 60 * 60_000);
}

/** Amsterdam's date of an instant, "2026-12-02": the day the limits on publishing count in. */
export function amsterdamDay(at: Date): string {
  const { year, month, day } = amsterdamTime(at);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
