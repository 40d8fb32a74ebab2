import { css } from "@emotion/react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Icon } from "../../plugins/gatsby-plugin-first-paint";
import { useSiteData } from "../components/layout/useSiteData";
import { ProjectCard } from "../components/projects/ProjectCard";
import { ProjectOverview } from "../components/projects/ProjectOverview";
import { PageHead } from "../components/seo/PageHead";
import { shareImage } from "../lib/share-image";
import { Breadcrumbs } from "../components/ui/Breadcrumbs";
import { ButtonLink } from "../components/ui/Button";
import { CallLink } from "../components/ui/CallLink";
import { CtaBand } from "../components/ui/CtaBand";
import { KeyFactsStrip } from "../components/ui/KeyFacts";
import { PageHero } from "../components/ui/PageHero";
import { Section } from "../components/ui/Section";
import { type Crumb } from "../lib/json-ld";
import { QuoteLink } from "../components/ui/QuoteLink";

const trail: Crumb[] = [
  { name: "Home", path: "/" },
  { name: "Projecten", path: "/projecten" },
];

const stackStyle = css`
  display: grid;
  gap: 32px;
  list-style: none;
  margin: 0;
  padding: 0;
`;

/** /projecten: featured work large, then every project with a category filter kept in the URL. */
export default function ProjectsPage({ data }: PageProps<Queries.ProjectsPageQuery>) {
  const { company } = useSiteData();
  if (!data.page) throw new Error("content/projects-page.json is missing");
  const page = data.page;
  const projects = data.projects.nodes;

  return (
    <>
      <PageHero
        above={<Breadcrumbs trail={trail} />}
        {...page.hero}
      >
        <ButtonLink href="#overzicht">
          <Icon name="arrowDown" size={20} />
          Bekijk alle projecten
        </ButtonLink>
        <QuoteLink variant="secondary" />
      </PageHero>

      <KeyFactsStrip facts={page.stats} label={`${company.name} in cijfers`} />

      <Section id="uitgelicht" title={page.featured.title} intro={page.featured.intro}>
        <ul css={stackStyle}>
          {projects
            .filter((project) => project.featured)
            .map((project) => (
              <li key={project.slug}>
                <ProjectCard project={project} large />
              </li>
            ))}
        </ul>
      </Section>

      <Section id="overzicht" title={page.overview.title} intro={page.overview.intro} tone="sand">
        <ProjectOverview projects={projects} allLabel={page.overview.allLabel} categoryLabels={page.overview.categories} />
      </Section>

      <CtaBand id="offerte" title={page.cta.title} text={page.cta.text}>
        <QuoteLink />
        <CallLink variant="light" />
      </CtaBand>
    </>
  );
}

export const Head: HeadFC<Queries.ProjectsPageQuery> = ({ data, location }) => {
  if (!data.page) throw new Error("content/projects-page.json is missing");
  const featured = data.projects.nodes.find((project) => project.featured);
  const share = featured && shareImage(featured.after.image, featured.after.alt);
  return <PageHead seo={data.page.seo} trail={trail} pathname={location.pathname} image={share} />;
};

export const query = graphql`
  query ProjectsPage {
    page: projectsPageJson {
      seo {
        ...PageSeoFields
      }
      hero {
        ...PageHeroFields
      }
      stats {
        ...KeyFactFields
      }
      featured {
        title
        intro
      }
      overview {
        title
        intro
        allLabel
        categories {
          monumentaal
          bedrijfsdaken
          spoed
          nieuwbouw
          isolatie
          dakgoten
        }
      }
      cta {
        ...CallBandFields
      }
    }
    projects: allProjectsJson(sort: { order: ASC }) {
      nodes {
        featured
        ...ProjectCardFields
        after {
          alt
          image {
            childImageSharp {
              ...ShareImageFields
            }
          }
        }
      }
    }
  }
`;
