import { css } from "@emotion/react";
import { graphql } from "gatsby";
import { BadgeCheck } from "lucide-react";
import { formatDate } from "../../lib/dutch-format";
import { Stars } from "../ui/Stars";
import { cardStyle } from "../ui/Card";
import { colors, fontSize } from "../ui/theme";

export interface Review {
  name: string;
  location: string;
  service: string;
  rating: number;
  date?: string;
  text: string;
  verified?: boolean;
}

const metaStyle = css`
  color: ${colors.inkMuted};
  font-size: ${fontSize.sm};
  margin: 0;
`;

/** One customer review: stars, text, who and where. */
export function ReviewCard({ review }: { review: Review }) {
  return (
    <figure css={[cardStyle, { margin: 0, height: "100%", display: "flex", flexDirection: "column", gap: 12 }]}>
      <Stars rating={review.rating} />
      <blockquote css={{ margin: 0, flex: 1 }}>
        <p css={{ margin: 0 }}>“{review.text}”</p>
      </blockquote>
      <figcaption>
        <strong>{review.name}</strong>
        <p css={metaStyle}>
          {review.location} · {review.service}
          {review.date && <> · {formatDate(review.date)}</>}
        </p>
        {review.verified && (
          <p css={[metaStyle, { display: "flex", alignItems: "center", gap: 4, color: colors.chat }]}>
            <BadgeCheck aria-hidden="true" size={16} /> Geverifieerde klant
          </p>
        )}
      </figcaption>
    </figure>
  );
}

export const reviewCardFields = graphql`
  fragment ReviewCardFields on ReviewsJson {
    slug
    name
    location
    service
    rating
    date
    text
    verified
  }
`;
