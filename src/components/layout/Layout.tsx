import { css } from "@emotion/react";
import { type ReactNode } from "react";
import { Footer } from "../footer/Footer";
import { Header } from "../header/Header";
import { GlobalStyles } from "../ui/GlobalStyles";
import { HydrateLater } from "../ui/HydrateLater";
import { Toasts } from "../ui/Toasts";
import { colors } from "../ui/theme";
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

/** The shell around every page: header, main content, footer, contact bar and toasts. */
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
      <Toasts />
    </>
  );
}
