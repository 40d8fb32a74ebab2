import { css } from "@emotion/react";
import { Link } from "gatsby";
import { servicePath } from "../../lib/paths";
import { useSiteData } from "../layout/useSiteData";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { linkTileGrid } from "../ui/LinkTiles";
import { colors } from "../ui/theme";

const listStyle = css`
  margin: 0 0 32px;
  a svg:first-of-type {
    color: ${colors.action};
  }
  a svg:last-of-type {
    margin-left: auto;
  }
`;

const backStyle = css`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  font-weight: 700;
`;

/** Links to every service except the one shown, and the way back to the overview. */
export function OtherServices({ currentSlug }: { currentSlug: string }) {
  const { services } = useSiteData();
  return (
    <>
      <ul css={[linkTileGrid(260), listStyle]}>
        {services
          .filter((service) => service.slug !== currentSlug)
          .map((service) => (
            <li key={service.slug}>
              <Link to={servicePath(service.slug)}>
                <Icon name={service.icon} size={22} />
                {service.name}
                <Icon name="arrowRight" size={18} />
              </Link>
            </li>
          ))}
      </ul>
      <Link to="/diensten" css={backStyle}>
        <Icon name="arrowLeft" size={18} />
        Terug naar alle diensten
      </Link>
    </>
  );
}
