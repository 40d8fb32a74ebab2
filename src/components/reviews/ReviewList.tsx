import { css } from "@emotion/react";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { parseVotes, saveVotes, storedVotes, toggled } from "../../lib/helpful-votes";
import { buttonStyles } from "../ui/Button";
import { cardGrid } from "../ui/Card";
import { HelpfulButton } from "./HelpfulButton";
import { ReviewCard, type Review } from "./ReviewCard";

const moreStyle = css`
  display: flex;
  justify-content: center;
  margin-top: 32px;
`;

const storage = () => (typeof window === "undefined" ? undefined : window.localStorage);

/** Votes cast in another tab arrive through the storage event. */
function subscribeToVotes(onChange: () => void) {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

interface ReviewListProps {
  /** All reviews, in the order to show them. */
  reviews: readonly (Review & { slug: string; helpful: number })[];
  pageSize: number;
}

/**
 * The detailed reviews: the first page at once, the rest behind "Meer reviews";
 * each with a helpful vote kept in this browser.
 */
export function ReviewList({ reviews, pageSize }: ReviewListProps) {
  const [shown, setShown] = useState(pageSize);
  // The server knows no votes, so hydration matches; this browser's votes apply right after.
  const stored = useSyncExternalStore(subscribeToVotes, () => storedVotes(storage()), () => null);
  // A vote cast here wins even when storage refuses to keep it.
  const [castHere, setCastHere] = useState<ReadonlySet<string> | null>(null);
  const votes = useMemo(() => castHere ?? parseVotes(stored), [castHere, stored]);
  const firstAdded = useRef<HTMLLIElement>(null);
  const [firstAddedIndex, setFirstAddedIndex] = useState<number | null>(null);

  // Keyboard and screen-reader users continue at the first review that appeared.
  useEffect(() => {
    if (firstAddedIndex !== null) firstAdded.current?.focus();
  }, [firstAddedIndex]);

  const remaining = reviews.length - shown;
  return (
    <>
      <ul css={cardGrid(3)} aria-label="Reviews van klanten">
        {reviews.slice(0, shown).map((review, index) => (
          <li key={review.slug} ref={index === firstAddedIndex ? firstAdded : undefined} tabIndex={-1}>
            <ReviewCard review={review}>
              <HelpfulButton
                reviewName={review.name}
                count={review.helpful}
                voted={votes.has(review.slug)}
                onToggle={() => {
                  const next = toggled(votes, review.slug);
                  saveVotes(storage(), next);
                  setCastHere(next);
                }}
              />
            </ReviewCard>
          </li>
        ))}
      </ul>
      <div css={moreStyle}>
        {remaining > 0 ? (
          <button
            type="button"
            css={buttonStyles.secondary}
            onClick={() => {
              setFirstAddedIndex(shown);
              setShown(Math.min(shown + pageSize, reviews.length));
            }}
          >
            <Icon name="chevronDown" size={20} />
            Meer reviews ({remaining})
          </button>
        ) : (
          <p role="status">Alle {reviews.length} reviews worden getoond.</p>
        )}
      </div>
    </>
  );
}
