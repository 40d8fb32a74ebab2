import { css } from "@emotion/react";
import { mq } from "./theme";

/**
 * The site's one two-column layout: stacked on phones, side by side from
 * `mq.lg` on (a text beside its aside, the contact form beside the quicker
 * ways to reach the company, the emergency page's areas).
 */
export function twoColumns({ wide, wideGap }: { /** grid-template-columns on wide screens */ wide: string; wideGap?: string }) {
  return css`
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 32px;
    align-items: start;
    ${mq.lg} {
      grid-template-columns: ${wide};
      ${wideGap ? `gap: ${wideGap};` : ""}
    }
  `;
}
