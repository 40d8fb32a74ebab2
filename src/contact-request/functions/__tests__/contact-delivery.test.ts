import fs from "node:fs";
import { handlingMarks } from "../request-handling";
import { markLabels } from "../request-page";
import path from "node:path";
import { contentDir } from "../../../../plugins/gatsby-plugin-content/content-dir";
import {
  asSent,
  contactLimits,
  hourOf,
  isDue,
  isPastRetention,
  leaseMs,
  newStoredRequest,
  nextAttemptAt,
  receivedAtOf,
  requestId,
  retentionCutoff,
  retentionMonths,
  retryDelaysMs,
  shownForMsOf,
  suspectReasons,
  suspectRetentionCutoff,
  tenMinutesOf,
  withFailedAttempt,
  withLease,
} from "../contact-delivery";
import { validRequest } from "../../shared/__tests__/contact-request-example";

const at = (iso: string) => new Date(iso);
const minutes = (n: number) => n * 60_000;

describe("request ids", () => {
  it("sort by arrival and give back their time", () => {
    const first = requestId(at("2026-11-23T18:40:00.123Z"));
    const second = requestId(at("2026-11-23T18:40:00.124Z"));
    expect(first).toMatch(/^20261123T184000123Z-[0-9a-f]{8}$/);
    expect([second, first].sort()).toEqual([first, second]);
    expect(receivedAtOf(first)?.toISOString()).toBe("2026-11-23T18:40:00.123Z");
  });

  it("know no time for a key that is not theirs", () => {
    expect(receivedAtOf("notes.txt")).toBeNull();
    expect(receivedAtOf("20261123T184000123Z")).toBeNull();
  });
});

describe("when a pending request is mailed again", () => {
  const received = at("2026-11-23T18:00:00Z");
  const fresh = newStoredRequest(validRequest, received);
  const failed = (times: number, last = received) =>
    Array.from({ length: times }).reduce<typeof fresh>((record) => withFailedAttempt(record, last, "ECONNREFUSED"), fresh);

  it("is due at once before any attempt failed", () => {
    expect(nextAttemptAt(fresh.delivery)).toBeNull();
    expect(isDue(fresh, received)).toBe(true);
  });

  it("waits nothing after the first failure, then 15 minutes, 1 hour, 6 hours, and a day from then on", () => {
    const waits = [1, 2, 3, 4, 5, 9].map((times) => (nextAttemptAt(failed(times).delivery)?.getTime() ?? 0) - received.getTime());
    expect(waits).toEqual([0, minutes(15), minutes(60), minutes(360), minutes(1440), minutes(1440)]);
    expect(retryDelaysMs).toHaveLength(5);
  });

  it("is not due before its wait is over, and due once it is", () => {
    const twice = failed(2);
    expect(isDue(twice, new Date(received.getTime() + minutes(15) - 1))).toBe(false);
    expect(isDue(twice, new Date(received.getTime() + minutes(15)))).toBe(true);
  });

  it("is nobody else's while a lease runs, and free when it has run out", () => {
    const leased = withLease(fresh, "run 1", received);
    expect(leased.delivery.lease).toEqual({ owner: "run 1", until: new Date(received.getTime() + leaseMs).toISOString() });
    expect(isDue(leased, new Date(received.getTime() + leaseMs - 1))).toBe(false);
    expect(isDue(leased, new Date(received.getTime() + leaseMs))).toBe(true);
  });

  it("lets go of the lease when an attempt fails or succeeds", () => {
    const leased = withLease(fresh, "run 1", received);
    expect(withFailedAttempt(leased, received, "timeout").delivery).toEqual({ state: "pending", attempts: [{ at: received.toISOString(), error: "timeout" }] });
    expect(asSent(leased, received).delivery).toEqual({ state: "sent", sentAt: received.toISOString(), attempts: [] });
  });

  it("keeps the lease on a failed attempt whose mail may still go out", () => {
    const leased = withLease(fresh, "run 1", received);
    const late = withFailedAttempt(leased, received, "deadline", { keepLease: true });
    expect(late.delivery).toEqual({ ...leased.delivery, attempts: [{ at: received.toISOString(), error: "deadline" }] });
    expect(isDue(late, new Date(received.getTime() + leaseMs - 1))).toBe(false);
  });

  it("is never due once sent", () => {
    expect(isDue(asSent(fresh, received), at("2030-01-01T00:00:00Z"))).toBe(false);
  });
});

describe("retention", () => {
  it("ends 12 calendar months after the request arrived", () => {
    const received = at("2025-11-23T18:00:00Z");
    expect(isPastRetention(received, at("2026-11-23T17:59:59.999Z"))).toBe(false);
    expect(isPastRetention(received, at("2026-11-23T18:00:00Z"))).toBe(true);
  });
});

describe("the privacy statement", () => {
  const statement = fs.readFileSync(path.join(contentDir, "legal", "privacy.md"), "utf8");

  it("states the term the job keeps requests for", () => {
    expect(statement).toContain(`| Aanvragen via het formulier, zoals de website ze bewaart | ${retentionMonths} maanden na ontvangst |`);
    expect(statement).toContain(`Na ${retentionMonths} maanden verwijdert de website de bewaarde aanvraag.`);
  });

  it("says photos are kept with their request for the same term, without location or camera data", () => {
    expect(statement).toContain(`bewaart de website bij uw aanvraag, en zij verwijdert ze samen met de aanvraag na ${retentionMonths} maanden.`);
    expect(statement).toContain("haalt zij de locatie- en cameragegevens eruit");
  });

  it("says what is noted of a request's handling, each mark by name, and that it goes with the request", () => {
    const paragraph = statement.split("\n").find((line) => line.startsWith("**Hoe wij uw aanvraag afhandelen.**")) ?? "";
    expect(paragraph).toContain("wanneer wij haar voor het eerst openden"); // firstViewedAt
    expect(paragraph).toContain("en wanneer en hoe wij haar afhandelden"); // answeredAt and the mark
    for (const mark of handlingMarks) expect(paragraph).toContain(markLabels[mark].button.toLowerCase());
    expect(paragraph).toContain(`samen met de aanvraag na ${retentionMonths} maanden.`);
  });

  it("states the terms for suspect requests and for the hashed address, which lives its clock hour", () => {
    expect(statement).toContain(`| Aanvragen die door een programma verstuurd lijken | ${contactLimits.suspectRetentionDays} dagen na ontvangst |`);
    expect(statement).toContain(`de website verwijdert ze na ${contactLimits.suspectRetentionDays} dagen.`);
    expect(statement).toContain("| Gehashte vorm van uw IP-adres, om misbruik te beperken | 1 uur |");
    expect(hourOf(new Date("2026-11-26T10:59:59Z"))).toBe("2026112610");
  });

  it("says how to have the requests deleted sooner: by mail to the company's address, which npm run requests -- --forget then does", () => {
    expect(statement).toContain("Stuur dan een e-mail naar {email} en noem het e-mailadres waarmee u het formulier invulde.");
    expect(statement).toContain("Wij verwijderen dan alle aanvragen van dat e-mailadres die de website bewaart, met de foto's die u meestuurde");
  });
});

describe("suspect requests", () => {
  it("are those with the honeypot filled, or sent sooner than a person types; a form that does not say is not", () => {
    expect(suspectReasons({ honeypot: true, shownForMs: null })).toEqual(["honeypot"]);
    expect(suspectReasons({ honeypot: false, shownForMs: contactLimits.minimumFillMs - 1 })).toEqual(["too-fast"]);
    expect(suspectReasons({ honeypot: true, shownForMs: 10 })).toEqual(["honeypot", "too-fast"]);
    expect(suspectReasons({ honeypot: false, shownForMs: contactLimits.minimumFillMs })).toEqual([]);
    expect(suspectReasons({ honeypot: false, shownForMs: null })).toEqual([]);
  });

  it("read the form's time from a number or the form post's text, and nothing else", () => {
    expect(shownForMsOf({ shownForMs: "4500" }, "shownForMs")).toBe(4500);
    expect(shownForMsOf({ shownForMs: 120 }, "shownForMs")).toBe(120);
    for (const value of [undefined, "", "snel", "-5", null, {}]) expect(shownForMsOf({ shownForMs: value }, "shownForMs")).toBeNull();
    expect(shownForMsOf("tekst", "shownForMs")).toBeNull();
  });
});

describe("the buckets the flood guards keep their counts in", () => {
  it("are the clock hour and the ten minutes a moment falls in", () => {
    expect(tenMinutesOf(at("2026-11-26T10:09:59.999Z"))).toBe("202611261000");
    expect(tenMinutesOf(at("2026-11-26T10:10:00Z"))).toBe("202611261010");
    expect(hourOf(at("2026-11-26T23:00:00Z"))).toBe("2026112623");
  });

  it("and the sweep's cutoffs are 12 calendar months and 30 days back", () => {
    expect(retentionCutoff(at("2026-11-26T10:00:00Z")).toISOString()).toBe("2025-11-26T10:00:00.000Z");
    expect(suspectRetentionCutoff(at("2026-11-26T10:00:00Z")).toISOString()).toBe("2026-10-27T10:00:00.000Z");
  });
});
