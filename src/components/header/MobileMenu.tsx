import { css, keyframes } from "@emotion/react";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { useCallback, useRef } from "react";
import { visuallyHidden } from "../ui/a11y";
import { ButtonLink } from "../ui/Button";
import { colors, fontSize, mq } from "../ui/theme";
import { NavLinks } from "./NavLinks";

const slideIn = keyframes`
  from { transform: translateX(100%); }
  to { transform: translateX(0); }
`;

const toggleStyle = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  border: 2px solid ${colors.line};
  border-radius: 8px;
  background: ${colors.white};
  color: ${colors.ink};
  cursor: pointer;
  ${mq.nav} {
    display: none;
  }
`;

const dialogStyle = css`
  margin: 0 0 0 auto;
  padding: 0;
  width: 300px;
  max-width: 100vw;
  height: 100dvh;
  max-height: none;
  border: 0;
  background: ${colors.white};
  color: ${colors.ink};
  box-shadow: -8px 0 24px rgba(0, 0, 0, 0.2);
  &[open] {
    animation: ${slideIn} 200ms ease-out;
  }
  &::backdrop {
    background: rgba(27, 36, 48, 0.55);
  }
`;

const panelStyle = css`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-height: 100%;
  padding: 16px 24px 32px;
  ul {
    list-style: none;
  }
  li a {
    display: flex;
    align-items: center;
    min-height: 48px;
    padding: 4px 0;
    border-bottom: 1px solid ${colors.line};
    color: ${colors.ink};
    font-size: ${fontSize.md};
    font-weight: 700;
    text-decoration: none;
  }
  li a[aria-current="page"] {
    color: ${colors.action};
    box-shadow: inset 4px 0 0 ${colors.action};
    padding-left: 12px;
  }
`;

const headStyle = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  font-weight: 800;
  font-size: ${fontSize.md};
`;

interface MobileMenuProps {
  links: readonly { name: string; href: string }[];
  pathname: string;
}

/**
 * The small-screen menu: a native modal <dialog> sliding in from the right, so
 * focus moves into it, stays there and Escape closes it without extra code.
 */
export function MobileMenu({ links, pathname }: MobileMenuProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => dialog.current?.close(), []);

  return (
    <>
      <button
        ref={opener}
        type="button"
        css={toggleStyle}
        aria-haspopup="dialog"
        aria-controls="mobiel-menu"
        onClick={() => dialog.current?.showModal()}
      >
        <Icon name="menu" />
        <span css={visuallyHidden}>Menu openen</span>
      </button>
      {/* A click on the backdrop closes the menu; keyboard users have Escape, which the native dialog handles. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        id="mobiel-menu"
        ref={dialog}
        css={dialogStyle}
        aria-label="Menu"
        onClose={() => opener.current?.focus()}
        onClick={(event) => {
          // A click on the dialog element itself is a click on the backdrop: the panel fills the dialog.
          if (event.target === dialog.current) close();
        }}
      >
        <nav css={panelStyle} aria-label="Hoofdmenu mobiel">
          <div css={headStyle}>
            <span>Menu</span>
            <button type="button" css={[toggleStyle, { display: "inline-flex" }]} onClick={close}>
              <Icon name="close" />
              <span css={visuallyHidden}>Menu sluiten</span>
            </button>
          </div>
          <NavLinks links={links} pathname={pathname} onNavigate={close} />
          <ButtonLink href="/offerte" onClick={close}>
            Gratis Offerte
          </ButtonLink>
        </nav>
      </dialog>
    </>
  );
}
