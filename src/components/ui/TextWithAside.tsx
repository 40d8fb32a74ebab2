import { css } from "@emotion/react";
import { type ReactNode } from "react";
import { twoColumns } from "./columns";

const layout = css`
  ${twoColumns({ wide: "minmax(0, 1fr) minmax(0, var(--aside-width))", wideGap: "48px" })};
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
