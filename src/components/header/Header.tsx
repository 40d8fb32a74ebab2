import { css } from "@emotion/react";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { telHref } from "../../lib/paths";
import { useSiteData } from "../layout/useSiteData";
import { ButtonLink } from "../ui/Button";
import { ChatLink } from "../ui/ChatLink";
import { Container } from "../ui/Container";
import { Logo } from "../ui/Logo";
import { visuallyHidden, visuallyHiddenUntil } from "../ui/a11y";
import { colors, fontSize, mq } from "../ui/theme";
import { MobileMenu } from "./MobileMenu";
import { NavLinks } from "./NavLinks";

const topBarStyle = css`
  background: ${colors.slate};
  --focus-ring: ${colors.white};
  color: ${colors.white};
  font-size: ${fontSize.sm};
  > div {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0 16px;
  }
  a {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 44px;
    color: ${colors.white};
    text-decoration: none;
    font-weight: 600;
  }
  a:hover {
    color: ${colors.white};
    text-decoration: underline;
  }
`;

const contactGroup = css`
  display: flex;
  gap: 0 20px;
  flex-wrap: wrap;
`;

const emergencyStyle = css`
  display: none !important;
  ${mq.md} {
    display: inline-flex !important;
  }
  span {
    background: ${colors.emergency};
    border-radius: 4px;
    padding: 0 6px;
  }
`;

const mainRow = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  min-height: 72px;
`;

const desktopNav = css`
  display: none;
  ${mq.nav} {
    display: block;
  }
  ul {
    display: flex;
    list-style: none;
    gap: 2px;
  }
  a {
    display: flex;
    align-items: center;
    min-height: 44px;
    padding: 0 7px;
    color: ${colors.ink};
    font-weight: 600;
    font-size: 15px;
    white-space: nowrap;
    text-decoration: none;
    border-bottom: 3px solid transparent;
  }
  a:hover {
    color: ${colors.action};
  }
  a[aria-current="page"] {
    color: ${colors.action};
    border-bottom-color: ${colors.action};
  }
`;

const actions = css`
  display: flex;
  flex: none;
  align-items: center;
  gap: 8px;
`;

const quoteButton = css`
  display: none;
  ${mq.md} {
    display: inline-flex;
  }
`;

/* Icon only until there is room for the label next to the nine links (measured: 1400 px). */
const roomForChatLabel = "@media (min-width: 1400px)";
const chatButton = css`
  padding: 12px;
  min-width: 48px;
  ${roomForChatLabel} {
    padding: 12px 16px;
  }
  .label {
    ${visuallyHiddenUntil(roomForChatLabel)}
  }
`;

export function Header({ pathname }: { pathname: string }) {
  const { company, navigation } = useSiteData();
  return (
    <header>
      <div css={topBarStyle}>
        <Container>
          <div css={contactGroup}>
            <a href={telHref(company.phones.regular.e164)}>
              <Icon name="phone" size={16} />
              <span css={visuallyHidden}>Bel ons: </span>
              {company.phones.regular.display}
            </a>
            <a href={`mailto:${company.email}`}>
              <Icon name="mail" size={16} />
              <span css={visuallyHidden}>E-mail: </span>
              {company.email}
            </a>
          </div>
          <a href={telHref(company.phones.emergency.e164)} css={emergencyStyle}>
            <Icon name="siren" size={16} />
            <span>Spoed 24/7</span> {company.phones.emergency.display}
          </a>
        </Container>
      </div>
      <Container>
        <div css={mainRow}>
          <Logo name={company.name} />
          <nav css={desktopNav} aria-label="Hoofdmenu">
            <NavLinks links={navigation.main} pathname={pathname} />
          </nav>
          <div css={actions}>
            <ButtonLink href="/offerte" css={quoteButton}>
              Gratis Offerte
            </ButtonLink>
            <ChatLink text={company.chat.header} css={chatButton}>
              <span className="label">WhatsApp</span>
            </ChatLink>
            <MobileMenu links={navigation.main} pathname={pathname} />
          </div>
        </div>
      </Container>
    </header>
  );
}
