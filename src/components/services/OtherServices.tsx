import { css } from "@emotion/react";
import { Link } from "gatsby";
import { ArrowLeft, ArrowRight } from "lucide-react";
import { servicePath } from "../../lib/paths";
import { useSiteData } from "../layout/useSiteData";
import { Icon } from "../ui/Icon";
import { colors, radius } from "../ui/theme";

const listStyle = css`
  display: grid;
  gap: 12px;
  list-style: none;
  margin: 0 0 32px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 260px), 1fr));
  li {
    display: flex;
  }
  a {
    flex: 1;
    display: flex;
    align-items: center;
    gap: 12px;
    min-height: 56px;
    padding: 12px 16px;
    border: 1px solid ${colors.line};
    border-radius: ${radius.card};
    background: ${colors.white};
    color: ${colors.ink};
    font-weight: 700;
    text-decoration: none;
  }
  a:hover {
    border-color: ${colors.action};
    color: ${colors.actionStrong};
  }
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
      <ul css={listStyle}>
        {services
          .filter((service) => service.slug !== currentSlug)
          .map((service) => (
            <li key={service.slug}>
              <Link to={servicePath(service.slug)}>
                <Icon name={service.icon} size={22} />
                {service.name}
                <ArrowRight aria-hidden="true" size={18} />
              </Link>
            </li>
          ))}
      </ul>
      <Link to="/diensten" css={backStyle}>
        <ArrowLeft aria-hidden="true" size={18} />
        Terug naar alle diensten
      </Link>
    </>
  );
}
