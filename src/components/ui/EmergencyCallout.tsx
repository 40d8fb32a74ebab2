import { graphql } from "gatsby";
import { css } from "@emotion/react";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { CallLink } from "./CallLink";
import { colors, radius } from "./theme";

const boxStyle = css`
  display: grid;
  gap: 16px;
  padding: 24px;
  border: 2px solid ${colors.emergency};
  border-left-width: 8px;
  border-radius: ${radius.card};
  background: ${colors.errorTint};
  h3 {
    display: flex;
    align-items: center;
    gap: 10px;
    margin: 0;
    color: ${colors.emergency};
  }
  p {
    margin: 0;
    max-width: 60ch;
  }
  a {
    justify-self: start;
    white-space: normal;
  }
`;

/** A red box for what cannot wait, with the emergency line as its one action. */
export function EmergencyCallout({ title, text }: { title: string; text: string }) {
  return (
    <div css={boxStyle}>
      <h3>
        <Icon name="siren" size={24} />
        {title}
      </h3>
      <p>{text}</p>
      <CallLink line="emergency" label="Bel de spoedlijn" />
    </div>
  );
}

/** The emergency box of a service or town file (content-schema.ts, EmergencyBox). */
export const emergencyBoxFields = graphql`
  fragment EmergencyBoxFields on EmergencyBox {
    title
    text
  }
`;
