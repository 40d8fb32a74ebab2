import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Icon } from "../../plugins/gatsby-plugin-first-paint";
import { Milestones } from "../components/about/Milestones";
import { TeamCard } from "../components/about/TeamCard";
import { ContactFormSection } from "../contact-request/browser/ContactFormSection";
import { useSiteData } from "../components/layout/useSiteData";
import { PageHead } from "../components/seo/PageHead";
import { shareImage } from "../lib/share-image";
import { TownGrid } from "../components/towns/TownGrid";
import { Breadcrumbs } from "../components/ui/Breadcrumbs";
import { ButtonLink } from "../components/ui/Button";
import { CallLink } from "../components/ui/CallLink";
import { cardGrid } from "../components/ui/Card";
import { IconCardList } from "../components/ui/IconCardList";
import { KeyFactsStrip } from "../components/ui/KeyFacts";
import { PageHero } from "../components/ui/PageHero";
import { Section } from "../components/ui/Section";
import { TextWithAside } from "../components/ui/TextWithAside";
import { type Crumb } from "../lib/json-ld";

const trail: Crumb[] = [
  { name: "Home", path: "/" },
  { name: "Over ons", path: "/over-ons" },
];

/** /over-ons: figures, story, the team, what we promise and where we work. */
export default function AboutPage({ data }: PageProps<Queries.AboutPageQuery>) {
  const { company } = useSiteData();
  if (!data.page) throw new Error("content/about-page.json is missing");
  const { image, team, ...page } = data.page;

  return (
    <>
      <PageHero
        above={<Breadcrumbs trail={trail} />}
        {...page.hero}
        image={image.childImageSharp?.gatsbyImageData}
        imageAlt={page.imageAlt}
      >
        <ButtonLink href="#offerte-formulier">
          <Icon name="document" size={20} />
          Gratis offerte
        </ButtonLink>
        <CallLink />
      </PageHero>

      <KeyFactsStrip facts={page.stats} label={`${company.name} in cijfers`} />

      <Section id="ons-verhaal" title={page.story.title}>
        <TextWithAside paragraphs={page.story.paragraphs} asideWidth={400}>
          <Milestones items={page.story.milestones} />
        </TextWithAside>
      </Section>

      <Section id="team" title={team.title} intro={team.intro} tone="sand">
        <ul css={cardGrid(3)}>
          {team.members.map((member) => (
            <li key={member.name}>
              <TeamCard member={member} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="garanties" title={page.guarantees.title} intro={page.guarantees.intro}>
        <IconCardList items={page.guarantees.items} columns={3} />
      </Section>

      <Section id="werkgebied" title={page.area.title} intro={page.area.intro} tone="sand">
        <TownGrid towns={company.towns} />
      </Section>

      <ContactFormSection id="offerte-formulier" title={page.contactForm.title} subtitle={page.contactForm.subtitle} tone="white" />
    </>
  );
}

export const Head: HeadFC<Queries.AboutPageQuery> = ({ data, location }) => {
  if (!data.page) throw new Error("content/about-page.json is missing");
  const share = shareImage(data.page.image, data.page.imageAlt);
  return <PageHead seo={data.page.seo} trail={trail} pathname={location.pathname} image={share} />;
};

export const query = graphql`
  query AboutPage {
    page: aboutPageJson {
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
      stats {
        ...KeyFactFields
      }
      story {
        title
        paragraphs
        milestones {
          year
          text
        }
      }
      team {
        title
        intro
        members {
          ...TeamMemberFields
        }
      }
      guarantees {
        title
        intro
        items {
          ...IconCardFields
        }
      }
      area {
        title
        intro
      }
      contactForm {
        ...ContactFormBlockFields
      }
    }
  }
`;
