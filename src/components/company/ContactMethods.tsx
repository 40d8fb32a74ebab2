import { css } from "@emotion/react";
import type { IconName } from "../../lib/icons";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { chatUrl } from "../../lib/chat-link";
import { telHref } from "../../lib/paths";
import { useSiteData } from "../layout/useSiteData";
import { emergencyBadge } from "../ui/Badge";
import { buttonStyles } from "../ui/Button";
import { cardColumn, cardGrid, cardStyle } from "../ui/Card";
import { visuallyHidden } from "../ui/a11y";
import { colors, fontSize } from "../ui/theme";

type Kind = Queries.ContactMethodKind;

export interface ContactMethod {
  kind: Kind;
  title: string;
  description: string;
  secondary: string;
  available: string;
  urgent: boolean;
}

const actionStyle = css`
  a {
    margin-top: auto;
    overflow-wrap: anywhere;
  }
`;

const mutedStyle = css`
  color: ${colors.inkMuted};
  font-size: ${fontSize.sm};
`;

const icons: Record<Kind, IconName> = { phone: "phone", email: "mail", chat: "chat" };

/** Phone, e-mail and chat side by side; each card's button does what it says, with the number or address on it. */
export function ContactMethods({ methods }: { methods: readonly ContactMethod[] }) {
  const { company } = useSiteData();
  const actions = {
    phone: { href: telHref(company.phones.regular.e164), label: company.phones.regular.display, variant: "primary" as const, newTab: false },
    email: { href: `mailto:${company.email}`, label: company.email, variant: "secondary" as const, newTab: false },
    chat: { href: chatUrl(company.chat.number, company.chat.general), label: "Start een WhatsApp-gesprek", variant: "chat" as const, newTab: true },
  };
  return (
    <ul css={cardGrid(3)}>
      {methods.map((method) => {
        const action = actions[method.kind];
        return (
          <li key={method.kind} css={[cardStyle, cardColumn, actionStyle]}>
            {method.urgent && <span css={[emergencyBadge, { alignSelf: "flex-start" }]}>24/7 spoed</span>}
            <h3>
              <Icon name={icons[method.kind]} size={24} color={colors.action} />
              {method.title}
            </h3>
            <p>{method.description}</p>
            <p css={mutedStyle}>{method.secondary}</p>
            <p css={mutedStyle}>{method.available}</p>
            <a
              href={action.href}
              css={buttonStyles[action.variant]}
              {...(action.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            >
              {action.label}
              {action.newTab && <span css={visuallyHidden}> (opent in een nieuw tabblad)</span>}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
