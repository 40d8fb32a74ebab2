import { css } from "@emotion/react";
import { formatNumber } from "../../lib/dutch-format";
import { Stars } from "../ui/Stars";
import { colors, fontSize } from "../ui/theme";

const summaryStyle = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  margin: 0 0 32px;
  strong {
    font-size: ${fontSize.xxl};
    font-weight: 800;
    line-height: 1;
  }
  span {
    color: ${colors.inkMuted};
  }
`;

interface RatingSummaryProps {
  rating: number;
  best: number;
  /** How many reviews the rating stands for, as shown: "80+ reviews uit Amsterdam". */
  countText: string;
}

/** The average rating set large, with its stars and what it is based on. */
export function RatingSummary({ rating, best, countText }: RatingSummaryProps) {
  return (
    <p css={summaryStyle}>
      <strong>
        {formatNumber(rating, 1)}
        <span css={{ fontSize: fontSize.md, fontWeight: 700 }}> / {best}</span>
      </strong>
      <Stars rating={rating} best={best} />
      <span>{countText}</span>
    </p>
  );
}
