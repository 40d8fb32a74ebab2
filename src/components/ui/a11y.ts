import { css } from "@emotion/react";

/** Hidden from sight, still read by screen readers. */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

/** Hidden from sight below a media query, shown from it on: icon buttons that gain a label on wider screens. */
export const visuallyHiddenUntil = (mediaQuery: string) => css`
  ${visuallyHidden}
  ${mediaQuery} {
    position: static;
    width: auto;
    height: auto;
    margin: 0;
    overflow: visible;
    clip: auto;
  }
`;
