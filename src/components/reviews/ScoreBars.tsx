import { css } from "@emotion/react";
import { colors, fontSize, radius } from "../ui/theme";

export interface ScoreBar {
  label: string;
  /** How full the bar is, from 0 to 1. */
  share: number;
  /** The figure as read: "89%" or "4,8". */
  value: string;
}

const listStyle = css`
  display: grid;
  gap: 12px;
  margin: 0;
  div {
    display: grid;
    grid-template-columns: minmax(96px, max-content) minmax(0, 1fr) 48px;
    gap: 12px;
    align-items: center;
  }
  dt {
    font-size: ${fontSize.sm};
  }
  dd {
    margin: 0;
    display: contents;
  }
`;

const trackStyle = css`
  height: 12px;
  border-radius: ${radius.pill};
  background: ${colors.line};
  overflow: hidden;
  span {
    display: block;
    height: 100%;
    background: ${colors.action};
  }
`;

/** Labelled figures with a bar each; the bar is decoration, the figure is the content. */
export function ScoreBars({ items, label }: { items: readonly ScoreBar[]; label: string }) {
  return (
    <dl css={listStyle} aria-label={label}>
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>
            <span css={trackStyle} aria-hidden="true">
              <span css={{ width: `${Math.round(item.share * 100)}%` }} />
            </span>
            <strong css={{ textAlign: "right" }}>{item.value}</strong>
          </dd>
        </div>
      ))}
    </dl>
  );
}
