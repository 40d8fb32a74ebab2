import { css } from "@emotion/react";
import { Container } from "../ui/Container";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { colors, fontSize, mq } from "../ui/theme";

const listStyle = css`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 16px;
  list-style: none;
  padding: 24px 0 !important;
  ${mq.lg} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  li {
    display: flex;
    align-items: center;
    gap: 12px;
  }
  svg {
    flex: none;
    color: ${colors.action};
  }
  strong {
    display: block;
    font-size: ${fontSize.md};
    line-height: 1.2;
  }
  span {
    color: ${colors.inkMuted};
    font-size: ${fontSize.sm};
  }
`;

/** Proof at a glance, right under the hero. */
export function TrustBadges({ badges }: { badges: readonly Queries.IconCardFieldsFragment[] }) {
  return (
    <Container>
      <ul css={listStyle} aria-label="Waarom klanten ons vertrouwen">
        {badges.map((badge) => (
          <li key={badge.title}>
            <Icon name={badge.icon} size={32} />
            <div>
              <strong>{badge.title}</strong>
              <span>{badge.text}</span>
            </div>
          </li>
        ))}
      </ul>
    </Container>
  );
}
