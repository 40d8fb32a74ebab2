import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { ButtonLink, type ButtonVariant } from "./Button";

/** The button to the quote page, as call bands and heroes show it. */
export function QuoteLink({ variant }: { variant?: ButtonVariant }) {
  return (
    <ButtonLink href="/offerte" variant={variant}>
      <Icon name="document" size={20} />
      Offerte aanvragen
    </ButtonLink>
  );
}
