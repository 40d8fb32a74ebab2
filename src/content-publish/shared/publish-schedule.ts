/**
 * When a change made in the CMS goes live (docs/deploying.md, "Content is
 * published in batches"): content waits for one production build a day, and
 * an editor may ask for one now a few times a day.
 */

/**
 * The daily publish's run, in UTC as Netlify's schedules are: 04:30 UTC is
 * 05:30 in Amsterdam's winter and 06:30 in its summer, so a build of a few
 * minutes is live before dailyPublishLiveBy all year.
 */
const runHourUtc = 4;
const runMinuteUtc = 30;

/** Its cron. The scheduled function's config repeats it as a literal, because Netlify reads it from that file; a test holds the two together. */
export const dailyPublishCron = `${runMinuteUtc} ${runHourUtc} * * *`;

/** Amsterdam's time by which the daily publish is live, as the CMS tells an editor after a save. */
export const dailyPublishLiveBy = "07:00";

/** Builds an editor may ask for at once in one Amsterdam day, site-wide: each is a production deploy of the month's credits. */
export const publishNowPerDay = 3;

/** The daily publish's next run after `now`: today's when it is still to come, else tomorrow's. */
export function nextDailyPublish(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), runHourUtc, runMinuteUtc);
  return new Date(today > now.getTime() ? today : today + 24 * 60 * 60_000);
}

/** The day the limits on publishing count in: the CMS words today and tomorrow by it. */
export { amsterdamDay } from "../../contact-request/shared/reply-clock";
