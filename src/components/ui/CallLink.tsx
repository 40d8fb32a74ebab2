import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { telHref } from "../../lib/paths";
import { useSiteData } from "../layout/useSiteData";
import { ButtonLink, type ButtonVariant } from "./Button";

interface CallLinkProps {
  /** Which of the company's numbers: the office line, or the emergency line (red by default). */
  line?: "regular" | "emergency";
  /** Text before the number, such as "Bel"; the number itself is always shown, so it can be read aloud or copied. */
  label?: string;
  variant?: ButtonVariant;
  className?: string;
}

/** A button that calls the company, showing the number it dials. */
export function CallLink({ line = "regular", label = "Bel", variant, className }: CallLinkProps) {
  const { company } = useSiteData();
  const phone = company.phones[line];
  return (
    <ButtonLink
      href={telHref(phone.e164)}
      variant={variant ?? (line === "emergency" ? "emergency" : "secondary")}
      className={className}
    >
      <Icon name="phone" size={20} />
      {label} {phone.display}
    </ButtonLink>
  );
}
