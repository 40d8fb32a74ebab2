import { graphql } from "gatsby";
import { css } from "@emotion/react";
import { Container } from "./Container";
import { HydrateLater } from "../../../plugins/gatsby-plugin-first-paint";
import { colors, fontSize, mq, radius } from "./theme";

export type KeyFact = Queries.KeyFactFieldsFragment;

const listStyle = css`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 1px;
  list-style: none;
  margin: 0;
  background: rgba(255, 255, 255, 0.15);
  border-radius: ${radius.card};
  overflow: hidden;
  ${mq.md} {
    grid-template-columns: repeat(var(--columns), minmax(0, 1fr));
  }
  li {
    display: flex;
    flex-direction: column;
    gap: 4px;
    padding: 20px 16px;
    background: ${colors.slate};
    color: ${colors.white};
    text-align: center;
  }
  strong {
    font-size: ${fontSize.lg};
    font-weight: 800;
    line-height: 1.15;
    color: ${colors.star};
    ${mq.md} {
      font-size: ${fontSize.xl};
    }
  }
`;

/** The few numbers that sell a service (response time, warranty, price), set large and still; in one row unless `columns` says otherwise. */
export function KeyFacts({ facts, label, columns = facts.length }: { facts: readonly KeyFact[]; label: string; columns?: number }) {
  return (
    <ul css={listStyle} aria-label={label} style={{ ["--columns" as string]: columns }}>
      {facts.map((fact) => (
        <li key={fact.label}>
          <strong>{fact.value}</strong>
          <span>{fact.label}</span>
        </li>
      ))}
    </ul>
  );
}

/** Key facts in a row of their own, just under a page's hero. */
export function KeyFactsStrip({ facts, label }: { facts: readonly KeyFact[]; label: string }) {
  return (
    <HydrateLater>
      <Container css={{ paddingTop: 8 }}>
        <KeyFacts facts={facts} label={label} />
      </Container>
    </HydrateLater>
  );
}

/** A key fact of any content file (content-schema.ts, KeyFact). */
export const keyFactFields = graphql`
  fragment KeyFactFields on KeyFact {
    value
    label
  }
`;
