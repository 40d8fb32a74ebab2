import { css } from "@emotion/react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { EmergencyServiceCards } from "../components/emergency/EmergencyServiceCards";
import { LifeSafetyWarning } from "../components/emergency/LifeSafetyWarning";
import { ResponseTimes } from "../components/emergency/ResponseTimes";
import { ContactFormSection } from "../contact-request/browser/ContactFormSection";
import { ReviewCard } from "../components/reviews/ReviewCard";
import { PageHead } from "../components/seo/PageHead";
import { shareImage } from "../lib/share-image";
import { Breadcrumbs } from "../components/ui/Breadcrumbs";
import { CallLink } from "../components/ui/CallLink";
import { cardGrid, cardStyle } from "../components/ui/Card";
import { ChatLink } from "../components/ui/ChatLink";
import { FaqList } from "../components/ui/FaqList";
import { PageHero } from "../components/ui/PageHero";
import { Section } from "../components/ui/Section";
import { colors, mq } from "../components/ui/theme";
import { type Crumb } from "../lib/json-ld";

const trail: Crumb[] = [
  { name: "Home", path: "/" },
  { name: "Spoedservice", path: "/spoedservice" },
];

const areaLayout = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 32px;
  align-items: start;
  ${mq.lg} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  }
`;

const waitingStyle = css`
  h3 {
    margin-top: 0;
  }
  ol {
    margin: 0;
    padding-left: 24px;
  }
  li + li {
    margin-top: 8px;
  }
`;

/** /spoedservice: call 112 first if lives are at risk, then what we do, how fast and for how much. */
export default function EmergencyPage({ data }: PageProps<Queries.EmergencyPageQuery>) {
  if (!data.page) throw new Error("content/emergency-page.json is missing");
  const { image, ...page } = data.page;

  return (
    <>
      <PageHero
        above={
          <>
            <Breadcrumbs trail={trail} />
            <LifeSafetyWarning title={page.warning.title} text={page.warning.text} />
          </>
        }
        {...page.hero}
        image={image.childImageSharp?.gatsbyImageData}
        imageAlt={page.imageAlt}
      >
        <CallLink line="emergency" label="Bel de spoedlijn" />
        <ChatLink />
      </PageHero>

      <Section id="spoeddiensten" title={page.services.title} intro={page.services.intro}>
        <EmergencyServiceCards services={page.services.items} />
      </Section>

      <Section id="aanrijtijden" title={page.areas.title} intro={page.areas.intro} tone="sand">
        <div css={areaLayout}>
          <div>
            <ResponseTimes rows={page.areas.rows} caption="Aanrijtijd per gebied" />
            <p css={{ color: colors.inkMuted, marginTop: 16 }}>{page.areas.note}</p>
          </div>
          <div css={[cardStyle, waitingStyle]}>
            <h3>{page.whileWaiting.title}</h3>
            <ol>
              {page.whileWaiting.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
        </div>
      </Section>

      <Section id="ervaringen" title={page.experiences.title} intro={page.experiences.intro}>
        <ul css={cardGrid(3)}>
          {page.experiences.featured.map((review) => (
            <li key={review.slug}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      </Section>

      <ContactFormSection id="offerte-formulier" title={page.contactForm.title} subtitle={page.contactForm.subtitle} />

      <Section id="veelgestelde-vragen" title={page.faq.title}>
        <FaqList items={page.faq.items} />
      </Section>
    </>
  );
}

export const Head: HeadFC<Queries.EmergencyPageQuery> = ({ data, location }) => {
  if (!data.page) throw new Error("content/emergency-page.json is missing");
  const share = shareImage(data.page.image, data.page.imageAlt);
  return <PageHead seo={data.page.seo} trail={trail} pathname={location.pathname} image={share} />;
};

export const query = graphql`
  query EmergencyPage {
    page: emergencyPageJson {
      seo {
        ...PageSeoFields
      }
      hero {
        ...PageHeroFields
      }
      imageAlt
      image {
        childImageSharp {
          ...PageHeroImage
        }
      }
      warning {
        title
        text
      }
      services {
        title
        intro
        items {
          icon
          name
          description
          price
          responseTime
        }
      }
      areas {
        title
        intro
        rows {
          area
          time
          priority
        }
        note
      }
      whileWaiting {
        title
        steps
      }
      experiences {
        title
        intro
        featured {
          ...ReviewCardFields
        }
      }
      contactForm {
        ...ContactFormBlockFields
      }
      faq {
        ...FaqFields
      }
    }
  }
`;
