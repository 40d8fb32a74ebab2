import { css } from "@emotion/react";
import { graphql } from "gatsby";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import type { ReactNode } from "react";
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
  projectType?: string;
  wouldRecommend?: boolean;
}

const columnStyle = css`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

const metaStyle = css`
  color: ${colors.inkMuted};
  font-size: ${fontSize.sm};
  margin: 0;
`;

/** One customer review: stars, text, who and where; `children` adds actions under it (the helpful vote). */
export function ReviewCard({ review, children }: { review: Review; children?: ReactNode }) {
  return (
    // The actions sit beside the figure, not in it: a figcaption must be a figure's first or last child.
    <div css={[cardStyle, columnStyle, { height: "100%" }]}>
      <figure css={[columnStyle, { margin: 0, flex: 1 }]}>
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
          {review.projectType && <p css={metaStyle}>Project: {review.projectType}</p>}
          {review.verified && (
            <p css={[metaStyle, { display: "flex", alignItems: "center", gap: 4, color: colors.chat }]}>
              <Icon name="badge" size={16} /> Geverifieerde klant
            </p>
          )}
          {review.wouldRecommend && (
            <p css={[metaStyle, { display: "flex", alignItems: "center", gap: 4 }]}>
              <Icon name="thumbsUp" size={16} /> Zou ons aanbevelen
            </p>
          )}
        </figcaption>
      </figure>
      {children}
    </div>
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
