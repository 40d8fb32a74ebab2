import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Icon } from "../../plugins/gatsby-plugin-first-paint";
import { BlogCard } from "../components/blog/BlogCard";
import { PageHead } from "../components/seo/PageHead";
import { Breadcrumbs } from "../components/ui/Breadcrumbs";
import { ButtonLink } from "../components/ui/Button";
import { CallLink } from "../components/ui/CallLink";
import { cardGrid } from "../components/ui/Card";
import { CtaBand } from "../components/ui/CtaBand";
import { PageHero } from "../components/ui/PageHero";
import { Section } from "../components/ui/Section";
import { type Crumb } from "../lib/json-ld";

const trail: Crumb[] = [
  { name: "Home", path: "/" },
  { name: "Blog", path: "/blog" },
];

/** /blog: every article in content/blog/, newest first. */
export default function BlogPage({ data }: PageProps<Queries.BlogIndexQuery>) {
  if (!data.page) throw new Error("content/blog-page.json is missing");
  const page = data.page;

  return (
    <>
      <PageHero above={<Breadcrumbs trail={trail} />} badge={page.hero.badge} title={page.hero.title} text={page.hero.text} points={[]}>
        <ButtonLink href="/offerte">
          <Icon name="document" size={20} />
          Gratis offerte aanvragen
        </ButtonLink>
      </PageHero>

      <Section id="artikelen" title={page.articles.title} intro={page.articles.intro}>
        <ul css={cardGrid(2)}>
          {data.articles.nodes.map((article) => (
            <li key={article.fields.slug}>
              <BlogCard article={article} />
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand id="direct-contact" title={page.cta.title} text={page.cta.text}>
        <ButtonLink href="/offerte">Offerte aanvragen</ButtonLink>
        <CallLink variant="light" />
      </CtaBand>
    </>
  );
}

export const Head: HeadFC<Queries.BlogIndexQuery> = ({ data, location }) => {
  if (!data.page) throw new Error("content/blog-page.json is missing");
  return <PageHead seo={data.page.seo} trail={trail} pathname={location.pathname} />;
};

export const query = graphql`
  query BlogIndex {
    page: blogPageJson {
      seo {
        ...PageSeoFields
      }
      hero {
        badge
        title
        text
      }
      articles {
        title
        intro
      }
      cta {
        ...CallBandFields
      }
    }
    articles: allMarkdownRemark(filter: { fields: { collection: { eq: "blog" } } }, sort: { frontmatter: { date: DESC } }) {
      nodes {
        ...BlogCardFields
      }
    }
  }
`;
