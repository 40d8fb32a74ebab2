import { graphql } from "gatsby";
import { css } from "@emotion/react";
import { type ReactNode } from "react";
import { buttonRow } from "./Button";
import { Container } from "./Container";
import { HydrateLater } from "../../../plugins/gatsby-plugin-first-paint";
import { colors, fontSize, mq } from "./theme";

const bandStyle = css`
  background: ${colors.slate};
  color: ${colors.white};
  --focus-ring: ${colors.white};
  padding: 48px 0;
  h2 {
    color: ${colors.white};
    margin: 0 0 8px;
  }
  p {
    margin: 0;
    max-width: 60ch;
    font-size: ${fontSize.md};
  }
`;

const layoutStyle = css`
  display: grid;
  gap: 24px;
  ${mq.lg} {
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
  }
`;

const emergencyTone = css`
  background: ${colors.emergency};
`;

interface CtaBandProps {
  id: string;
  title: string;
  text: string;
  /** Red for what cannot wait (a leak now), slate otherwise. */
  tone?: "slate" | "emergency";
  children: ReactNode;
}

/** A dark band with one question and the buttons that answer it (call, chat, quote). */
export function CtaBand({ id, title, text, tone = "slate", children }: CtaBandProps) {
  return (
    <HydrateLater>
      <section id={id} aria-labelledby={`${id}-titel`} css={[bandStyle, tone === "emergency" && emergencyTone]}>
        <Container css={layoutStyle}>
          <div>
            <h2 id={`${id}-titel`}>{title}</h2>
            <p>{text}</p>
          </div>
          <div css={buttonRow}>{children}</div>
        </Container>
      </section>
    </HydrateLater>
  );
}

/** The closing call to action of a content file (content-schema.ts, CallBand). */
export const callBandFields = graphql`
  fragment CallBandFields on CallBand {
    title
    text
  }
`;
