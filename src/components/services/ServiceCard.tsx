import { css } from "@emotion/react";
import { graphql, Link } from "gatsby";
import { servicePath } from "../../lib/paths";
import { emergencyBadge } from "../ui/Badge";
import { cardStyle } from "../ui/Card";
import { CheckList } from "../ui/CheckList";
import { Picture } from "../ui/Picture";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { colors, fontSize } from "../ui/theme";

const articleStyle = css`
  position: relative;
  display: flex;
  flex-direction: column;
  padding: 0;
  overflow: hidden;
  height: 100%;
`;

const bodyStyle = css`
  display: flex;
  flex-direction: column;
  gap: 12px;
  flex: 1;
  padding: 24px;
  h3 {
    display: flex;
    align-items: center;
    gap: 10px;
    margin: 0;
  }
  h3 svg {
    color: ${colors.action};
  }
`;

const priceStyle = css`
  margin: auto 0 0;
  padding-top: 8px;
  font-size: ${fontSize.md};
  font-weight: 800;
`;

const linkStyle = css`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  font-weight: 700;
  /* The whole card is clickable, while the link text stays the accessible name. */
  &::after {
    content: "";
    position: absolute;
    inset: 0;
  }
`;

const urgentBadge = css`
  position: absolute;
  top: 12px;
  left: 12px;
  z-index: 1;
`;

interface ServiceCardProps {
  service: Queries.ServiceCardFieldsFragment;
  /** A page's own price and text for the service (the quote page states its own prices), instead of the service file's. */
  price?: string;
  description?: string;
}

/** A service with its picture, what is included, the starting price and a link to its page. */
export function ServiceCard({ service, price = service.price, description = service.description }: ServiceCardProps) {
  const image = service.image.childImageSharp?.gatsbyImageData;
  return (
    <article css={[cardStyle, articleStyle]}>
      {service.urgent && <span css={[emergencyBadge, urgentBadge]}>24/7</span>}
      {image && <Picture image={image} alt={service.imageAlt} css={{ aspectRatio: "4 / 3" }} />}
      <div css={bodyStyle}>
        <h3>
          <Icon name={service.icon} size={24} />
          {service.name}
        </h3>
        <p css={{ margin: 0, color: colors.inkMuted }}>{description}</p>
        <CheckList items={service.features} />
        <p css={priceStyle}>{price}</p>
        <Link to={servicePath(service.slug)} css={linkStyle}>
          Meer over {service.name.toLowerCase()}
          <Icon name="arrowRight" size={18} />
        </Link>
      </div>
    </article>
  );
}

export const serviceCardFields = graphql`
  fragment ServiceCardFields on ServicesJson {
    slug
    name
    icon
    description
    features
    price
    urgent
    imageAlt
    image {
      childImageSharp {
        gatsbyImageData(width: 400, aspectRatio: 1.3333)
      }
    }
  }
`;
