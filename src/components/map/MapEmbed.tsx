import { css } from "@emotion/react";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { mapEmbedUrl, mapLinkUrl } from "../../lib/maps";
import { useConsent } from "../consent/useConsent";
import { visuallyHidden } from "../ui/a11y";
import { buttonStyles } from "../ui/Button";
import { colors, mq, radius } from "../ui/theme";

const frameStyle = css`
  position: relative;
  height: 400px;
  ${mq.md} {
    height: auto;
    aspect-ratio: 16 / 9;
  }
  border-radius: ${radius.card};
  overflow: hidden;
  border: 1px solid ${colors.line};
  background: repeating-linear-gradient(45deg, #ece7df 0 12px, #f3efe9 12px 24px);
  iframe {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
  }
`;

const placeholderStyle = css`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 12px;
  padding: 24px;
  text-align: center;
  p {
    margin: 0;
    max-width: 46ch;
  }
`;

interface MapEmbedProps {
  /** What the map shows: a town or an address. */
  place: string;
  /** The accessible name of the map frame. */
  title: string;
}

/**
 * A Google map that loads only with consent for functional cookies: until
 * then no request goes to Google, and a link opens the map in a new tab
 * instead. Loading it from the placeholder is that consent, and is stored.
 */
export function MapEmbed({ place, title }: MapEmbedProps) {
  const { allows, allow } = useConsent();
  return (
    <div css={frameStyle}>
      {allows("functional") ? (
        <iframe src={mapEmbedUrl(place)} title={title} loading="lazy" referrerPolicy="strict-origin-when-cross-origin" />
      ) : (
        <div css={placeholderStyle}>
          <Icon name="mapPin" size={32} color={colors.action} />
          <p>
            <strong>{place}</strong>
          </p>
          <p>
            De kaart komt van Google Maps, dat daarbij cookies kan plaatsen. Met &lsquo;Kaart laden&rsquo; staat u functionele
            cookies toe; wijzigen kan via &lsquo;Cookie-instellingen&rsquo; onderaan de pagina.
          </p>
          <button type="button" css={buttonStyles.primary} onClick={() => allow("functional")}>
            Kaart laden
          </button>
          <a href={mapLinkUrl(place)} target="_blank" rel="noopener noreferrer" css={{ display: "inline-flex", alignItems: "center", gap: 6, minHeight: 44 }}>
            Open in Google Maps <Icon name="externalLink" size={16} />
            <span css={visuallyHidden}> (opent in een nieuw tabblad)</span>
          </a>
        </div>
      )}
    </div>
  );
}
