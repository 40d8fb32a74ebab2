import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { type ReactNode } from "react";
import { chatUrl } from "../../lib/chat-link";
import { useSiteData } from "../layout/useSiteData";
import { ButtonLink, type ButtonVariant } from "./Button";

interface ChatLinkProps {
  /** The text typed into the chat for the visitor; the company's general question by default. */
  text?: string;
  /** The button's text; "WhatsApp ons" by default. */
  children?: ReactNode;
  variant?: ButtonVariant;
  className?: string;
  "aria-label"?: string;
}

/** Opens a WhatsApp conversation with the company in a new tab, the question already typed. */
export function ChatLink({ text, children = "WhatsApp ons", variant = "chat", ...rest }: ChatLinkProps) {
  const { company } = useSiteData();
  return (
    <ButtonLink
      href={chatUrl(company.chat.number, text ?? company.chat.general)}
      variant={variant}
      target="_blank"
      rel="noopener noreferrer"
      {...rest}
    >
      <Icon name="chat" size={20} />
      {children}
    </ButtonLink>
  );
}
