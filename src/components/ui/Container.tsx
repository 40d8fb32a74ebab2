import { css } from "@emotion/react";
import { type ReactNode } from "react";
import { contentWidth, mq } from "./theme";

export const containerStyle = css`
  width: 100%;
  max-width: calc(${contentWidth} + 64px);
  margin: 0 auto;
  padding: 0 16px;
  ${mq.md} {
    padding: 0 32px;
  }
`;

export function Container({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div css={containerStyle} className={className}>
      {children}
    </div>
  );
}
