import { css, keyframes } from "@emotion/react";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { useState } from "react";
import { visuallyHidden } from "./a11y";
import { colors, fontSize, mq } from "./theme";

const roll = keyframes`
  from { transform: translateX(0); }
  to { transform: translateX(-50%); }
`;

const stripStyle = css`
  position: relative;
  background: ${colors.slate};
  --focus-ring: ${colors.white};
  color: ${colors.white};
  overflow: hidden;
`;

const trackStyle = css`
  display: flex;
  width: max-content;
  animation: ${roll} 40s linear infinite;
  &[data-paused="true"],
  &:hover {
    animation-play-state: paused;
  }
  ${mq.reducedMotion} {
    animation: none;
    width: auto;
    flex-wrap: wrap;
    justify-content: center;
    > ul[aria-hidden="true"] {
      display: none;
    }
  }
`;

const listStyle = css`
  display: flex;
  list-style: none;
  li {
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    min-width: 180px;
    padding: 20px 24px;
    border-right: 1px solid rgba(255, 255, 255, 0.15);
    text-align: center;
  }
  strong {
    font-size: ${fontSize.xl};
    font-weight: 800;
    line-height: 1.1;
    color: ${colors.star};
  }
  ${mq.reducedMotion} {
    flex-wrap: wrap;
    justify-content: center;
  }
`;

const pauseButton = css`
  position: absolute;
  right: 8px;
  top: 50%;
  transform: translateY(-50%);
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  border: 2px solid ${colors.white};
  background: ${colors.slate};
  color: ${colors.white};
  cursor: pointer;
  ${mq.reducedMotion} {
    display: none;
  }
`;

/** A figure of the strip: a key fact (KeyFacts.tsx, KeyFactFields). */
export type Stat = Queries.KeyFactFieldsFragment;

/**
 * The rolling strip of selling figures. The list is drawn twice so the loop is
 * seamless; the copy is hidden from screen readers. It stands still for visitors
 * who prefer reduced motion and can be paused (WCAG 2.2.2).
 */
export function StatsStrip({ stats, label }: { stats: readonly Stat[]; label: string }) {
  const [paused, setPaused] = useState(false);
  const list = (hidden: boolean) => (
    <ul css={listStyle} aria-hidden={hidden || undefined}>
      {stats.map((stat) => (
        <li key={stat.label}>
          <strong>{stat.value}</strong>
          <span>{stat.label}</span>
        </li>
      ))}
    </ul>
  );
  return (
    <section css={stripStyle} aria-label={label}>
      <div css={trackStyle} data-paused={paused}>
        {list(false)}
        {list(true)}
      </div>
      <button type="button" css={pauseButton} onClick={() => setPaused(!paused)} aria-pressed={paused}>
        {paused ? <Icon name="play" size={18} /> : <Icon name="pause" size={18} />}
        <span css={visuallyHidden}>Animatie pauzeren</span>
      </button>
    </section>
  );
}
