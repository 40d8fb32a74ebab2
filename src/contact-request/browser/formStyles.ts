import { css } from "@emotion/react";
import { colors, fontSize } from "../../components/ui/theme";

/**
 * A field's box: its label, in bold, above what the visitor fills in. The
 * contact fields add their inputs' look; the photo field keeps the browser's
 * own file input, which that look would restyle.
 */
export const fieldBox = css`
  display: grid;
  gap: 4px;
  label {
    font-weight: 700;
  }
`;

/** A field's error, in the emergency colour beside its icon: the form's fields and its photos. */
export const errorStyle = css`
  display: flex;
  gap: 6px;
  align-items: flex-start;
  margin: 0;
  color: ${colors.emergency};
  font-size: ${fontSize.sm};
  font-weight: 600;
  svg {
    flex: none;
    margin-top: 2px;
  }
`;

/** Notes beside the fields: what is required, the privacy note, the photo field's hint. */
export const smallPrint = css`
  margin: 0;
  color: ${colors.inkMuted};
  font-size: ${fontSize.sm};
`;
