import { css } from "@emotion/react";
import { type ReactNode } from "react";
import { drawnLater, HydrateLater } from "../../../plugins/gatsby-plugin-first-paint";
import { Container } from "./Container";
import { colors, fontSize, mq } from "./theme";

const sectionStyle = css`
  padding: 64px 0;
  ${mq.lg} {
    padding: 96px 0;
  }
`;

const tones = {
  white: css``,
  sand: css`
    background: ${colors.sand};
  `,
  slate: css`
    background: ${colors.slate};
    --focus-ring: ${colors.white};
    color: ${colors.white};
    a:not([class*="css-"]) {
      color: ${colors.white};
    }
  `,
};

const introStyle = css`
  max-width: 70ch;
  color: ${colors.inkMuted};
  font-size: ${fontSize.md};
  margin-bottom: 32px;
`;

interface SectionProps {
  id?: string;
  title: string;
  intro?: string;
  tone?: keyof typeof tones;
  children: ReactNode;
}

/**
 * One page section: heading, optional intro, and the spacing of the design's
 * rhythm. Each section hydrates in its own pass (HydrateLater), which keeps long
 * pages from blocking the main thread in one long task, and one out of view is
 * drawn after the first paint (`drawnLater`).
 */
export function Section({ id, title, intro, tone = "white", children }: SectionProps) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-titel`;
  return (
    <HydrateLater>
      <section id={id} aria-labelledby={headingId} {...drawnLater} css={[sectionStyle, tones[tone]]}>
        <Container>
          <h2 id={headingId} css={!intro && { marginBottom: 32 }}>
            {title}
          </h2>
          {intro && <p css={[introStyle, tone === "slate" && { color: colors.white }]}>{intro}</p>}
          {children}
        </Container>
      </section>
    </HydrateLater>
  );
}
