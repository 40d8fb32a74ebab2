import { css } from "@emotion/react";
import type { HeadFC, PageProps } from "gatsby";
import { Icon } from "../../plugins/gatsby-plugin-first-paint";
import { useEffect } from "react";
import { Seo } from "../components/seo/Seo";
import { visuallyHidden } from "../components/ui/a11y";
import { ButtonLink } from "../components/ui/Button";
import { Container } from "../components/ui/Container";
import { colors, fontSize } from "../components/ui/theme";
import { initialPathname } from "../lib/initial-path";
import { needsFullNavigation } from "../lib/paths";

const pageStyle = css`
  padding: 96px 0;
  text-align: center;
  .code {
    font-size: 96px;
    font-weight: 800;
    line-height: 1;
    color: ${colors.action};
    margin: 0 0 16px;
  }
`;

export default function NotFoundPage({ location }: PageProps) {
  useEffect(() => {
    if (needsFullNavigation(location.pathname, initialPathname)) {
      window.location.assign(location.pathname + location.search + location.hash);
    }
  }, [location.pathname, location.search, location.hash]);

  return (
    <Container>
      <div css={pageStyle}>
        <p className="code" aria-hidden="true">
          404
        </p>
        <h1>
          <span css={visuallyHidden}>404: </span>
          <span lang="en">Oops! Page not found</span>
        </h1>
        <p css={{ fontSize: fontSize.md, color: colors.inkMuted }}>
          Deze pagina bestaat niet (meer). Misschien is de link verouderd of zit er een typfout in het adres.
        </p>
        <ButtonLink href="/">
          <Icon name="house" size={20} />
          Terug naar de homepage
        </ButtonLink>
      </div>
    </Container>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo
    title="Pagina niet gevonden"
    description="Deze pagina bestaat niet. Ga terug naar de homepage van onze dakdekkers in Amsterdam."
    pathname={location.pathname}
  >
    <meta name="robots" content="noindex" />
  </Seo>
);
