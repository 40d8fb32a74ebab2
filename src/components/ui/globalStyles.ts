import { css } from "@emotion/react";
import { bottomBarHeight, colors, fontSize, fontStack, mq } from "./theme";
import { coveredBottomProperty, drawnLaterAttribute, paintedAttribute } from "../../../plugins/gatsby-plugin-first-paint";

/**
 * The page-wide CSS. The server writes it once into each page's head and the
 * browser never compiles it: it is the same on every page, so a client-side
 * navigation keeps it (plugins/gatsby-plugin-first-paint/README.md, "The
 * page's CSS stays where the server put it").
 */
export const globalStyles = css`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  html {
    -webkit-text-size-adjust: 100%;
    scroll-padding-top: 16px;
    /* Focus and anchors scroll clear of the fixed contact bar and the chat button on it, and of the cookie banner while it is open (WCAG 2.4.11). */
    scroll-padding-bottom: max(calc(${bottomBarHeight} + 84px), var(${coveredBottomProperty}, 0px));
  }
  ${mq.reducedMotion} {
    html {
      scroll-behavior: auto;
    }
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
    }
  }
  /* The first paint lays out what is in view, not all of a long page; the height stands in for a skipped part's own for those first frames (plugins/gatsby-plugin-first-paint/README.md, "The top of the page first"). */
  html:not([${paintedAttribute}]) [${drawnLaterAttribute}] {
    content-visibility: auto;
    contain-intrinsic-block-size: 1000px;
  }
  body {
    margin: 0;
    font-family: ${fontStack};
    font-size: ${fontSize.base};
    line-height: 1.6;
    color: ${colors.ink};
    background: ${colors.white};
    /* Dutch compounds ("Appartementencomplexen") can be wider than a phone's column: break them rather than scroll sideways. */
    overflow-wrap: break-word;
    /* The fixed contact bar, and the cookie banner while it is open, must never cover the end of the page. */
    padding-bottom: max(calc(${bottomBarHeight} + env(safe-area-inset-bottom, 0px)), var(${coveredBottomProperty}, 0px));
  }
  h1,
  h2,
  h3,
  h4 {
    font-weight: 800;
    line-height: 1.15;
    margin: 0 0 16px;
    text-wrap: balance;
  }
  h1 {
    font-size: ${fontSize.xl};
    ${mq.lg} {
      font-size: ${fontSize.xxxl};
    }
  }
  h2 {
    font-size: ${fontSize.lg};
    ${mq.lg} {
      font-size: ${fontSize.xxl};
    }
  }
  h3 {
    font-size: ${fontSize.md};
  }
  p {
    margin: 0 0 16px;
  }
  a {
    color: ${colors.action};
    text-underline-offset: 3px;
  }
  a:hover {
    color: ${colors.actionStrong};
  }
  img {
    max-width: 100%;
    display: block;
  }
  ul,
  ol {
    margin: 0;
    padding: 0;
  }
  /* Dark bands set --focus-ring to white: the blue ring is under 3:1 on slate. */
  :focus-visible {
    outline: 3px solid var(--focus-ring, ${colors.focus});
    outline-offset: 2px;
  }
  button {
    font: inherit;
  }
`;
