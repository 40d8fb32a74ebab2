import { graphql, type HeadFC, type PageProps } from "gatsby";
import { useSiteData } from "../components/layout/useSiteData";
import { JsonLd } from "../components/seo/JsonLd";
import { Seo } from "../components/seo/Seo";
import { Article, articleLeadStyle } from "../components/ui/Article";
import { formatDate } from "../lib/dutch-format";
import { breadcrumbList, type Crumb } from "../lib/json-ld";
import { legalPath } from "../lib/paths";

function trailFor(title: string, slug: string): Crumb[] {
  return [
    { name: "Home", path: "/" },
    { name: title, path: legalPath(slug) },
  ];
}

/** The privacy statement and the terms: one page per Markdown file in content/legal/. */
export default function LegalTextPage({ data }: PageProps<Queries.LegalTextQuery>) {
  if (!data.text?.html) throw new Error("The text of this page is missing from content/legal/");
  const { frontmatter, fields, html } = data.text;
  return (
    <Article
      trail={trailFor(frontmatter.title, fields.slug)}
      title={frontmatter.title}
      header={
        <>
          <p css={articleLeadStyle}>{frontmatter.excerpt}</p>
          <p>
            Laatst bijgewerkt op <time dateTime={frontmatter.date}>{formatDate(frontmatter.date)}</time>.
          </p>
        </>
      }
      html={html}
      back={{ to: "/", label: "Terug naar de homepage" }}
    />
  );
}

export const Head: HeadFC<Queries.LegalTextQuery> = ({ data, location }) => {
  const { siteUrl } = useSiteData();
  if (!data.text) throw new Error("The text of this page is missing from content/legal/");
  const { frontmatter, fields } = data.text;
  return (
    <Seo title={frontmatter.title} description={frontmatter.excerpt} pathname={location.pathname}>
      <JsonLd data={breadcrumbList(trailFor(frontmatter.title, fields.slug), siteUrl)} />
    </Seo>
  );
};

export const query = graphql`
  query LegalText($id: String!) {
    text: markdownRemark(id: { eq: $id }) {
      html
      fields {
        slug
      }
      frontmatter {
        title
        excerpt
        date
      }
    }
  }
`;
