import { graphql } from "gatsby";
import { css } from "@emotion/react";
import { cardStyle } from "./Card";
import { colors, fontSize, mq } from "./theme";

export type ProcessStep = Queries.ProcessFieldsFragment["steps"][number];

const listStyle = css`
  display: grid;
  gap: 24px;
  list-style: none;
  margin: 0;
  counter-reset: step;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 220px), 1fr));
  ${mq.lg} {
    grid-template-columns: repeat(var(--steps), minmax(0, 1fr));
  }
  /* On phones the number sits beside the title, so the steps take less scrolling. */
  li {
    counter-increment: step;
    display: grid;
    grid-template-columns: 40px minmax(0, 1fr);
    gap: 8px 16px;
    align-items: center;
  }
  li::before {
    content: counter(step);
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 40px;
    height: 40px;
    border-radius: 50%;
    background: ${colors.action};
    color: ${colors.white};
    font-size: ${fontSize.md};
    font-weight: 800;
  }
  h3 {
    font-size: ${fontSize.md};
    margin: 0;
  }
  p {
    grid-column: 1 / -1;
    margin: 0;
    color: ${colors.inkMuted};
  }
  ${mq.lg} {
    li {
      display: block;
    }
    li::before {
      margin-bottom: 16px;
    }
    h3 {
      margin-bottom: 8px;
    }
  }
`;

/** How the work goes, in numbered steps (an ordered list, so the numbers are read out too). */
export function ProcessSteps({ steps }: { steps: readonly ProcessStep[] }) {
  return (
    <ol css={listStyle} style={{ ["--steps" as string]: steps.length }}>
      {steps.map((step) => (
        <li key={step.title} css={cardStyle}>
          <h3>{step.title}</h3>
          <p>{step.description}</p>
        </li>
      ))}
    </ol>
  );
}

/** A page's way of working (content-schema.ts, ProcessBlock): its heading and steps. */
export const processFields = graphql`
  fragment ProcessFields on ProcessBlock {
    title
    steps {
      title
      description
    }
  }
`;
