import { css } from "@emotion/react";
import { graphql, Link } from "gatsby";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { servicePath } from "../../lib/paths";
import { cardStyle } from "../ui/Card";
import { colors, fontSize, mq } from "../ui/theme";
import { BeforeAfter } from "./BeforeAfter";

const cardLayout = (large: boolean) => css`
  display: grid;
  gap: 24px;
  height: 100%;
  align-content: start;
  ${large &&
  css`
    ${mq.lg} {
      grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
      align-items: start;
    }
  `}
  h3 {
    margin: 0 0 8px;
    font-size: ${large ? fontSize.lg : fontSize.md};
  }
  p {
    margin: 0;
  }
`;

const factsStyle = css`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  margin: 0 0 12px;
  font-size: ${fontSize.sm};
  color: ${colors.inkMuted};
  div {
    display: flex;
    gap: 4px;
  }
  dd {
    margin: 0;
    color: ${colors.ink};
    font-weight: 600;
  }
`;

const servicesStyle = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  list-style: none;
  margin: 12px 0;
  padding: 0;
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 12px;
    border: 1px solid ${colors.line};
    border-radius: 999px;
    font-size: ${fontSize.sm};
    font-weight: 600;
  }
`;

const detailsStyle = css`
  margin-top: 12px;
  summary {
    display: flex;
    align-items: center;
    min-height: 44px;
    cursor: pointer;
    font-weight: 700;
    color: ${colors.actionStrong};
  }
`;

const quoteStyle = css`
  margin: 12px 0 0;
  padding: 16px;
  border-left: 4px solid ${colors.action};
  background: ${colors.sand};
  blockquote {
    margin: 0;
    font-style: italic;
  }
  figcaption {
    margin-top: 8px;
    font-weight: 700;
  }
`;

/** What the project was, what we did and what the client said. */
function ProjectStory({ project }: { project: Queries.ProjectCardFieldsFragment }) {
  return (
    <>
      <p>{project.description}</p>
      <ul css={servicesStyle} aria-label="Uitgevoerde diensten">
        {project.services.map((service) => (
          <li key={service.slug}>
            <Link to={servicePath(service.slug)}>{service.name}</Link>
          </li>
        ))}
      </ul>
      <figure css={quoteStyle}>
        <blockquote>
          <Icon name="quote" size={18} color={colors.action} /> {project.quote.text}
        </blockquote>
        <figcaption>{project.quote.name}</figcaption>
      </figure>
    </>
  );
}

/**
 * One finished project: before and after, the facts, what we did and what the
 * client said. In the overview the story folds away, so the grid stays short on a phone.
 */
export function ProjectCard({ project, large = false }: { project: Queries.ProjectCardFieldsFragment; large?: boolean }) {
  const before = project.before.image.childImageSharp?.gatsbyImageData;
  const after = project.after.image.childImageSharp?.gatsbyImageData;
  return (
    <article css={[cardStyle, cardLayout(large)]}>
      {before && after && (
        <BeforeAfter before={{ image: before, alt: project.before.alt }} after={{ image: after, alt: project.after.alt }} label={project.title} />
      )}
      <div>
        <h3>{project.title}</h3>
        <dl css={factsStyle}>
          {(
            [
              ["Plaats", project.location],
              ["Type", project.type],
              ["Jaar", String(project.year)],
              ["Duur", project.duration],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt>{label}:</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {large ? (
          <ProjectStory project={project} />
        ) : (
          <details css={detailsStyle}>
            <summary>Lees het verhaal van dit project</summary>
            <ProjectStory project={project} />
          </details>
        )}
      </div>
    </article>
  );
}

/** Three widths (360, 720, 1080 px) cover a phone's card and the large featured one; each more width is 36 encodes per build. */
export const projectCardFields = graphql`
  fragment ProjectCardFields on ProjectsJson {
    slug
    title
    location
    type
    categories
    year
    duration
    description
    services {
      slug
      name
    }
    before {
      alt
      image {
        childImageSharp {
          gatsbyImageData(width: 720, aspectRatio: 1.3333, outputPixelDensities: [0.5, 1, 1.5])
        }
      }
    }
    after {
      alt
      image {
        childImageSharp {
          gatsbyImageData(width: 720, aspectRatio: 1.3333, outputPixelDensities: [0.5, 1, 1.5])
        }
      }
    }
    quote {
      text
      name
    }
  }
`;
