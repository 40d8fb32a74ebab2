import { contentArticles, contentServices, contentTowns } from "./content";

/**
 * The pages the site has now. Every test that walks the site reads these lists:
 * a later issue adds its pages here, not new test code.
 */
export const pages: { path: string; name: string }[] = [
  { path: "/", name: "Home" },
  { path: "/diensten", name: "Diensten" },
  ...contentServices().map((service) => ({ path: `/diensten/${service.slug}`, name: service.name })),
  ...contentTowns().map((town) => ({ path: `/dakdekker-${town.slug}`, name: `Dakdekker ${town.name}` })),
  { path: "/blog", name: "Blog" },
  ...contentArticles().map((article) => ({ path: `/blog/${article.slug}`, name: article.title })),
];

/** The pages that carry the shared contact form, with its anchor: all but the blog, whose pages link to /offerte and /contact instead. */
export const formPages: { path: string; anchor: string }[] = pages
  .filter(({ path }) => !path.startsWith("/blog"))
  .map(({ path }) => ({ path, anchor: "offerte-formulier" }));

/**
 * Routes of SPEC section 2 that later issues build. Until then a link to one of
 * them is known not to resolve; the crawler fails on any other broken link.
 * An issue that builds a route moves it from here to `pages`.
 */
export const plannedRoutes: string[] = [
  "/over-ons",
  "/spoedservice",
  "/projecten",
  "/reviews",
  "/contact",
  "/offerte",
  "/privacy",
  "/algemene-voorwaarden",
];

/** Every page with a path that must answer 404 with the not-found screen. */
export const notFoundPath = "/deze-pagina-bestaat-niet";
