import { css } from "@emotion/react";
import { Link } from "gatsby";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import type { ReactNode } from "react";
import type { Crumb } from "../../lib/json-ld";
import { Breadcrumbs } from "./Breadcrumbs";
import { Container } from "./Container";
import { colors, fontSize, mq } from "./theme";

const articleStyle = css`
  max-width: 760px;
  margin: 0 auto;
  padding: 32px 0 64px;
  ${mq.lg} {
    padding: 48px 0 96px;
  }
  h1 {
    margin: 16px 0;
    font-size: ${fontSize.xl};
    ${mq.md} {
      font-size: ${fontSize.xxl};
    }
  }
`;

export const articleLeadStyle = css`
  font-size: ${fontSize.md};
  color: ${colors.inkMuted};
  margin: 16px 0 24px;
`;

/** Markdown's own elements, set for reading: headings with air above, lists indented, tables ruled. */
const bodyStyle = css`
  h2 {
    font-size: ${fontSize.lg};
    margin: 40px 0 12px;
  }
  h3 {
    font-size: ${fontSize.md};
    margin: 32px 0 8px;
  }
  p,
  ul,
  ol,
  table {
    margin: 0 0 16px;
  }
  ul,
  ol {
    padding-left: 24px;
  }
  li + li {
    margin-top: 6px;
  }
  table {
    width: 100%;
    border-collapse: collapse;
  }
  th,
  td {
    text-align: left;
    vertical-align: top;
    padding: 8px 12px 8px 0;
    border-bottom: 1px solid ${colors.line};
  }
`;

const backStyle = css`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  margin-top: 24px;
  font-weight: 700;
`;

interface ArticleProps {
  trail: Crumb[];
  title: string;
  /** What sits between the title and the body: meta line, lead, image. */
  header: ReactNode;
  /** The body as HTML rendered from the Markdown file at build time. */
  html: string;
  back: { to: string; label: string };
}

/** A text page read top to bottom: an article of the blog or a legal text. */
export function Article({ trail, title, header, html, back }: ArticleProps) {
  return (
    <Container>
      <article css={articleStyle}>
        <Breadcrumbs trail={trail} />
        <h1>{title}</h1>
        {header}
        <div css={bodyStyle} dangerouslySetInnerHTML={{ __html: html }} />
        <Link to={back.to} css={backStyle}>
          <Icon name="arrowLeft" size={18} />
          {back.label}
        </Link>
      </article>
    </Container>
  );
}
