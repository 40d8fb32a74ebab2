/**
 * What the contractor did with a request (docs/contact-requests.md, "The
 * request page"), kept beside it under `handling/{id}`: when its page was
 * first opened, and when and how it was marked. The request itself stays as
 * the visitor sent it; `receivedAt` is on the request.
 */
export const handlingMarks = ["answered", "no-job", "spam"] as const;
export type HandlingMark = (typeof handlingMarks)[number];

export const isHandlingMark = (value: unknown): value is HandlingMark => handlingMarks.includes(value as HandlingMark);

export interface Handling {
  /** When the request's page was first opened through its link. */
  firstViewedAt?: string;
  /** When it was first marked, whichever mark: from then on it waits for nobody. */
  answeredAt?: string;
  /** The latest mark; marking again changes it, not answeredAt. */
  mark?: HandlingMark;
}

/** The first opening of the page, noted once; the same object when it was noted before, so nothing is written. */
export const withFirstView = (handling: Handling, at: Date): Handling =>
  handling.firstViewedAt ? handling : { ...handling, firstViewedAt: at.toISOString() };

/** A mark: the first sets answeredAt (and firstViewedAt, had the page not been seen), a later one only changes the mark. */
export function withMark(handling: Handling, mark: HandlingMark, at: Date): Handling {
  if (handling.mark === mark) return handling;
  const iso = at.toISOString();
  return { firstViewedAt: handling.firstViewedAt ?? iso, answeredAt: handling.answeredAt ?? iso, mark };
}
