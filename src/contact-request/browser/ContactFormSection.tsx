import { graphql } from "gatsby";
import { css } from "@emotion/react";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { type ContactRequest } from "../shared/contact-fields";
import { telHref } from "../../lib/paths";
import { useSiteData } from "../../components/layout/useSiteData";
import { cardStyle } from "../../components/ui/Card";
import { ChatLink } from "../../components/ui/ChatLink";
import { Section } from "../../components/ui/Section";
import { colors, fontSize, mq } from "../../components/ui/theme";
import { ContactFormOnDemand } from "./ContactFormOnDemand";

const texts = {
  /** The quote promise's hours come from content/company.json (replyTargets.quoteHours), where every text reads them. */
  promises: (quoteHours: number) => ["Gratis en vrijblijvend", `Offerte binnen ${quoteHours} uur`, "Vaste prijs vooraf"],
  direct: "Liever direct contact?",
  call: "Bel",
};

const layout = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 32px;
  align-items: start;
  ${mq.lg} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 2fr);
    gap: 48px;
  }
`;

const formCard = css`
  ${cardStyle};
  &:hover {
    box-shadow: none;
  }
  ${mq.md} {
    padding: 32px;
  }
  ${mq.lg} {
    order: 2;
  }
`;

const aside = css`
  display: grid;
  gap: 24px;
  ${mq.lg} {
    order: 1;
  }
  ul {
    list-style: none;
    display: grid;
    gap: 8px;
  }
  li {
    display: flex;
    gap: 8px;
    align-items: center;
    font-weight: 600;
  }
  h3 {
    font-size: ${fontSize.md};
    margin-bottom: 12px;
  }
`;

const directLinks = css`
  display: grid;
  gap: 12px;
  a:not([class*="css-"]) {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    min-height: 44px;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  > a[class*="css-"] {
    justify-self: start;
  }
`;

interface ContactFormSectionProps {
  /** The anchor other links jump to, such as `offerte-formulier` on /offerte. */
  id: string;
  title: string;
  subtitle: string;
  tone?: "white" | "sand";
  /** Choices made for the visitor, such as the service of the page the form is on. */
  presets?: Partial<ContactRequest>;
  /** The question the chat button types; the company's general question by default. */
  chatText?: string;
}

/** The contact form with its page's title and subtitle, and the quicker ways to reach the company beside it. */
export function ContactFormSection({ id, title, subtitle, tone = "sand", presets, chatText }: ContactFormSectionProps) {
  const { company } = useSiteData();
  const phone = company.phones.regular;
  return (
    <Section id={id} title={title} intro={subtitle} tone={tone}>
      <div css={layout}>
        <div css={formCard}>
          <ContactFormOnDemand presets={presets} />
        </div>
        <div css={aside}>
          <ul>
            {texts.promises(company.replyTargets.quoteHours).map((promise) => (
              <li key={promise}>
                <Icon name="checkCircle" size={20} color={colors.chat} />
                {promise}
              </li>
            ))}
          </ul>
          <div>
            <h3>{texts.direct}</h3>
            <div css={directLinks}>
              <a href={telHref(phone.e164)}>
                <Icon name="phone" size={20} />
                {texts.call} {phone.display}
              </a>
              <a href={`mailto:${company.email}`}>
                <Icon name="mail" size={20} />
                {company.email}
              </a>
              <ChatLink text={chatText} />
            </div>
          </div>
        </div>
      </div>
    </Section>
  );
}

/** The title and subtitle a page gives the form (content-schema.ts, ContactFormBlock). */
export const contactFormBlockFields = graphql`
  fragment ContactFormBlockFields on ContactFormBlock {
    title
    subtitle
  }
`;
