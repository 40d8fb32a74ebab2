import { css } from "@emotion/react";
import { Link } from "gatsby";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { type Crumb } from "../../lib/json-ld";
import { colors, fontSize } from "./theme";

const listStyle = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px;
  list-style: none;
  margin: 0 0 16px;
  font-size: ${fontSize.sm};
  color: ${colors.inkMuted};
  li {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    color: ${colors.inkMuted};
  }
`;

/** Where the page sits in the site; the same trail is given to search engines as BreadcrumbList. */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label="Kruimelpad">
      <ol css={listStyle}>
        {trail.map((crumb, index) => {
          const isLast = index === trail.length - 1;
          return (
            <li key={crumb.path}>
              {isLast ? (
                <span aria-current="page">{crumb.name}</span>
              ) : (
                <>
                  <Link to={crumb.path}>{crumb.name}</Link>
                  <Icon name="chevronRight" size={16} />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
