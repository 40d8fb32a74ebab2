import { css } from "@emotion/react";
import { type ReactNode } from "react";
import { ChatWidget } from "../chatbot/ChatWidget";
import { Analytics } from "../consent/Analytics";
import { CookieBanner } from "../consent/CookieBanner";
import { CookieSettingsLoader } from "../consent/CookieSettingsLoader";
import { Footer } from "../footer/Footer";
import { Header } from "../header/Header";
import { GlobalStyles } from "../ui/GlobalStyles";
import { HydrateLater } from "../ui/HydrateLater";
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
 * panel, the chat button, then the banner. Stacked, none covers another's
 * buttons, and the panel shrinks to the height that is left.
 */
const dockStyle = css`
  position: fixed;
  z-index: 25;
  left: 0;
  right: 0;
  bottom: calc(${bottomBarHeight} + env(safe-area-inset-bottom, 0px));
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 12px;
  max-height: calc(100dvh - ${bottomBarHeight} - env(safe-area-inset-bottom, 0px) - 8px);
  padding: 0 16px 12px;
  pointer-events: none;
  > * {
    pointer-events: auto;
  }
  > section:last-child {
    margin: 0 -16px -12px;
  }
`;

/** The shell around every page: header, main content, footer, contact bar, chat, cookie choice and toasts. */
export function Layout({ pathname, children }: { pathname: string; children: ReactNode }) {
  return (
    <>
      <GlobalStyles />
      <a href="#inhoud" css={skipLink}>
        Naar de inhoud
      </a>
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
      <div css={dockStyle}>
        <ChatWidget />
        <CookieBanner />
      </div>
      <CookieSettingsLoader />
      <Analytics />
      <Toasts />
    </>
  );
}
