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
  { path: "/over-ons", name: "Over ons" },
  { path: "/spoedservice", name: "Spoedservice" },
  { path: "/projecten", name: "Projecten" },
  { path: "/reviews", name: "Reviews" },
  { path: "/contact", name: "Contact" },
  { path: "/offerte", name: "Offerte" },
  { path: "/privacy", name: "Privacyverklaring" },
  { path: "/algemene-voorwaarden", name: "Algemene voorwaarden" },
];

/** Pages without the shared contact form: the blog links to /offerte and /contact instead; the legal texts and the reviews and projects pages end in a call to action. */
const withoutForm = (path: string) => path.startsWith("/blog") || ["/privacy", "/algemene-voorwaarden", "/reviews", "/projecten"].includes(path);

/** The pages that carry the shared contact form, with its anchor. */
export const formPages: { path: string; anchor: string }[] = pages
  .filter(({ path }) => !withoutForm(path))
  .map(({ path }) => ({ path, anchor: "offerte-formulier" }));

/** Every page with a path that must answer 404 with the not-found screen. */
export const notFoundPath = "/deze-pagina-bestaat-niet";
