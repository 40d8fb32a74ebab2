import { css } from "@emotion/react";
import { GatsbyImage, type IGatsbyImageData } from "gatsby-plugin-image";
import { CheckCircle2, FileText } from "lucide-react";
import { emergencyBadge } from "../ui/Badge";
import { ButtonLink } from "../ui/Button";
import { ChatLink } from "../ui/ChatLink";
import { Container } from "../ui/Container";
import { colors, fontSize, mq, radius } from "../ui/theme";

const heroStyle = css`
  background: linear-gradient(180deg, ${colors.sand} 0%, ${colors.white} 100%);
  padding: 32px 0 48px;
  ${mq.lg} {
    padding: 64px 0 80px;
  }
`;

const gridStyle = css`
  display: grid;
  gap: 32px;
  align-items: center;
  ${mq.lg} {
    grid-template-columns: 1.05fr 1fr;
    gap: 48px;
  }
`;


const pointsStyle = css`
  list-style: none;
  display: grid;
  gap: 8px;
  margin: 0 0 24px !important;
  li {
    display: flex;
    gap: 8px;
    align-items: flex-start;
    font-weight: 600;
  }
  svg {
    flex: none;
    margin-top: 3px;
    color: ${colors.chat};
  }
`;

const buttonsStyle = css`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  > a {
    flex: 1 1 220px;
    ${mq.md} {
      flex: 0 0 auto;
    }
  }
`;

const imageStyle = css`
  border-radius: ${radius.card};
  overflow: hidden;
  box-shadow: 0 16px 40px rgba(27, 36, 48, 0.18);
`;

interface HeroProps {
  badge: string;
  title: string;
  text: string;
  points: readonly string[];
  quoteLabel: string;
  chatLabel: string;
  image: IGatsbyImageData | null;
  imageAlt: string;
}

/** The first screen: what we do, for whom, and the two fastest ways to ask for it. */
export function Hero({ badge, title, text, points, quoteLabel, chatLabel, image, imageAlt }: HeroProps) {
  return (
    <section css={heroStyle} aria-labelledby="hero-titel">
      <Container>
        <div css={gridStyle}>
          <div>
            <p css={[emergencyBadge, { marginBottom: 16 }]}>{badge}</p>
            <h1 id="hero-titel">{title}</h1>
            <p css={{ fontSize: fontSize.md, color: colors.inkMuted, maxWidth: "60ch" }}>{text}</p>
            <ul css={pointsStyle}>
              {points.map((point) => (
                <li key={point}>
                  <CheckCircle2 aria-hidden="true" size={20} />
                  {point}
                </li>
              ))}
            </ul>
            <div css={buttonsStyle}>
              <ButtonLink href="/offerte">
                <FileText aria-hidden="true" size={20} />
                {quoteLabel}
              </ButtonLink>
              <ChatLink>{chatLabel}</ChatLink>
            </div>
          </div>
          {image && (
            <div css={imageStyle}>
              <GatsbyImage image={image} alt={imageAlt} loading="eager" />
            </div>
          )}
        </div>
      </Container>
    </section>
  );
}
