import { css } from "@emotion/react";
import { Link } from "gatsby";
import { colors } from "./theme";

const logoStyle = css`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  min-height: 48px;
  color: inherit;
  text-decoration: none;
  font-weight: 800;
  line-height: 1.1;
  &:hover {
    color: inherit;
  }
  small {
    display: block;
    font-size: 13px;
    font-weight: 600;
    color: ${colors.inkMuted};
  }
`;

/** The roof mark and the company name; links home. */
export function Logo({ name, tagline, tone = "dark" }: { name: string; tagline?: string; tone?: "dark" | "light" }) {
  return (
    <Link to="/" css={[logoStyle, tone === "light" && { color: colors.white, small: { color: colors.white } }]}>
      <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="9" fill={colors.action} />
        <path d="M7 21 20 10l13 11" fill="none" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M12 20v10h16V20" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
        <path d="M18 30v-6h4v6" fill="#fff" />
      </svg>
      <span>
        {name}
        {tagline && <small>{tagline}</small>}
      </span>
    </Link>
  );
}
