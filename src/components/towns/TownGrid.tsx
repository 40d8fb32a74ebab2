import { css } from "@emotion/react";
import { Link } from "gatsby";
import { MapPin } from "lucide-react";
import { townPath } from "../../lib/paths";
import { linkTileGrid } from "../ui/LinkTiles";
import { colors, mq } from "../ui/theme";

const gridStyle = css`
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
export function TownGrid({ towns }: { towns: readonly string[] }) {
  return (
    <ul css={[linkTileGrid(160), gridStyle]}>
      {towns.map((town) => (
        <li key={town}>
          <Link to={townPath(town)}>
            <MapPin aria-hidden="true" size={18} />
            <span>
              <small>Dakdekker </small>
              {town}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
