import { limits } from "../../shared/contact-fields";
import { clearDraft, draftKey, readDraft, saveDraft } from "../contact-draft";

describe("contact form draft", () => {
  beforeEach(() => sessionStorage.clear());

  it("keeps what was typed and reads it back", () => {
    saveDraft(sessionStorage, { name: "Jan", phone: "0612345678", message: "Lekkage\nboven" });
    expect(readDraft(sessionStorage)).toEqual({ name: "Jan", phone: "0612345678", message: "Lekkage\nboven" });
  });

  it("stores nothing for an empty form and removes an earlier draft", () => {
    saveDraft(sessionStorage, { name: "Jan" });
    saveDraft(sessionStorage, { name: "", email: "" });
    expect(sessionStorage.getItem(draftKey)).toBeNull();
  });

  it("is removed after a sent request", () => {
    saveDraft(sessionStorage, { name: "Jan" });
    clearDraft(sessionStorage);
    expect(readDraft(sessionStorage)).toEqual({});
  });

  it("ignores unknown fields, non-text values and broken JSON", () => {
    sessionStorage.setItem(draftKey, JSON.stringify({ name: "Jan", email: 42, website: "spam" }));
    expect(readDraft(sessionStorage)).toEqual({ name: "Jan" });
    sessionStorage.setItem(draftKey, "{not json");
    expect(readDraft(sessionStorage)).toEqual({});
  });

  it("cuts each restored field to the length the form allows", () => {
    const long = "a".repeat(200_000);
    sessionStorage.setItem(draftKey, JSON.stringify({ name: long, email: long, address: long, message: long, phone: "0612345678" }));
    const draft = readDraft(sessionStorage);
    for (const [field, limit] of Object.entries(limits)) expect(draft[field as keyof typeof limits]).toHaveLength(limit);
    expect(draft.phone).toBe("0612345678");
  });

  it("works without storage and when storage throws", () => {
    const blocked = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    } as unknown as Storage;
    expect(readDraft(undefined)).toEqual({});
    expect(readDraft(blocked)).toEqual({});
    expect(() => saveDraft(blocked, { name: "Jan" })).not.toThrow();
    expect(() => clearDraft(blocked)).not.toThrow();
  });
});
