import { css } from "@emotion/react";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { colors, mq } from "../ui/theme";

const listStyle = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px 24px;
  li {
    display: flex;
    align-items: center;
    gap: 8px;
    min-height: 32px;
    font-weight: 600;
  }
  svg {
    flex: none;
    color: ${colors.action};
  }
`;

const columnsStyle = css`
  grid-template-columns: repeat(2, minmax(0, 1fr));
  ${mq.md} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

/** A short list (a village's four parts) reads best as one column; a longer one is spread over columns. */
const singleColumnUpTo = 4;

/** The districts or neighbourhoods of a town where the company works. */
export function DistrictList({ names }: { names: readonly string[] }) {
  return (
    <ul css={[listStyle, names.length > singleColumnUpTo && columnsStyle]}>
      {names.map((name) => (
        <li key={name}>
          <Icon name="mapPin" size={18} />
          <span css={{ minWidth: 0 }}>{name}</span>
        </li>
      ))}
    </ul>
  );
}
