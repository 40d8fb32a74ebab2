import { css } from "@emotion/react";
import { graphql } from "gatsby";
import { HydrateLater, Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { type ReactNode } from "react";
import type { ImageData } from "../../lib/picture";
import { emergencyBadge } from "./Badge";
import { buttonRow } from "./Button";
import { Container } from "./Container";
import { Picture } from "./Picture";
import { colors, fontSize, mq, radius } from "./theme";

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
`;

const withImageStyle = css`
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

/** From tablets on, the hero's buttons keep their own width. */
const buttonsStyle = css`
  ${mq.md} {
    > a {
      flex: 0 0 auto;
    }
  }
`;

const imageStyle = css`
  border-radius: ${radius.card};
  overflow: hidden;
  box-shadow: 0 16px 40px rgba(27, 36, 48, 0.18);
`;

interface PageHeroProps {
  /** Shown above the badge, such as the breadcrumb trail of a sub-page. */
  above?: ReactNode;
  badge: string;
  title: string;
  text: string;
  /** Short promises with a check mark; none on a page that has nothing to sell (the blog). */
  points: readonly string[];
  image?: ImageData | null;
  imageAlt?: string;
  /** Shown beside the text where a page has no image, such as its key figures. */
  aside?: ReactNode;
  /** The page's buttons: the fastest ways to ask for what it offers. */
  children: ReactNode;
}

/** A page's first screen: what it offers, why trust it, and the buttons to ask for it. */
export function PageHero({ above, badge, title, text, points, image, imageAlt = "", aside, children }: PageHeroProps) {
  return (
    <HydrateLater>
      <section css={heroStyle} aria-labelledby="hero-titel">
        <Container>
          {above}
          <div css={[gridStyle, (image || aside) && withImageStyle]}>
            <div>
              <p css={[emergencyBadge, { marginBottom: 16 }]}>{badge}</p>
              <h1 id="hero-titel">{title}</h1>
              <p css={{ fontSize: fontSize.md, color: colors.inkMuted, maxWidth: "60ch" }}>{text}</p>
              {points.length > 0 && (
                <ul css={pointsStyle}>
                  {points.map((point) => (
                    <li key={point}>
                      <Icon name="checkCircle" size={20} />
                      {point}
                    </li>
                  ))}
                </ul>
              )}
              <div css={[buttonRow, buttonsStyle]}>{children}</div>
            </div>
            {image ? (
              <div css={imageStyle}>
                <Picture image={image} alt={imageAlt} priority />
              </div>
            ) : (
              aside
            )}
          </div>
        </Container>
      </section>
    </HydrateLater>
  );
}

/** A generated page's hero image (4:3 beside the text) and the 1200 x 630 card shown when the page is shared. */
export const pageHeroImageFields = graphql`
  fragment PageHeroImage on ImageSharp {
    gatsbyImageData(width: 720, aspectRatio: 1.3333)
    ...ShareImageFields
  }
`;

/** The hero texts of a one-off page's content file. */
export const pageHeroFields = graphql`
  fragment PageHeroFields on PageHero {
    badge
    title
    text
    points
  }
`;
