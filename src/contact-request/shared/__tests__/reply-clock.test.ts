import fs from "node:fs";
import path from "node:path";
import { afterOpeningMinutes, amsterdamTime, openingMinutesBetween, reminderDueAt, replyDueAt, replyMoment, type OpeningDay, type ReplyTargets } from "../reply-clock";

/** The company's opening hours as content types them: the tests follow an edit there. */
const company = JSON.parse(fs.readFileSync(path.join(__dirname, "../../../../content/company.json"), "utf8")) as { openingHours: OpeningDay[]; replyTargets: ReplyTargets };
const hours = company.openingHours;
const dayOf = (weekday: string) => hours.find((day) => day.dayOfWeek === weekday)!;
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));
/** Amsterdam's wall time of an instant, as "Saturday 09:00". */
const shown = (at: Date) => {
  const time = amsterdamTime(at);
  return `${time.weekday} ${String(Math.floor(time.minutes / 60)).padStart(2, "0")}:${String(time.minutes % 60).padStart(2, "0")}`;
};
/** A clock time `minutes` later, to the whole minute as clocks show it. */
const plus = (clock: string, minutes: number) => {
  const total = Math.floor(minutesOf(clock) + minutes);
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
};

describe("the reply clock", () => {
  it("runs a request sent after Friday's closing from Saturday's opening", () => {
    // Friday 27 November 2026, 17:55 in Amsterdam (winter time, UTC+1).
    const friday = new Date("2026-11-27T16:55:00Z");
    expect(shown(friday)).toBe("Friday 17:55");
    expect(minutesOf(dayOf("Friday").closes)).toBeLessThanOrEqual(17 * 60 + 55);
    const clock = { openingHours: hours, targets: company.replyTargets, urgentServices: ["Daklekkage"] };
    expect(shown(replyDueAt(friday, "Dakisolatie", clock))).toBe(`Saturday ${plus(dayOf("Saturday").opens, company.replyTargets.openingMinutes)}`);
  });

  it("carries what is left of the target over the closing into the next opening day, past a closed Sunday", () => {
    const saturday = dayOf("Saturday");
    const late = new Date(`2026-11-28T${plus(saturday.closes, -20)}:00+01:00`); // 20 minutes before closing
    expect(shown(afterOpeningMinutes(late, 60, hours))).toBe(`Monday ${plus(dayOf("Monday").opens, 40)}`);
    expect(openingMinutesBetween(late, afterOpeningMinutes(late, 60, hours), hours)).toBe(60);
  });

  it("keeps Amsterdam's clock through the change to summer time", () => {
    // Monday 30 March 2026, the day after the clocks went forward: 10:00 is 08:00 UTC.
    const monday = new Date("2026-03-30T08:00:00Z");
    expect(shown(monday)).toBe("Monday 10:00");
    expect(shown(afterOpeningMinutes(monday, 60, hours))).toBe("Monday 11:00");
  });

  it("runs an emergency at any hour, and reminds halfway to either target", () => {
    const clock = { openingHours: hours, targets: company.replyTargets, urgentServices: ["Daklekkage"] };
    const { openingMinutes, emergencyMinutes } = company.replyTargets;
    const night = new Date("2026-11-29T01:00:00Z"); // Sunday 02:00
    expect(shown(replyDueAt(night, "Daklekkage", clock))).toBe(`Sunday ${plus("02:00", emergencyMinutes)}`);
    expect(shown(reminderDueAt(night, "Daklekkage", clock))).toBe(`Sunday ${plus("02:00", emergencyMinutes / 2)}`);
    expect(shown(replyDueAt(night, "Dakisolatie", clock))).toBe(`Monday ${plus(dayOf("Monday").opens, openingMinutes)}`);
    expect(shown(reminderDueAt(night, "Dakisolatie", clock))).toBe(`Monday ${plus(dayOf("Monday").opens, openingMinutes / 2)}`);
  });

  it("counts only opening hours between two moments", () => {
    const friday = new Date("2026-11-27T16:55:00Z");
    const monday = new Date(`2026-11-30T${plus(dayOf("Monday").opens, 30)}:00+01:00`);
    const saturday = dayOf("Saturday");
    expect(openingMinutesBetween(friday, monday, hours)).toBe(minutesOf(saturday.closes) - minutesOf(saturday.opens) + 30);
    expect(openingMinutesBetween(monday, friday, hours)).toBe(0);
  });

  it("counts opening hours over more than two weeks, as a late answer in the monthly report takes", () => {
    const week = hours.reduce((sum, day) => sum + (day.opens ? minutesOf(day.closes) - minutesOf(day.opens) : 0), 0);
    // Monday 2 November 2026 at opening, to the same moment three weeks on.
    const start = new Date(`2026-11-02T${dayOf("Monday").opens}:00+01:00`);
    expect(openingMinutesBetween(start, new Date(start.getTime() + 21 * 24 * 3600_000), hours)).toBe(3 * week);
  });

  it("says when, as a person does", () => {
    const now = new Date("2026-11-27T12:00:00Z"); // Friday 13:00
    expect(replyMoment(new Date("2026-11-27T13:30:00Z"), now)).toBe("vandaag vóór 14:30");
    expect(replyMoment(new Date("2026-11-28T09:00:00Z"), now)).toBe("morgen vóór 10:00");
    expect(replyMoment(new Date("2026-11-30T08:00:00Z"), now)).toBe("maandag vóór 09:00");
  });
});
