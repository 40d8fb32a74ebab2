/**
 * The site's own build steps: a page for each service, town, article and legal
 * text (queried by id, as gatsby-starter-blog does, and queried again by $id in
 * its template). Content checks and schema: plugins/gatsby-plugin-content;
 * files written beside the pages: plugins/gatsby-plugin-build-outputs; icons
 * and script files: plugins/gatsby-plugin-first-paint.
 */
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { blogPath, legalPath, servicePath, townPath } from "./src/lib/paths";

export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<{
    services: { nodes: { id: string; slug: string; name: string }[] };
    towns: { nodes: { id: string; slug: string }[] };
    articles: { nodes: { id: string; fields: { slug: string } }[] };
    legalTexts: { nodes: { id: string; fields: { slug: string } }[] };
  }>(`
    query GeneratedPages {
      services: allServicesJson(sort: { order: ASC }) {
        nodes {
          id
          slug
          name
        }
      }
      towns: allTownsJson(sort: { order: ASC }) {
        nodes {
          id
          slug
        }
      }
      articles: allMarkdownRemark(filter: { fields: { collection: { eq: "blog" } } }) {
        nodes {
          id
          fields {
            slug
          }
        }
      }
      legalTexts: allMarkdownRemark(filter: { fields: { collection: { eq: "legal" } } }) {
        nodes {
          id
          fields {
            slug
          }
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("There was an error loading the services, towns, articles and legal texts for their pages", result.errors);
    return;
  }
  const serviceTemplate = path.resolve("src/templates/service.tsx");
  for (const service of result.data.services.nodes) {
    actions.createPage({
      path: servicePath(service.slug),
      component: serviceTemplate,
      context: { id: service.id, name: service.name },
    });
  }
  const townTemplate = path.resolve("src/templates/town.tsx");
  for (const town of result.data.towns.nodes) {
    actions.createPage({ path: townPath(town.slug), component: townTemplate, context: { id: town.id } });
  }
  const articleTemplate = path.resolve("src/templates/blog-post.tsx");
  for (const article of result.data.articles.nodes) {
    actions.createPage({ path: blogPath(article.fields.slug), component: articleTemplate, context: { id: article.id } });
  }
  const legalTemplate = path.resolve("src/templates/legal-text.tsx");
  for (const legalText of result.data.legalTexts.nodes) {
    actions.createPage({ path: legalPath(legalText.fields.slug), component: legalTemplate, context: { id: legalText.id } });
  }
};
