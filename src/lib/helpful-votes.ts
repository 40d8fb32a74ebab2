/**
 * The reviews a visitor marked as helpful, kept in localStorage so a vote
 * counts once per browser and survives a reload. Storage can be missing, full,
 * blocked or hold rubbish; then voting still works for the visit.
 */

export const helpfulVotesKey = "review-helpful-votes";

/** The stored value as it is, for React's useSyncExternalStore (a string compares by value). */
export function storedVotes(storage: Storage | undefined): string | null {
  try {
    return storage?.getItem(helpfulVotesKey) ?? null;
  } catch {
    return null;
  }
}

/** The voted reviews in a stored value; anything unreadable counts as no votes. */
export function parseVotes(stored: string | null): Set<string> {
  try {
    const parsed: unknown = JSON.parse(stored ?? "[]");
    return new Set(Array.isArray(parsed) ? parsed.filter((slug): slug is string => typeof slug === "string") : []);
  } catch {
    return new Set();
  }
}

/** The votes with one review's vote added, or withdrawn if it was there. */
export function toggled(votes: ReadonlySet<string>, slug: string): Set<string> {
  const next = new Set(votes);
  if (next.has(slug)) next.delete(slug);
  else next.add(slug);
  return next;
}

export function saveVotes(storage: Storage | undefined, votes: ReadonlySet<string>) {
  try {
    storage?.setItem(helpfulVotesKey, JSON.stringify([...votes]));
  } catch {
    // Full or blocked storage: the vote counts for this visit only.
  }
}

/** The count to show: the content's count plus this browser's own vote. */
export const helpfulCount = (count: number, voted: boolean) => count + (voted ? 1 : 0);

/**
 * The reviews in the order /reviews shows them: the featured ones as listed in
 * content, then all others newest first.
 */
export function reviewOrder<T extends { slug: string; date: string }>(reviews: readonly T[], featured: readonly string[]): T[] {
  const bySlug = new Map(reviews.map((review) => [review.slug, review]));
  const first = featured.map((slug) => bySlug.get(slug)).filter((review): review is T => review !== undefined);
  const rest = reviews.filter((review) => !featured.includes(review.slug)).sort((a, b) => b.date.localeCompare(a.date));
  return [...first, ...rest];
}
