import { css } from "@emotion/react";
import { Link } from "gatsby";
import { servicePath } from "../../lib/paths";
import { cardGrid, cardStyle } from "../ui/Card";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { colors } from "../ui/theme";

export interface ServiceHighlight {
  service: { slug: string; name: string; icon: Queries.IconName };
  text: string;
}

const cardLayout = css`
  position: relative;
  display: grid;
  grid-template-columns: 40px minmax(0, 1fr);
  gap: 8px 12px;
  align-content: start;
  h3 {
    margin: 0;
    align-self: center;
  }
  p {
    grid-column: 1 / -1;
    margin: 0;
    color: ${colors.inkMuted};
  }
  > svg {
    color: ${colors.action};
    align-self: center;
  }
  /* The whole card is the link's target; the name stays the link's text. */
  a {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    color: ${colors.ink};
    text-decoration: none;
  }
  a::after {
    content: "";
    position: absolute;
    inset: 0;
    border-radius: inherit;
  }
  a svg {
    color: ${colors.action};
  }
  &:hover a {
    color: ${colors.actionStrong};
    text-decoration: underline;
  }
`;

/** The services a town page puts first, each with what it means in that town, linking to the service's page. */
export function ServiceHighlights({ items }: { items: readonly ServiceHighlight[] }) {
  return (
    <ul css={cardGrid(3)}>
      {items.map(({ service, text }) => (
        <li key={service.slug} css={[cardStyle, cardLayout]}>
          <Icon name={service.icon} size={28} />
          <h3>
            <Link to={servicePath(service.slug)}>
              {service.name}
              <Icon name="arrowRight" size={18} />
            </Link>
          </h3>
          <p>{text}</p>
        </li>
      ))}
    </ul>
  );
}
