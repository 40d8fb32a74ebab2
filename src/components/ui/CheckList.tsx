import { css } from "@emotion/react";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { colors } from "./theme";

const listStyle = css`
  list-style: none;
  display: grid;
  gap: 4px;
  margin: 0;
  li {
    display: flex;
    gap: 8px;
    align-items: flex-start;
  }
  svg {
    flex: none;
    margin-top: 4px;
    color: ${colors.chat};
  }
`;

/** What is included: short items, each behind a check mark. */
export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul css={listStyle}>
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" size={18} />
          {item}
        </li>
      ))}
    </ul>
  );
}
