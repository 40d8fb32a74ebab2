import { css } from "@emotion/react";
import { colors, fontSize } from "../ui/theme";

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
