import { css } from "@emotion/react";
import { graphql, Link } from "gatsby";
import { blogPath } from "../../lib/paths";
import { cardStyle } from "../ui/Card";
import { Picture } from "../ui/Picture";
import { colors, fontSize, radius } from "../ui/theme";
import { ArticleMeta } from "./ArticleMeta";
import { articleFrontmatter } from "./articleFrontmatter";

const cardLayout = css`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 12px;
  height: 100%;
  padding: 0;
  overflow: hidden;
  > div:last-of-type {
    display: grid;
    gap: 12px;
    padding: 0 24px 24px;
  }
  h3 {
    margin: 0;
    font-size: ${fontSize.md};
  }
  h3 a {
    color: ${colors.ink};
    text-decoration: none;
  }
  /* The whole card opens the article; the title stays the link's text. */
  h3 a::after {
    content: "";
    position: absolute;
    inset: 0;
    border-radius: ${radius.card};
  }
  &:hover h3 a {
    color: ${colors.actionStrong};
    text-decoration: underline;
  }
  p:last-child {
    margin: 0;
    color: ${colors.inkMuted};
  }
`;

/** One article on /blog: image, category, date, reading time, title and excerpt. */
export function BlogCard({ article }: { article: Queries.BlogCardFieldsFragment }) {
  const frontmatter = articleFrontmatter(article.frontmatter);
  const image = frontmatter.image.childImageSharp?.gatsbyImageData;
  return (
    <article css={[cardStyle, cardLayout]}>
      {image && <Picture image={image} alt={frontmatter.imageAlt} />}
      <div>
        <ArticleMeta
          category={frontmatter.category}
          date={frontmatter.date}
          readingMinutes={article.fields.readingMinutes}
        />
        <h3>
          <Link to={blogPath(article.fields.slug)}>{frontmatter.title}</Link>
        </h3>
        <p>{frontmatter.excerpt}</p>
      </div>
    </article>
  );
}

export const blogCardFields = graphql`
  fragment BlogCardFields on MarkdownRemark {
    fields {
      slug
      readingMinutes
    }
    frontmatter {
      title
      excerpt
      date
      category
      imageAlt
      image {
        childImageSharp {
          gatsbyImageData(width: 560, aspectRatio: 1.3333)
        }
      }
    }
  }
`;
