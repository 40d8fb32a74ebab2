import {
  consentRecord,
  consentStorageKey,
  everything,
  onlyNecessary,
  parseConsent,
  saveConsent,
  storedConsent,
  subscribeToConsent,
} from "../consent";

const now = new Date("2026-11-22T12:00:00.000Z");
const stored = (value: unknown) => JSON.stringify(value);

describe("the stored cookie choice (docs/requirements.md, 'The cookie choice')", () => {
  it("is necessary, analytics, marketing, functional and an ISO timestamp", () => {
    expect(consentRecord({ analytics: true, marketing: false, functional: true }, now)).toEqual({
      necessary: true,
      analytics: true,
      marketing: false,
      functional: true,
      timestamp: "2026-11-22T12:00:00.000Z",
    });
  });

  it("reads back what was stored", () => {
    const record = consentRecord(everything, now);
    expect(parseConsent(stored(record), now)).toEqual(record);
  });

  it.each([
    ["missing", null],
    ["empty", ""],
    ["not JSON", "{ja"],
    ["not an object", "true"],
    ["without necessary", stored({ analytics: true, marketing: true, functional: true, timestamp: now.toISOString() })],
    ["with a flag that is not a boolean", stored({ ...consentRecord(everything, now), analytics: "ja" })],
    ["with an unreadable timestamp", stored({ ...consentRecord(everything, now), timestamp: "gisteren" })],
    ["with a timestamp that Date reads but is not a date", stored({ ...consentRecord(everything, now), timestamp: "1" })],
    ["with a day that does not exist", stored({ ...consentRecord(everything, now), timestamp: "2026-02-30T12:00:00.000Z" })],
    ["with a timestamp in the future, which would never expire", stored(consentRecord(everything, new Date("2036-11-22T12:00:00.000Z")))],
    ["with a timestamp a second ahead of the clock", stored(consentRecord(everything, new Date(now.getTime() + 1000)))],
  ])("counts as no choice when %s", (_, raw) => {
    expect(parseConsent(raw, now)).toBeNull();
  });

  it("holds for 12 months, as the privacy statement promises, and then counts as no choice", () => {
    const given = new Date("2025-11-22T12:00:01.000Z");
    const raw = stored(consentRecord(onlyNecessary, given));
    expect(parseConsent(raw, now)).not.toBeNull();
    expect(parseConsent(raw, new Date("2026-11-22T12:00:01.000Z"))).toBeNull();
    expect(parseConsent(stored(consentRecord(onlyNecessary, new Date("2025-10-01T00:00:00Z"))), now)).toBeNull();
  });
});

describe("the browser store", () => {
  beforeEach(() => localStorage.clear());

  it("saves under cookie-consent and tells its listeners", () => {
    const listener = jest.fn();
    const unsubscribe = subscribeToConsent(listener);
    expect(storedConsent()).toBeNull();
    saveConsent({ analytics: false, marketing: false, functional: true });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(consentStorageKey) ?? "")).toMatchObject({ necessary: true, functional: true, analytics: false });
    expect(storedConsent()).toMatchObject({ functional: true });
    unsubscribe();
  });

  it("returns the same object while storage is unchanged", () => {
    saveConsent(everything);
    expect(storedConsent()).toBe(storedConsent());
  });

  it("keeps the choice for this page view when storage refuses it", () => {
    const setItem = jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("quota", "QuotaExceededError");
    });
    saveConsent(everything);
    expect(storedConsent()).toMatchObject({ analytics: true });
    setItem.mockRestore();
  });

  it("follows a choice made in another tab", () => {
    const listener = jest.fn();
    const unsubscribe = subscribeToConsent(listener);
    window.dispatchEvent(new StorageEvent("storage", { key: consentStorageKey }));
    window.dispatchEvent(new StorageEvent("storage", { key: "something-else" }));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
