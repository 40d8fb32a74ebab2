import { css } from "@emotion/react";
import { Link } from "gatsby";
import { MapPin } from "lucide-react";
import { townPath } from "../../lib/paths";
import { colors, motion, mq, radius } from "../ui/theme";

const gridStyle = css`
  display: grid;
  gap: 12px;
  list-style: none;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 160px), 1fr));
  a {
    display: flex;
    align-items: center;
    gap: 8px;
    min-height: 56px;
    padding: 12px 16px;
    border: 1px solid ${colors.line};
    border-radius: ${radius.card};
    background: ${colors.white};
    color: ${colors.ink};
    font-weight: 700;
    text-decoration: none;
    transition: border-color ${motion}, color ${motion};
  }
  a:hover {
    border-color: ${colors.action};
    color: ${colors.action};
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
export function TownGrid({ towns }: { towns: readonly string[] }) {
  return (
    <ul css={gridStyle}>
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
