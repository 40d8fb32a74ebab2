import fs from "node:fs";
import path from "node:path";
import { contentDir } from "../content-dir";
import {
  asSent,
  isDue,
  isPastRetention,
  leaseMs,
  newStoredRequest,
  nextAttemptAt,
  receivedAtOf,
  requestId,
  retentionMonths,
  retryDelaysMs,
  withFailedAttempt,
  withLease,
} from "../contact-delivery";
import { validRequest } from "./contact-request-example";

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
  it("states the term the job keeps requests for", () => {
    const statement = fs.readFileSync(path.join(contentDir, "legal", "privacy.md"), "utf8");
    expect(statement).toContain(`| Aanvragen via het formulier, zoals de website ze bewaart | ${retentionMonths} maanden na ontvangst |`);
    expect(statement).toContain(`Na ${retentionMonths} maanden verwijdert de website de bewaarde aanvraag.`);
  });
});
