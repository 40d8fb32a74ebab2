import type { ReactNode } from "react";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { errorStyle } from "./formStyles";

/** A field's error beside its icon: each contact field's, and each of the photo field's messages. */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} css={errorStyle}>
      <Icon name="alertCircle" size={16} />
      {children}
    </p>
  );
}
