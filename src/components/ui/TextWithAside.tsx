import { css } from "@emotion/react";
import { type ReactNode } from "react";
import { mq } from "./theme";

const layout = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 32px;
  align-items: start;
  ${mq.lg} {
    grid-template-columns: minmax(0, 1fr) minmax(0, var(--aside-width));
    gap: 48px;
  }
  p {
    max-width: 70ch;
  }
`;

/** Paragraphs of running text with a narrower column beside them on wide screens (an emergency box, a map); stacked on phones. */
export function TextWithAside({ paragraphs, asideWidth = 400, children }: { paragraphs: readonly string[]; asideWidth?: number; children?: ReactNode }) {
  return (
    <div css={layout} style={{ ["--aside-width" as string]: `${asideWidth}px` }}>
      <div>
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      {children}
    </div>
  );
}
