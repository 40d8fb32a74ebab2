import { css } from "@emotion/react";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { chatUrl } from "../../lib/chat-link";
import { telHref } from "../../lib/paths";
import { visuallyHiddenUntil } from "../ui/a11y";
import { bottomBarHeight, colors, mq } from "../ui/theme";
import { useSiteData } from "./useSiteData";

const barStyle = css`
  position: fixed;
  z-index: 20;
  left: 0;
  right: 0;
  bottom: 0;
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  height: calc(${bottomBarHeight} + env(safe-area-inset-bottom, 0px));
  padding-bottom: env(safe-area-inset-bottom, 0px);
  background: ${colors.white};
  border-top: 1px solid ${colors.line};
  box-shadow: 0 -4px 16px rgba(27, 36, 48, 0.1);
  list-style: none;
  margin: 0;
  a {
    display: flex;
    align-items: center;
    justify-content: center;
    gap: 8px;
    height: ${bottomBarHeight};
    color: ${colors.white};
    font-weight: 700;
    text-decoration: none;
  }
  a:hover {
    color: ${colors.white};
    filter: brightness(0.92);
  }
  /* Drawn inside the coloured button, where white is clearly visible. */
  a:focus-visible {
    outline-color: ${colors.white};
    outline-offset: -6px;
  }
  .label {
    ${visuallyHiddenUntil(mq.md)}
  }
`;

/** Always-visible ways to reach the company: chat, call, e-mail. */
export function BottomBar() {
  const { company } = useSiteData();
  return (
    <nav aria-label="Direct contact">
      <ul css={barStyle}>
        <li>
          <a
            href={chatUrl(company.chat.number, company.chat.general)}
            target="_blank"
            rel="noopener noreferrer"
            css={{ background: colors.chat }}
          >
            <Icon name="chat" />
            <span className="label">WhatsApp</span>
          </a>
        </li>
        <li>
          <a href={telHref(company.phones.regular.e164)} css={{ background: colors.action }}>
            <Icon name="phone" />
            <span className="label">Bellen: {company.phones.regular.display}</span>
          </a>
        </li>
        <li>
          <a href={`mailto:${company.email}`} css={{ background: colors.slate }}>
            <Icon name="mail" />
            <span className="label">E-mail</span>
          </a>
        </li>
      </ul>
    </nav>
  );
}
