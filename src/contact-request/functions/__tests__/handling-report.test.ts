import { newStoredRequest } from "../contact-delivery";
import { figuresTable, handledRequest, hoursAndMinutes, idPrefixesOf, monthBefore, monthFigures, monthName, monthOf, nearestRank, type HandledRequest } from "../handling-report";
import type { Handling } from "../request-handling";
import { afterOpeningMinutes, replyDueAt } from "../../shared/reply-clock";
import { validRequest } from "../../shared/__tests__/contact-request-example";
import { contentClock } from "../../../../scripts/lib/requests/content-clock";

/** The clock of content/company.json and the services: the tests follow an edit there. */
const clock = contentClock;
const hours = clock.openingHours;
const { openingMinutes } = clock.targets;
const emergency = clock.urgentServices[0] ?? "";
const ordinary = "Dakisolatie";
const minute = 60_000;
const opens = (weekday: string) => hours.find((day) => day.dayOfWeek === weekday)?.opens ?? "";
const closes = (weekday: string) => hours.find((day) => day.dayOfWeek === weekday)?.closes ?? "";
/** A moment `minutes` after a clock time, on a date in Amsterdam ("+02:00" in summer time, "+01:00" after 25 October 2026). */
const at = (date: string, time: string, zone: string, minutes = 0) => new Date(Date.parse(`${date}T${time}:00${zone}`) + minutes * minute);
const iso = (moment: Date) => moment.toISOString();

function handled(service: string, receivedAt: Date, handling: (received: Date) => Handling = () => ({}), suspect = false): HandledRequest {
  const record = { ...newStoredRequest({ ...validRequest, service }, receivedAt), ...(suspect && { suspect: ["honeypot" as const] }) };
  return handledRequest(record, handling(receivedAt));
}
/** Viewed and answered that many minutes of opening hours after arrival. */
const inOpeningMinutes = (view: number, answer?: number) => (received: Date): Handling => ({
  firstViewedAt: iso(afterOpeningMinutes(received, view, hours)),
  ...(answer !== undefined && { answeredAt: iso(afterOpeningMinutes(received, answer, hours)), mark: "answered" as const }),
});

describe("percentiles by nearest rank", () => {
  it("take the value at rank ⌈p/100 × n⌉: the median of an odd count is the middle one, of an even count the lower middle", () => {
    expect(nearestRank([1, 2, 3, 4, 5], 50)).toBe(3);
    expect(nearestRank([1, 2, 3, 4, 5], 90)).toBe(5);
    expect(nearestRank([10, 20, 30, 40], 50)).toBe(20);
    expect(nearestRank([10, 20, 30, 40], 90)).toBe(40);
    expect(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    expect(nearestRank([7], 50)).toBe(7);
    expect(nearestRank([], 50)).toBeNull();
  });
});

describe("the months", () => {
  it("are Amsterdam's calendar months, and their ids begin on the last UTC day before", () => {
    expect(monthOf(new Date("2026-09-30T22:30:00Z"))).toBe("2026-10");
    expect(monthOf(new Date("2026-10-31T23:30:00Z"))).toBe("2026-11");
    expect(monthBefore("2026-01")).toBe("2025-12");
    expect(monthBefore("2026-11")).toBe("2026-10");
    expect(idPrefixesOf("2026-10")).toEqual(["20260930", "202610"]);
    expect(idPrefixesOf("2026-01")).toEqual(["20251231", "202601"]);
    expect(monthName("2026-10")).toBe("oktober 2026");
  });
});

describe("the monthly report's figures", () => {
  // Monday 2 November at opening: the report of October, on the first working day after.
  const now = at("2026-11-02", opens("Monday"), "+01:00");
  const october = [
    // Viewed after 10 and 30 minutes of opening hours, answered after 40 and 20 past the target.
    handled(ordinary, at("2026-10-05", opens("Monday"), "+02:00", 30), inOpeningMinutes(10, 40)),
    handled(ordinary, at("2026-10-05", opens("Monday"), "+02:00", 45), inOpeningMinutes(30, openingMinutes + 20)),
    // An emergency at night, Sunday 02:00: seen 5 minutes later, answered after 12, by the clock on the wall.
    handled(emergency, at("2026-10-04", "02:00", "+02:00"), (received) => ({
      firstViewedAt: iso(new Date(received.getTime() + 5 * minute)),
      answeredAt: iso(new Date(received.getTime() + 12 * minute)),
      mark: "answered",
    })),
    // Friday 10 minutes before closing, viewed after 30 minutes of opening hours (the next day), never answered.
    handled(ordinary, at("2026-10-30", closes("Friday"), "+01:00", -10), inOpeningMinutes(30)),
    // Never seen, past its target.
    handled(ordinary, at("2026-10-06", opens("Tuesday"), "+02:00")),
    // Saturday 5 minutes before closing: unanswered, but its target lies after now.
    handled(ordinary, at("2026-10-31", closes("Saturday"), "+01:00", -5)),
    // Suspect: not counted.
    handled(ordinary, at("2026-10-07", opens("Wednesday"), "+02:00"), () => ({}), true),
  ];
  const notYetDue = october[5];

  it("count each request's minutes on its own clock, by nearest rank, and what went past its target", () => {
    expect(clock.urgentServices).not.toContain(ordinary);
    expect(notYetDue && replyDueAt(new Date(notYetDue.receivedAt), ordinary, clock) > now).toBe(true);
    const [figures] = monthFigures(october, clock, now);
    expect(figures).toEqual({
      month: "2026-10",
      requests: 6,
      emergencies: 1,
      // Viewed: 5, 10, 30, 30 (an even count): the median is the second.
      toFirstView: { median: 10, p90: 30 },
      // Answered: 12, 40, target + 20 (an odd count): the median is the middle one.
      toAnswer: { median: 40, p90: openingMinutes + 20 },
      // Answered late, viewed and never answered, never seen.
      pastTarget: 3,
      notViewed: 2,
      notAnswered: 3,
    });
  });

  it("count an emergency at night in minutes on the wall clock, not in opening hours (which would be none)", () => {
    const [figures] = monthFigures(october.slice(2, 3), clock, now);
    expect(figures).toMatchObject({ requests: 1, emergencies: 1, toFirstView: { median: 5, p90: 5 }, toAnswer: { median: 12, p90: 12 }, pastTarget: 0 });
  });

  it("give a month without requests its row, and leave out months not asked for", () => {
    const september = handled(ordinary, at("2026-09-15", opens("Tuesday"), "+02:00"), inOpeningMinutes(5, 10));
    const figures = monthFigures([september, ...october], clock, now, ["2026-10", "2026-08"]);
    expect(figures.map(({ month }) => month)).toEqual(["2026-08", "2026-10"]);
    expect(figures[0]).toEqual({ month: "2026-08", requests: 0, emergencies: 0, toFirstView: null, toAnswer: null, pastTarget: 0, notViewed: 0, notAnswered: 0 });
    expect(monthFigures([september, ...october], clock, now).map(({ month }) => month)).toEqual(["2026-09", "2026-10"]);
  });

  it("show as a Dutch table in hours and minutes, a dash where nothing was measured", () => {
    const lines = figuresTable(monthFigures(october, clock, now, ["2026-09", "2026-10"])).split("\n");
    const cells = (line = "") => line.trim().split(/\s{2,}/);
    expect(cells(lines[0])).toEqual(["maand", "aanvragen", "spoed", "bekeken: mediaan", "90%", "beantwoord: mediaan", "90%", "over tijd", "niet bekeken", "niet beantwoord"]);
    expect(cells(lines[1])).toEqual(["september 2026", "0", "0", "–", "–", "–", "–", "0", "0", "0"]);
    expect(cells(lines[2])).toEqual(["oktober 2026", "6", "1", "0:10", "0:30", "0:40", hoursAndMinutes(openingMinutes + 20), "3", "2", "3"]);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(hoursAndMinutes(42.4)).toBe("0:42");
    expect(hoursAndMinutes(26 * 60 + 5)).toBe("26:05");
  });
});
