import { FileText } from "lucide-react";
import { ButtonLink, type ButtonVariant } from "./Button";

/** The button to the quote page, as call bands and heroes show it. */
export function QuoteLink({ variant }: { variant?: ButtonVariant }) {
  return (
    <ButtonLink href="/offerte" variant={variant}>
      <FileText aria-hidden="true" size={20} />
      Offerte aanvragen
    </ButtonLink>
  );
}
