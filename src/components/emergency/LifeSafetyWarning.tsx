import { css } from "@emotion/react";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { colors, fontSize, radius } from "../ui/theme";

const boxStyle = css`
  display: flex;
  gap: 16px;
  align-items: flex-start;
  margin: 16px 0 24px;
  padding: 16px 20px;
  border-radius: ${radius.card};
  background: ${colors.emergency};
  color: ${colors.white};
  --focus-ring: ${colors.white};
  h2 {
    margin: 0 0 4px;
    font-size: ${fontSize.md};
    color: ${colors.white};
  }
  p {
    margin: 0;
  }
  a {
    color: ${colors.white};
    font-weight: 800;
  }
`;

/** The first thing on the emergency page: when lives are at risk, 112 comes before any roofer. */
export function LifeSafetyWarning({ title, text }: { title: string; text: string }) {
  return (
    <section css={boxStyle} aria-labelledby="levensgevaar-titel" id="levensgevaar">
      <Icon name="alert" size={32} css={{ flexShrink: 0 }} />
      <div>
        <h2 id="levensgevaar-titel">{title}</h2>
        <p>
          {text} <a href="tel:112">Bel 112</a>
        </p>
      </div>
    </section>
  );
}
