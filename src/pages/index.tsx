import { graphql, type HeadFC, type PageProps } from "gatsby";
import { HydrateLater, Icon } from "../../plugins/gatsby-plugin-first-paint";
import { ContactFormSection } from "../contact-request/browser/ContactFormSection";
import { TrustBadges } from "../components/home/TrustBadges";
import { useSiteData } from "../components/layout/useSiteData";
import { MapEmbed } from "../components/map/MapEmbed";
import { ReviewCard } from "../components/reviews/ReviewCard";
import { Seo } from "../components/seo/Seo";
import { ServiceCard } from "../components/services/ServiceCard";
import { TownGrid } from "../components/towns/TownGrid";
import { ButtonLink } from "../components/ui/Button";
import { ChatLink } from "../components/ui/ChatLink";
import { PageHero } from "../components/ui/PageHero";
import { cardGrid } from "../components/ui/Card";
import { IconCardList } from "../components/ui/IconCardList";
import { Section } from "../components/ui/Section";
import { StatsStrip } from "../components/ui/StatsStrip";

const moreLink = { marginTop: 32 };

export default function HomePage({ data }: PageProps<Queries.HomePageQuery>) {
  const { company } = useSiteData();
  const home = data.home;
  if (!home) throw new Error("content/home.json is missing");

  return (
    <>
      <PageHero
        badge={home.hero.badge}
        title={home.hero.title}
        text={home.hero.text}
        points={home.hero.points}
        image={home.hero.image.childImageSharp?.gatsbyImageData}
        imageAlt={home.hero.imageAlt}
      >
        <ButtonLink href="/offerte">
          <Icon name="document" size={20} />
          {home.hero.quoteLabel}
        </ButtonLink>
        <ChatLink>{home.hero.chatLabel}</ChatLink>
      </PageHero>
      <HydrateLater>
        <TrustBadges badges={home.trustBadges} />
        <StatsStrip
          label="Ons bedrijf in cijfers"
          stats={home.stats}
        />
      </HydrateLater>

      <ContactFormSection
        id="offerte-formulier"
        title={home.contactForm.title}
        subtitle={home.contactForm.subtitle}
      />

      <Section id="diensten" title={home.services.title} intro={home.services.intro}>
        <ul css={cardGrid(3)}>
          {home.services.featured.map((service) => (
            <li key={service.slug}>
              <ServiceCard service={service} />
            </li>
          ))}
        </ul>
        <ButtonLink href="/diensten" variant="secondary" css={moreLink}>
          {home.services.allLabel} <Icon name="arrowRight" size={18} />
        </ButtonLink>
      </Section>

      <Section id="waarom-wij" title={home.whyUs.title} tone="sand">
        <div css={{ maxWidth: "70ch", marginBottom: 32 }}>
          {home.whyUs.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <IconCardList items={home.whyUs.points} />
      </Section>

      <Section id="over-ons" title={home.about.title} intro={home.about.text}>
        <IconCardList items={home.about.audiences} />
        <ButtonLink href="/over-ons" variant="secondary" css={moreLink}>
          {home.about.linkLabel} <Icon name="arrowRight" size={18} />
        </ButtonLink>
      </Section>

      <Section id="werkgebied" title={home.towns.title} intro={home.towns.intro} tone="sand">
        <TownGrid towns={company.towns} />
      </Section>

      <Section id="kaart" title={home.map.title} intro={home.map.text}>
        <MapEmbed place={home.map.place} title={`Kaart van ${home.map.place}`} />
      </Section>

      <Section id="reviews" title={home.reviews.title} intro={home.reviews.intro} tone="sand">
        <ul css={cardGrid(3)}>
          {home.reviews.featured.map((review) => (
            <li key={review.slug}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
        <ButtonLink href="/reviews" variant="secondary" css={moreLink}>
          {home.reviews.linkLabel} <Icon name="arrowRight" size={18} />
        </ButtonLink>
      </Section>
    </>
  );
}

export const Head: HeadFC<Queries.HomePageQuery> = ({ data, location }) => {
  const { company } = useSiteData();
  const seo = data.home?.seo;
  return (
    <Seo
      title={seo?.title ?? company.name}
      description={seo?.description ?? company.blurb}
      pathname={location.pathname}
    />
  );
};

export const query = graphql`
  query HomePage {
    home: homeJson {
      seo {
        ...PageSeoFields
      }
      hero {
        badge
        title
        text
        points
        quoteLabel
        chatLabel
        imageAlt
        image {
          childImageSharp {
            gatsbyImageData(width: 720, aspectRatio: 1.7778)
          }
        }
      }
      trustBadges {
        ...IconCardFields
      }
      stats {
        ...KeyFactFields
      }
      contactForm {
        ...ContactFormBlockFields
      }
      services {
        title
        intro
        allLabel
        featured {
          ...ServiceCardFields
        }
      }
      whyUs {
        title
        paragraphs
        points {
          ...IconCardFields
        }
      }
      about {
        title
        text
        audiences {
          ...IconCardFields
        }
        linkLabel
      }
      towns {
        title
        intro
      }
      map {
        title
        text
        place
      }
      reviews {
        title
        intro
        linkLabel
        featured {
          ...ReviewCardFields
        }
      }
    }
  }
`;
