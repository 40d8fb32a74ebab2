import { css } from "@emotion/react";
import { Check } from "lucide-react";
import { cardGrid, cardStyle } from "../ui/Card";
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
  ul {
    list-style: none;
    display: grid;
    gap: 4px;
    margin: 0;
  }
  li {
    display: flex;
    gap: 8px;
    align-items: flex-start;
  }
  li svg {
    flex: none;
    margin-top: 4px;
    color: ${colors.chat};
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
          <ul>
            {option.features.map((feature) => (
              <li key={feature}>
                <Check aria-hidden="true" size={18} />
                {feature}
              </li>
            ))}
          </ul>
          <p css={priceStyle}>{option.price}</p>
        </li>
      ))}
    </ul>
  );
}
