import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Icon } from "../../plugins/gatsby-plugin-first-paint";
import { ContactFormSection } from "../contact-request/browser/ContactFormSection";
import { PageHead } from "../components/seo/PageHead";
import { ServiceCard } from "../components/services/ServiceCard";
import { Breadcrumbs } from "../components/ui/Breadcrumbs";
import { ButtonLink } from "../components/ui/Button";
import { CallLink } from "../components/ui/CallLink";
import { cardGrid } from "../components/ui/Card";
import { ChatLink } from "../components/ui/ChatLink";
import { CtaBand } from "../components/ui/CtaBand";
import { KeyFacts } from "../components/ui/KeyFacts";
import { PageHero } from "../components/ui/PageHero";
import { ProcessSteps } from "../components/ui/ProcessSteps";
import { Section } from "../components/ui/Section";
import { type Crumb } from "../lib/json-ld";

const trail: Crumb[] = [
  { name: "Home", path: "/" },
  { name: "Diensten", path: "/diensten" },
];

const quoteLabel = "Gratis offerte aanvragen";

export default function ServicesPage({ data }: PageProps<Queries.ServicesOverviewQuery>) {
  if (!data.page) throw new Error("content/services-page.json is missing");
  const page = data.page;

  return (
    <>
      <PageHero
        above={<Breadcrumbs trail={trail} />}
        badge={page.hero.badge}
        title={page.hero.title}
        text={page.hero.text}
        points={page.hero.points}
        aside={<KeyFacts facts={page.keyFacts} label="Onze diensten in het kort" columns={2} />}
      >
        <ButtonLink href="#offerte-formulier">
          <Icon name="document" size={20} />
          {quoteLabel}
        </ButtonLink>
        <ChatLink />
      </PageHero>

      <Section id="alle-diensten" title={page.services.title} intro={page.services.intro}>
        <ul css={cardGrid(4)}>
          {data.services.nodes.map((service) => (
            <li key={service.slug}>
              <ServiceCard service={service} />
            </li>
          ))}
        </ul>
      </Section>

      <ContactFormSection id="offerte-formulier" title={page.contactForm.title} subtitle={page.contactForm.subtitle} />

      <Section id="werkwijze" title={page.process.title}>
        <ProcessSteps steps={page.process.steps} />
      </Section>

      <CtaBand id="direct-contact" title={page.cta.title} text={page.cta.text}>
        <CallLink variant="light" />
        <ChatLink />
      </CtaBand>
    </>
  );
}

export const Head: HeadFC<Queries.ServicesOverviewQuery> = ({ data, location }) => {
  if (!data.page) throw new Error("content/services-page.json is missing");
  return <PageHead seo={data.page.seo} trail={trail} pathname={location.pathname} />;
};

export const query = graphql`
  query ServicesOverview {
    page: servicesPageJson {
      seo {
        ...PageSeoFields
      }
      hero {
        ...PageHeroFields
      }
      keyFacts {
        ...KeyFactFields
      }
      services {
        title
        intro
      }
      contactForm {
        ...ContactFormBlockFields
      }
      process {
        ...ProcessFields
      }
      cta {
        ...CallBandFields
      }
    }
    services: allServicesJson(sort: { order: ASC }) {
      nodes {
        ...ServiceCardFields
      }
    }
  }
`;
