import { css } from "@emotion/react";
import { colors, fontSize } from "../ui/theme";

const listStyle = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0;
  li {
    display: grid;
    grid-template-columns: 64px minmax(0, 1fr);
    gap: 16px;
    padding: 12px 0;
    border-left: 3px solid ${colors.line};
    padding-left: 16px;
  }
  strong {
    font-size: ${fontSize.md};
    color: ${colors.actionStrong};
  }
  p {
    margin: 0;
  }
`;

/** The company's story in years, oldest first. */
export function Milestones({ items }: { items: readonly { year: string; text: string }[] }) {
  return (
    <ol css={listStyle} aria-label="Mijlpalen">
      {items.map((item) => (
        <li key={item.year + item.text}>
          <strong>{item.year}</strong>
          <p>{item.text}</p>
        </li>
      ))}
    </ol>
  );
}
