import { helpfulCount, helpfulVotesKey, parseVotes, reviewOrder, saveVotes, storedVotes, toggled } from "../helpful-votes";

describe("helpful votes", () => {
  beforeEach(() => localStorage.clear());

  it("adds a vote once, keeps it in the browser and withdraws it on a second click", () => {
    const voted = toggled(parseVotes(storedVotes(localStorage)), "review-a");
    expect(voted).toEqual(new Set(["review-a"]));
    saveVotes(localStorage, voted);
    expect(JSON.parse(localStorage.getItem(helpfulVotesKey) ?? "")).toEqual(["review-a"]);
    expect(parseVotes(storedVotes(localStorage))).toEqual(new Set(["review-a"]));
    const withdrawn = toggled(parseVotes(storedVotes(localStorage)), "review-a");
    saveVotes(localStorage, withdrawn);
    expect(parseVotes(storedVotes(localStorage)).size).toBe(0);
  });

  it("adds the visitor's own vote to the content's count", () => {
    expect(helpfulCount(7, false)).toBe(7);
    expect(helpfulCount(7, true)).toBe(8);
  });

  it("treats unreadable or foreign values as no votes", () => {
    expect(parseVotes("{not json").size).toBe(0);
    expect(parseVotes(JSON.stringify({ "review-a": true })).size).toBe(0);
    expect(parseVotes(JSON.stringify(["review-a", 3, null]))).toEqual(new Set(["review-a"]));
    expect(parseVotes(null).size).toBe(0);
  });

  it("neither crashes nor loses the vote in hand when storage is missing or refuses", () => {
    expect(storedVotes(undefined)).toBeNull();
    const blocked = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    } as unknown as Storage;
    expect(storedVotes(blocked)).toBeNull();
    const votes = toggled(new Set(), "review-a");
    expect(() => saveVotes(blocked, votes)).not.toThrow();
    expect(votes.has("review-a")).toBe(true);
  });
});

describe("reviewOrder", () => {
  const reviews = [
    { slug: "old", date: "2025-01-01" },
    { slug: "featured-b", date: "2024-01-01" },
    { slug: "new", date: "2026-05-01" },
    { slug: "featured-a", date: "2026-01-01" },
    { slug: "middle", date: "2025-06-01" },
  ];

  it("puts the featured reviews first, in content order, then the rest newest first", () => {
    expect(reviewOrder(reviews, ["featured-a", "featured-b"]).map((review) => review.slug)).toEqual([
      "featured-a",
      "featured-b",
      "new",
      "middle",
      "old",
    ]);
  });
});
