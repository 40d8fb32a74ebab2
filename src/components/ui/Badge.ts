import { css } from "@emotion/react";
import { colors, fontSize, radius } from "./theme";

/** A small bold label on a solid colour: badges, image labels, "Verplicht". */
export const pill = (background: string, color: string) => css`
  display: inline-block;
  padding: 2px 10px;
  border-radius: ${radius.pill};
  background: ${background};
  color: ${color};
  font-size: ${fontSize.sm};
  font-weight: 700;
`;

/** The red pill of emergency claims ("24/7"): white text on the emergency colour (6.5:1). */
export const emergencyBadge = css`
  ${pill(colors.emergency, colors.white)}
  padding: 4px 12px;
`;
