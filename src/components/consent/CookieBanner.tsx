import { css } from "@emotion/react";
import { Link } from "gatsby";
import { useRef } from "react";
import { BrowserOnlyStyles } from "../../../plugins/gatsby-plugin-first-paint";
import { everything, onlyNecessary } from "../../lib/consent";
import { legalPath } from "../../lib/paths";
import { buttonStyles } from "../ui/Button";
import { colors, fontSize, mq, radius } from "../ui/theme";
import { useKeepScrollingClearOf } from "../ui/useKeepScrollingClearOf";
import { useConsent } from "./useConsent";

const bannerStyle = css`
  flex-shrink: 0;
  width: min(100%, 600px);
  padding: 16px;
  background: ${colors.white};
  border: 1px solid ${colors.line};
  border-radius: ${radius.card};
  box-shadow: 0 8px 32px rgba(27, 36, 48, 0.22);
  h2 {
    margin: 0 0 4px;
    font-size: ${fontSize.md};
  }
  p {
    margin: 0 0 12px;
    font-size: ${fontSize.sm};
  }
  ${mq.md} {
    padding: 20px 24px;
  }
`;

const buttonsStyle = css`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 8px;
  button {
    min-height: 44px;
    padding: 8px 12px;
    white-space: normal;
  }
  /* Refusing is as easy and as visible as accepting: the same size, colour and weight. */
  .settings {
    grid-column: 1 / -1;
  }
  ${mq.md} {
    grid-template-columns: none;
    grid-auto-flow: column;
    grid-auto-columns: 1fr;
    .settings {
      grid-column: auto;
    }
  }
`;

/**
 * Every style the banner draws with. The banner is drawn only in the browser,
 * where the visitor's choice is known, yet on every first visit: so the server
 * puts these in each page's CSS, and drawing the banner is not also the moment
 * Emotion compiles and inserts CSS.
 */
const bannerStyles = [bannerStyle, buttonsStyle, buttonStyles.secondary, buttonStyles.primary];

/**
 * Shown until the visitor has chosen, with the three buttons of
 * docs/requirements.md ('The cookie choice'). It comes right after the skip
 * link in the page (Layout), so a keyboard reaches it first, and while it is
 * open nothing focused scrolls under it.
 */
export function CookieBanner() {
  const { record, save, openSettings } = useConsent();
  return (
    <>
      <BrowserOnlyStyles styles={bannerStyles} />
      {record === null ? <Banner save={save} openSettings={openSettings} /> : null}
    </>
  );
}

function Banner({ save, openSettings }: Pick<ReturnType<typeof useConsent>, "save" | "openSettings">) {
  const ref = useRef<HTMLElement>(null);
  useKeepScrollingClearOf(ref);
  return (
    <section ref={ref} aria-labelledby="cookie-banner-title" css={bannerStyle}>
      <h2 id="cookie-banner-title">Wij gebruiken cookies</h2>
      <p>
        Alleen met uw toestemming meten wij hoe de website wordt gebruikt en tonen wij kaarten van Google Maps. Wijzigen kan altijd
        via &lsquo;Cookie-instellingen&rsquo; onderaan de pagina. <Link to={legalPath("privacy")}>Privacyverklaring</Link>
      </p>
      <div css={buttonsStyle}>
        <button type="button" className="settings" css={buttonStyles.secondary} onClick={openSettings}>
          Instellingen
        </button>
        <button type="button" css={buttonStyles.primary} onClick={() => save(onlyNecessary)}>
          Alleen noodzakelijk
        </button>
        <button type="button" css={buttonStyles.primary} onClick={() => save(everything)}>
          Alles accepteren
        </button>
      </div>
    </section>
  );
}
