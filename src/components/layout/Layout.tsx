import { css } from "@emotion/react";
import { type ReactNode } from "react";
import { ChatWidget } from "../chatbot/ChatWidget";
import { Analytics } from "../consent/Analytics";
import { CookieBanner } from "../consent/CookieBanner";
import { CookieSettingsLoader } from "../consent/CookieSettingsLoader";
import { Footer } from "../footer/Footer";
import { Header } from "../header/Header";
import { HydrateLater } from "../../../plugins/gatsby-plugin-first-paint";
import { Toasts } from "../ui/Toasts";
import { bottomBarHeight, colors } from "../ui/theme";
import { BottomBar } from "./BottomBar";
import { ErrorBoundary } from "./ErrorBoundary";

const skipLink = css`
  position: absolute;
  left: 16px;
  top: -100px;
  z-index: 30;
  padding: 12px 16px;
  background: ${colors.ink};
  color: ${colors.white};
  font-weight: 700;
  border-radius: 8px;
  &:focus {
    top: 16px;
    color: ${colors.white};
  }
`;

/**
 * Chat and cookie banner share one column above the contact bar: the chat
 * panel, the banner, then the chat button. Stacked, none covers another's
 * buttons, and only the panel shrinks, to the height that is left. The column spans
 * the whole height and packs its items at the bottom, so what appears in it
 * (the banner after hydration, the panel after 3 s) moves nothing: no layout
 * shift. It comes right after the skip link, so the banner is among the first
 * Tab stops of every page (WCAG 2.4.11 asks that it not hide what is focused
 * behind it; first in line, a keyboard settles it before the page).
 */
const dockStyle = css`
  position: fixed;
  z-index: 25;
  top: 0;
  left: 0;
  right: 0;
  bottom: calc(${bottomBarHeight} + env(safe-area-inset-bottom, 0px));
  display: flex;
  flex-direction: column;
  justify-content: flex-end;
  align-items: flex-end;
  gap: 12px;
  padding: 8px 16px 12px;
  pointer-events: none;
  > * {
    pointer-events: auto;
  }
`;

/** The shell around every page: header, main content, footer, contact bar, chat, cookie choice and toasts. */
export function Layout({ pathname, children }: { pathname: string; children: ReactNode }) {
  return (
    <>
      <a href="#inhoud" css={skipLink}>
        Naar de inhoud
      </a>
      <div css={dockStyle}>
        <ChatWidget>
          <CookieBanner />
        </ChatWidget>
      </div>
      <HydrateLater>
        <Header pathname={pathname} />
      </HydrateLater>
      <main id="inhoud" tabIndex={-1} css={{ outline: "none" }}>
        <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>
      </main>
      <HydrateLater>
        <Footer />
      </HydrateLater>
      <HydrateLater>
        <BottomBar />
      </HydrateLater>
      <CookieSettingsLoader />
      <Analytics />
      <Toasts />
    </>
  );
}
