import { css } from "@emotion/react";
import { cardGrid, cardStyle } from "../ui/Card";
import { CheckList } from "../ui/CheckList";
import { colors, fontSize } from "../ui/theme";

export interface MaterialOption {
  name: string;
  description: string;
  features: readonly string[];
  price: string;
}

const optionStyle = css`
  display: flex;
  flex-direction: column;
  gap: 12px;
  h3 {
    margin: 0;
  }
  p {
    margin: 0;
    color: ${colors.inkMuted};
  }
`;

const priceStyle = css`
  margin-top: auto !important;
  padding-top: 8px;
  color: ${colors.ink} !important;
  font-size: ${fontSize.md};
  font-weight: 800;
`;

/** The materials a visitor can choose between, each with what it is good at and what it costs. */
export function MaterialOptions({ options }: { options: readonly MaterialOption[] }) {
  return (
    <ul css={cardGrid(Math.min(options.length, 4))}>
      {options.map((option) => (
        <li key={option.name} css={[cardStyle, optionStyle]}>
          <h3>{option.name}</h3>
          <p>{option.description}</p>
          <CheckList items={option.features} />
          <p css={priceStyle}>{option.price}</p>
        </li>
      ))}
    </ul>
  );
}
