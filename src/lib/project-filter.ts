/**
 * The category filter of /projecten: which category the URL names, how many
 * projects each category has and which projects it shows. The choice lives in
 * the URL (?categorie=isolatie) so a reload or a shared link keeps it.
 */

/** The categories a project may have, in the filter's order. Kept here, not in content-schema, so the page does not load zod. */
export const projectCategories = ["monumentaal", "bedrijfsdaken", "spoed", "nieuwbouw", "isolatie", "dakgoten"] as const;
export type ProjectCategory = (typeof projectCategories)[number];

export const categoryParam = "categorie";

/** The category a URL's query names, if it is one the site knows; anything else shows all projects. */
export function categoryFromSearch<C extends string>(search: string, known: readonly C[]): C | null {
  const value = new URLSearchParams(search).get(categoryParam);
  return known.find((category) => category === value) ?? null;
}

/** The query for a choice: the category, or none for all projects (other parameters are kept). */
export function searchFor(search: string, category: string | null): string {
  const params = new URLSearchParams(search);
  if (category) params.set(categoryParam, category);
  else params.delete(categoryParam);
  const query = params.toString();
  return query ? `?${query}` : "";
}

export function filterProjects<P extends { categories: readonly string[] }>(projects: readonly P[], category: string | null): P[] {
  return category ? projects.filter((project) => project.categories.includes(category)) : [...projects];
}

/** How many projects each category has, for the counts on the filter buttons. */
export function categoryCounts<C extends string>(
  projects: readonly { categories: readonly string[] }[],
  categories: readonly C[],
): Record<C, number> {
  return Object.fromEntries(
    categories.map((category) => [category, projects.filter((project) => project.categories.includes(category)).length]),
  ) as Record<C, number>;
}
