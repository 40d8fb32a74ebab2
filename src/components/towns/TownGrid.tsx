import { css } from "@emotion/react";
import { Link } from "gatsby";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { townPath } from "../../lib/paths";
import { linkTileGrid } from "../ui/LinkTiles";
import { colors, mq } from "../ui/theme";

/** From tablets on the pin shows, so a tile needs room for it beside the longest name (Badhoevendorp). */
const gridStyle = css`
  ${mq.md} {
    grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  }
  svg {
    flex: none;
    color: ${colors.action};
    display: none;
    ${mq.md} {
      display: block;
    }
  }
  small {
    display: block;
    font-size: 13px;
    font-weight: 600;
    color: ${colors.inkMuted};
    line-height: 1.2;
  }
`;

/** The towns of the service area, each linking to its landing page. */
export function TownGrid({ towns }: { towns: readonly { name: string; slug: string }[] }) {
  return (
    <ul css={[linkTileGrid(160), gridStyle]}>
      {towns.map((town) => (
        <li key={town.slug}>
          <Link to={townPath(town.slug)}>
            <Icon name="mapPin" size={18} />
            <span>
              <small>Dakdekker </small>
              {town.name}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
