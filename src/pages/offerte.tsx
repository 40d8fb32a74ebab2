import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Icon } from "../../plugins/gatsby-plugin-first-paint";
import { ContactFormSection } from "../contact-request/browser/ContactFormSection";
import { useSiteData } from "../components/layout/useSiteData";
import { PageHead } from "../components/seo/PageHead";
import { ServiceCard } from "../components/services/ServiceCard";
import { Breadcrumbs } from "../components/ui/Breadcrumbs";
import { ButtonLink } from "../components/ui/Button";
import { CallLink } from "../components/ui/CallLink";
import { cardGrid } from "../components/ui/Card";
import { ChatLink } from "../components/ui/ChatLink";
import { CtaBand } from "../components/ui/CtaBand";
import { IconCardList } from "../components/ui/IconCardList";
import { KeyFactsStrip } from "../components/ui/KeyFacts";
import { PageHero } from "../components/ui/PageHero";
import { ProcessSteps } from "../components/ui/ProcessSteps";
import { Section } from "../components/ui/Section";
import { type Crumb } from "../lib/json-ld";

const trail: Crumb[] = [
  { name: "Home", path: "/" },
  { name: "Offerte", path: "/offerte" },
];

/** /offerte: why ask us, what it costs, how it goes, then the form. */
export default function QuotePage({ data }: PageProps<Queries.QuotePageQuery>) {
  const { company } = useSiteData();
  if (!data.page) throw new Error("content/quote-page.json is missing");
  const { services, ...page } = data.page;

  return (
    <>
      <PageHero
        above={<Breadcrumbs trail={trail} />}
        {...page.hero}
      >
        <ButtonLink href="#offerte-formulier">
          <Icon name="arrowDown" size={20} />
          Naar het offerteformulier
        </ButtonLink>
        <ChatLink />
      </PageHero>

      <Section id="voordelen" title={page.benefits.title}>
        <IconCardList items={page.benefits.items} columns={Math.min(page.benefits.items.length, 4)} />
      </Section>

      <Section id="prijzen" title={services.title} intro={services.intro} tone="sand">
        <ul css={cardGrid(3)}>
          {services.items.map(({ service, price, text }) => (
            <li key={service.slug}>
              <ServiceCard service={service} price={price} description={text} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="werkwijze" title={page.process.title}>
        <ProcessSteps steps={page.process.steps} />
      </Section>

      <ContactFormSection id="offerte-formulier" title={page.contactForm.title} subtitle={page.contactForm.subtitle} />

      <KeyFactsStrip facts={page.stats} label={`${company.name} in cijfers`} />

      <CtaBand id="spoed" title={page.emergency.title} text={page.emergency.text} tone="emergency">
        <CallLink line="emergency" label="Bel de spoedlijn" variant="light" />
      </CtaBand>
    </>
  );
}

export const Head: HeadFC<Queries.QuotePageQuery> = ({ data, location }) => {
  if (!data.page) throw new Error("content/quote-page.json is missing");
  return <PageHead seo={data.page.seo} trail={trail} pathname={location.pathname} />;
};

export const query = graphql`
  query QuotePage {
    page: quotePageJson {
      seo {
        ...PageSeoFields
      }
      hero {
        ...PageHeroFields
      }
      benefits {
        ...IconCardSectionFields
      }
      services {
        title
        intro
        items {
          service {
            ...ServiceCardFields
          }
          price
          text
        }
      }
      process {
        ...ProcessFields
      }
      contactForm {
        ...ContactFormBlockFields
      }
      stats {
        ...KeyFactFields
      }
      emergency {
        ...CallBandFields
      }
    }
  }
`;
