import { css } from "@emotion/react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { CompanyDetails } from "../components/company/CompanyDetails";
import { ContactMethods } from "../components/company/ContactMethods";
import { OpeningHours } from "../components/company/OpeningHours";
import { ContactFormSection } from "../contact-request/browser/ContactFormSection";
import { useSiteData } from "../components/layout/useSiteData";
import { MapEmbed } from "../components/map/MapEmbed";
import { PageHead } from "../components/seo/PageHead";
import { TownGrid } from "../components/towns/TownGrid";
import { Breadcrumbs } from "../components/ui/Breadcrumbs";
import { CallLink } from "../components/ui/CallLink";
import { ChatLink } from "../components/ui/ChatLink";
import { FaqList } from "../components/ui/FaqList";
import { IconCardList } from "../components/ui/IconCardList";
import { PageHero } from "../components/ui/PageHero";
import { Section } from "../components/ui/Section";
import { mq } from "../components/ui/theme";
import { type Crumb } from "../lib/json-ld";

const trail: Crumb[] = [
  { name: "Home", path: "/" },
  { name: "Contact", path: "/contact" },
];

const twoColumns = css`
  display: grid;
  gap: 24px;
  ${mq.lg} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    align-items: start;
  }
`;

const areaNote = css`
  margin: 24px 0 0;
  font-weight: 600;
`;

/** /contact: every way to reach the company, when, where and for which towns. */
export default function ContactPage({ data }: PageProps<Queries.ContactPageQuery>) {
  const { company } = useSiteData();
  if (!data.page) throw new Error("content/contact-page.json is missing");
  const page = data.page;
  const address = `${company.address.street}, ${company.address.postalCode} ${company.address.city}`;

  return (
    <>
      <PageHero
        above={<Breadcrumbs trail={trail} />}
        {...page.hero}
      >
        <CallLink variant="primary" />
        <ChatLink />
      </PageHero>

      <Section id="contactmogelijkheden" title="Zo bereikt u ons">
        <ContactMethods methods={page.methods} />
      </Section>

      <Section id="gegevens" title="Gegevens en openingstijden" tone="sand">
        <div css={twoColumns}>
          <CompanyDetails title={page.details.title} />
          <OpeningHours title={page.hours.title} />
        </div>
      </Section>

      <Section id="werkgebied" title={page.area.title} intro={page.area.intro}>
        <TownGrid towns={company.towns} />
        <p css={areaNote}>{page.area.note}</p>
      </Section>

      <ContactFormSection id="offerte-formulier" title={page.contactForm.title} subtitle={page.contactForm.subtitle} />

      <Section id="veelgestelde-vragen" title={page.faq.title}>
        <FaqList items={page.faq.items} />
      </Section>

      <Section id="route" title={page.location.title} intro={page.location.text} tone="sand">
        <IconCardList items={page.location.items} columns={Math.min(page.location.items.length, 4)} />
        <h3 css={{ margin: "32px 0 16px" }}>{page.location.mapTitle}</h3>
        <MapEmbed place={address} title={`Kaart van ${address}`} />
      </Section>
    </>
  );
}

export const Head: HeadFC<Queries.ContactPageQuery> = ({ data, location }) => {
  if (!data.page) throw new Error("content/contact-page.json is missing");
  return <PageHead seo={data.page.seo} trail={trail} pathname={location.pathname} />;
};

export const query = graphql`
  query ContactPage {
    page: contactPageJson {
      seo {
        ...PageSeoFields
      }
      hero {
        ...PageHeroFields
      }
      methods {
        kind
        title
        description
        secondary
        available
        urgent
      }
      details {
        title
      }
      hours {
        title
      }
      area {
        title
        intro
        note
      }
      contactForm {
        ...ContactFormBlockFields
      }
      faq {
        ...FaqFields
      }
      location {
        title
        text
        items {
          ...IconCardFields
        }
        mapTitle
      }
    }
  }
`;
