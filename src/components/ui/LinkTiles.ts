import { css } from "@emotion/react";
import { colors, motion, radius } from "./theme";

/** A grid of links shown as bordered tiles (towns, other services), each at least `minWidth` wide. */
export const linkTileGrid = (minWidth: number) => css`
  display: grid;
  gap: 12px;
  list-style: none;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${minWidth}px), 1fr));
  li {
    display: flex;
  }
  a {
    flex: 1;
    display: flex;
    align-items: center;
    gap: 10px;
    min-height: 56px;
    padding: 12px 16px;
    border: 1px solid ${colors.line};
    border-radius: ${radius.card};
    background: ${colors.white};
    color: ${colors.ink};
    font-weight: 700;
    text-decoration: none;
    transition: border-color ${motion}, color ${motion};
  }
  a:hover {
    border-color: ${colors.action};
    color: ${colors.actionStrong};
  }
`;
