import { css } from "@emotion/react";
import { colors, fontSize, radius } from "./theme";

/** The red pill of emergency claims ("24/7"): white text on the emergency colour (6.5:1). */
export const emergencyBadge = css`
  display: inline-block;
  background: ${colors.emergency};
  color: ${colors.white};
  font-weight: 700;
  font-size: ${fontSize.sm};
  padding: 4px 12px;
  border-radius: ${radius.pill};
`;
