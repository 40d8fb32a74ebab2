import { css } from "@emotion/react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Icon } from "../../plugins/gatsby-plugin-first-paint";
import { useSiteData } from "../components/layout/useSiteData";
import { RatingSummary } from "../components/reviews/RatingSummary";
import { ReviewList } from "../components/reviews/ReviewList";
import { ScoreBars } from "../components/reviews/ScoreBars";
import { PageHead } from "../components/seo/PageHead";
import { Breadcrumbs } from "../components/ui/Breadcrumbs";
import { ButtonLink } from "../components/ui/Button";
import { CallLink } from "../components/ui/CallLink";
import { cardGrid, cardStyle } from "../components/ui/Card";
import { CtaBand } from "../components/ui/CtaBand";
import { PageHero } from "../components/ui/PageHero";
import { Section } from "../components/ui/Section";
import { Stars } from "../components/ui/Stars";
import { colors, fontSize, mq } from "../components/ui/theme";
import { formatNumber } from "../lib/dutch-format";
import { reviewOrder } from "../lib/helpful-votes";
import { type Crumb } from "../lib/json-ld";
import { QuoteLink } from "../components/ui/QuoteLink";

const trail: Crumb[] = [
  { name: "Home", path: "/" },
  { name: "Reviews", path: "/reviews" },
];

const scoresLayout = css`
  display: grid;
  gap: 24px;
  ${mq.lg} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  h3 {
    margin-top: 0;
  }
`;

const platformStyle = css`
  display: grid;
  gap: 4px;
  h3 {
    margin: 0;
  }
  p {
    margin: 0;
    color: ${colors.inkMuted};
    font-size: ${fontSize.sm};
  }
  strong {
    font-size: ${fontSize.lg};
  }
`;

/** /reviews: the rating in figures, then every review in content/reviews/. */
export default function ReviewsPage({ data }: PageProps<Queries.ReviewsPageQuery>) {
  const { company } = useSiteData();
  if (!data.page) throw new Error("content/reviews-page.json is missing");
  const page = data.page;
  const reviews = reviewOrder(
    data.reviews.nodes,
    data.page.reviews.featured.map((review) => review.slug),
  );

  return (
    <>
      <PageHero
        above={<Breadcrumbs trail={trail} />}
        {...page.hero}
      >
        <ButtonLink href="/offerte">
          <Icon name="document" size={20} />
          Gratis offerte aanvragen
        </ButtonLink>
        <CallLink />
      </PageHero>

      <Section id="beoordeling" title="Onze beoordeling">
        <RatingSummary rating={company.rating.value} best={company.rating.best} countText={`uit ${company.rating.count} reviews`} />
        <div css={scoresLayout}>
          <div css={cardStyle}>
            <h3>Verdeling van de sterren</h3>
            <ScoreBars
              label="Verdeling van de sterren"
              items={page.distribution.map((row) => ({
                label: `${row.stars} ${row.stars === 1 ? "ster" : "sterren"}`,
                share: row.percent / 100,
                value: `${row.percent}%`,
              }))}
            />
          </div>
          <div css={cardStyle}>
            <h3>{page.aspects.title}</h3>
            <ScoreBars
              label={page.aspects.title}
              items={page.aspects.items.map((aspect) => ({
                label: aspect.name,
                share: aspect.score / company.rating.best,
                value: formatNumber(aspect.score, 1),
              }))}
            />
          </div>
        </div>
      </Section>

      <Section id="platforms" title={page.platforms.title} intro={page.platforms.intro} tone="sand">
        <ul css={cardGrid(4)}>
          {page.platforms.items.map((platform) => (
            <li key={platform.name} css={[cardStyle, platformStyle]}>
              <h3>{platform.name}</h3>
              <strong>{formatNumber(platform.rating, 1)}</strong>
              <Stars rating={platform.rating} />
              <p>{platform.count} beoordelingen</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="alle-reviews" title={page.reviews.title} intro={page.reviews.intro}>
        <ReviewList reviews={reviews} pageSize={page.reviews.pageSize} />
      </Section>

      <CtaBand id="offerte" title={page.cta.title} text={page.cta.text}>
        <QuoteLink />
        <CallLink variant="light" />
      </CtaBand>
    </>
  );
}

export const Head: HeadFC<Queries.ReviewsPageQuery> = ({ data, location }) => {
  if (!data.page) throw new Error("content/reviews-page.json is missing");
  return <PageHead seo={data.page.seo} trail={trail} pathname={location.pathname} />;
};

export const query = graphql`
  query ReviewsPage {
    page: reviewsPageJson {
      seo {
        ...PageSeoFields
      }
      hero {
        ...PageHeroFields
      }
      distribution {
        stars
        percent
      }
      aspects {
        title
        items {
          name
          score
        }
      }
      platforms {
        title
        intro
        items {
          name
          rating
          count
        }
      }
      reviews {
        title
        intro
        featured {
          slug
        }
        pageSize
      }
      cta {
        ...CallBandFields
      }
    }
    reviews: allReviewsJson {
      nodes {
        ...ReviewCardFields
        helpful
        projectType
        wouldRecommend
      }
    }
  }
`;
