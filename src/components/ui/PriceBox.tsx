import { css } from "@emotion/react";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { emergencyBadge } from "./Badge";
import { cardStyle } from "./Card";
import { colors, fontSize } from "./theme";

export interface PriceRow {
  label: string;
  price: string;
  /** A short claim beside the label, such as "24/7" for a service with an emergency line. */
  badge?: string;
}

const boxStyle = css`
  max-width: 720px;
  border-top: 4px solid ${colors.action};
  h3 {
    display: flex;
    align-items: center;
    gap: 10px;
    margin: 0 0 16px;
  }
  h3 svg {
    color: ${colors.action};
  }
  dl {
    margin: 0;
  }
  div {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    align-items: baseline;
    gap: 4px 16px;
    padding: 12px 0;
    border-bottom: 1px solid ${colors.line};
  }
  dt {
    display: flex;
    align-items: center;
    flex-wrap: wrap;
    gap: 8px;
  }
  dd {
    margin: 0;
    font-size: ${fontSize.md};
    font-weight: 800;
    white-space: nowrap;
  }
  p {
    margin: 16px 0 0;
    color: ${colors.inkMuted};
    font-size: ${fontSize.sm};
  }
`;

/** Indicative prices as label and amount, with the conditions under them; the title when no section heading names them. */
export function PriceBox({ title, rows, note }: { title?: string; rows: readonly PriceRow[]; note: string }) {
  return (
    <div css={[cardStyle, boxStyle]}>
      {title && (
        <h3>
          <Icon name="receipt" size={24} />
          {title}
        </h3>
      )}
      <dl>
        {rows.map((row) => (
          <div key={row.label}>
            <dt>
              {row.label}
              {row.badge && <span css={emergencyBadge}>{row.badge}</span>}
            </dt>
            <dd>{row.price}</dd>
          </div>
        ))}
      </dl>
      <p>{note}</p>
    </div>
  );
}
