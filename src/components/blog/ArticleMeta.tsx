import { css } from "@emotion/react";
import { formatDate } from "../../lib/dutch-format";
import { colors, fontSize, radius } from "../ui/theme";

const metaStyle = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 12px;
  margin: 0;
  color: ${colors.inkMuted};
  font-size: ${fontSize.sm};
`;

const categoryStyle = css`
  display: inline-block;
  padding: 2px 10px;
  border-radius: ${radius.pill};
  background: #fdeee5;
  color: ${colors.actionStrong};
  font-weight: 700;
`;

/** Category, date in Dutch and reading time of an article. */
export function ArticleMeta({ category, date, readingMinutes }: { category: string; date: string; readingMinutes: number }) {
  return (
    <p css={metaStyle}>
      <span css={categoryStyle}>{category}</span>
      <time dateTime={date}>{formatDate(date)}</time>
      <span>{readingMinutes} min leestijd</span>
    </p>
  );
}
