import type { HeadFC } from "gatsby";
import { Icon } from "../../plugins/gatsby-plugin-first-paint";
import { useSiteData } from "../components/layout/useSiteData";
import { telHref } from "../lib/paths";
import { Seo } from "../components/seo/Seo";
import { ButtonLink } from "../components/ui/Button";
import { CallLink } from "../components/ui/CallLink";
import { PageHero } from "../components/ui/PageHero";
import { ProcessSteps } from "../components/ui/ProcessSteps";
import { Section } from "../components/ui/Section";

const steps = [
  { title: "Wij lezen uw aanvraag", description: "Een van onze vakmensen bekijkt wat u schreef en welke dienst daarbij past." },
  { title: "Wij nemen contact op", description: "Wij bellen of mailen u om uw vraag door te nemen en zo nodig een afspraak te maken." },
  { title: "U krijgt een offerte", description: "Na de inspectie ontvangt u een heldere offerte: gratis en vrijblijvend." },
];

/**
 * Where the form's own post lands without JavaScript, once the request is safe
 * (docs/contact-requests.md). With JavaScript the form thanks the visitor in place.
 */
export default function ThankYouPage() {
  const { company } = useSiteData();
  return (
    <>
      <PageHero
        badge="Aanvraag ontvangen"
        title="Bedankt, uw aanvraag is ontvangen"
        text={`We nemen zo snel mogelijk contact met u op. Heeft u spoed, bijvoorbeeld een lekkage? Bel dan direct ${company.phones.emergency.display}, dag en nacht.`}
        points={[]}
      >
        <CallLink line="emergency" label="Spoed? Bel" />
        <ButtonLink href="/" variant="secondary">
          <Icon name="house" size={20} />
          Terug naar de homepage
        </ButtonLink>
      </PageHero>
      <Section id="wat-nu" title="Wat gebeurt er nu?" tone="sand">
        <ProcessSteps steps={steps} />
        <p css={{ marginTop: 32 }}>
          Wilt u nog iets toevoegen of liever zelf bellen? Bel ons op{" "}
          <a href={telHref(company.phones.regular.e164)}>{company.phones.regular.display}</a> of mail naar{" "}
          <a href={`mailto:${company.email}`}>{company.email}</a>.
        </p>
      </Section>
    </>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo
    title="Bedankt voor uw aanvraag"
    description="Uw aanvraag is ontvangen. Wij nemen zo snel mogelijk contact met u op."
    pathname={location.pathname}
  >
    <meta name="robots" content="noindex" />
  </Seo>
);
