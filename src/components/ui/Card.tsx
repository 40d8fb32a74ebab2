import { css } from "@emotion/react";
import { colors, motion, mq, radius, shadow } from "./theme";

/** White card with a line border; the shadow appears only on hover (DESIGN.md). */
export const cardStyle = css`
  background: ${colors.white};
  color: ${colors.ink};
  border: 1px solid ${colors.line};
  border-radius: ${radius.card};
  padding: 24px;
  transition: box-shadow ${motion};
  &:hover {
    box-shadow: ${shadow};
  }
`;

/** A responsive grid of cards: one column on phones, up to `columns` on wide screens. */
export const cardGrid = (columns: number) => css`
  display: grid;
  gap: 24px;
  list-style: none;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${columns >= 4 ? 240 : 300}px), 1fr));
  ${mq.lg} {
    grid-template-columns: repeat(${columns}, minmax(0, 1fr));
  }
`;

/** A card whose parts stack: an icon beside its h3, then texts, with the last part pushed to the bottom when cards share a row. */
export const cardColumn = css`
  display: flex;
  flex-direction: column;
  gap: 12px;
  height: 100%;
  h3 {
    display: flex;
    align-items: center;
    gap: 10px;
    margin: 0;
  }
  p {
    margin: 0;
  }
`;
