import { graphql } from "gatsby";
import { css } from "@emotion/react";
import { cardGrid, cardStyle } from "./Card";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { colors, mq } from "./theme";

export type IconCardItem = Queries.IconCardFieldsFragment;

const iconStyle = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  border-radius: 12px;
  background: #fdeee5;
  color: ${colors.actionStrong};
  ${mq.lg} {
    margin-bottom: 16px;
  }
`;

/** On phones the icon sits beside the title, so a list of cards takes less scrolling. */
const itemStyle = css`
  display: grid;
  grid-template-columns: 48px minmax(0, 1fr);
  gap: 12px 16px;
  align-items: center;
  h3 {
    margin: 0;
  }
  p {
    grid-column: 1 / -1;
  }
  ${mq.lg} {
    display: block;
    h3 {
      margin-bottom: 16px;
    }
  }
`;

/** Cards of icon, title and text: reasons, audiences, benefits. */
export function IconCardList({ items, columns = 4 }: { items: readonly IconCardItem[]; columns?: number }) {
  return (
    <ul css={cardGrid(columns)}>
      {items.map((item) => (
        <li key={item.title} css={[cardStyle, itemStyle]}>
          <span css={iconStyle}>
            <Icon name={item.icon} size={24} />
          </span>
          <h3>{item.title}</h3>
          <p css={{ margin: 0, color: colors.inkMuted }}>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** An icon card of any content file (content-schema.ts, IconCard). */
export const iconCardFields = graphql`
  fragment IconCardFields on IconCard {
    icon
    title
    text
  }
`;

/** A heading with its icon cards (content-schema.ts, IconCardSection), such as a page's benefits. */
export const iconCardSectionFields = graphql`
  fragment IconCardSectionFields on IconCardSection {
    title
    items {
      ...IconCardFields
    }
  }
`;
