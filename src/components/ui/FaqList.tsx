import { graphql } from "gatsby";
import { css } from "@emotion/react";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { colors, fontSize, motion, radius } from "./theme";

export type FaqItem = Queries.FaqFieldsFragment["items"][number];

const listStyle = css`
  display: grid;
  gap: 12px;
  list-style: none;
  max-width: 70ch;
  margin: 0;
`;

const itemStyle = css`
  background: ${colors.white};
  border: 1px solid ${colors.line};
  border-radius: ${radius.card};
  summary {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 16px;
    min-height: 48px;
    padding: 16px 20px;
    font-size: ${fontSize.base};
    font-weight: 700;
    cursor: pointer;
    list-style: none;
    &::-webkit-details-marker {
      display: none;
    }
  }
  summary svg {
    flex: none;
    color: ${colors.action};
    transition: transform ${motion};
  }
  &[open] summary svg {
    transform: rotate(180deg);
  }
  p {
    margin: 0;
    padding: 0 20px 20px;
    color: ${colors.inkMuted};
  }
`;

/**
 * Questions that open to their answers: native <details>, so it works before
 * hydration, by keyboard, and with the browser's find-in-page.
 */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <ul css={listStyle}>
      {items.map((item) => (
        <li key={item.question}>
          <details css={itemStyle}>
            <summary>
              {item.question}
              <Icon name="chevronDown" size={20} />
            </summary>
            <p>{item.answer}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}

/** A page's FAQ block (content-schema.ts, FaqBlock): its heading and questions. */
export const faqFields = graphql`
  fragment FaqFields on FaqBlock {
    title
    items {
      question
      answer
    }
  }
`;
