import { css } from "@emotion/react";
import { Link } from "gatsby";
import { type AnchorHTMLAttributes } from "react";
import { colors, motion, radius } from "./theme";

export type ButtonVariant = "primary" | "secondary" | "emergency" | "chat" | "light";

const base = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 48px;
  padding: 12px 20px;
  border-radius: ${radius.button};
  border: 2px solid transparent;
  font-weight: 700;
  line-height: 1.2;
  white-space: nowrap;
  text-decoration: none;
  cursor: pointer;
  transition: background-color ${motion}, color ${motion}, border-color ${motion};
  svg {
    flex: none;
  }
`;

const filled = (background: string, hover: string) => css`
  background: ${background};
  color: ${colors.white};
  &:hover {
    background: ${hover};
    color: ${colors.white};
  }
`;

export const buttonStyles: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css(base, filled(colors.action, colors.actionStrong)),
  emergency: css(base, filled(colors.emergency, colors.emergencyStrong)),
  chat: css(base, filled(colors.chat, colors.chatStrong)),
  secondary: css(
    base,
    css`
      background: transparent;
      color: ${colors.ink};
      border-color: ${colors.ink};
      &:hover {
        background: ${colors.ink};
        color: ${colors.white};
      }
    `,
  ),
  light: css(
    base,
    css`
      background: ${colors.white};
      color: ${colors.ink};
      &:hover {
        background: ${colors.sand};
        color: ${colors.ink};
      }
    `,
  ),
};

/** A row of buttons that share the width on phones, each at least 220 px before wrapping. */
export const buttonRow = css`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  > a {
    flex: 1 1 220px;
  }
`;

interface ButtonLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  variant?: ButtonVariant;
}

/** A link that looks like a button: site paths navigate client-side, everything else is a plain link. */
export function ButtonLink({ href, variant = "primary", children, ...rest }: ButtonLinkProps) {
  if (href.startsWith("/") && !href.startsWith("//")) {
    return (
      <Link to={href} css={buttonStyles[variant]} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} css={buttonStyles[variant]} {...rest}>
      {children}
    </a>
  );
}
