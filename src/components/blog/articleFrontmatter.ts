interface OptionalArticleFields<Image> {
  title: string;
  category: string | null;
  image: Image | null;
  imageAlt: string | null;
}

/**
 * Articles share the Markdown frontmatter type with the legal texts, so their
 * own fields (category, image) are optional in GraphQL; the content plugin has checked
 * every article has them. This narrows the type, failing loudly if one does not.
 */
export function articleFrontmatter<Image, F extends OptionalArticleFields<Image>>(frontmatter: F) {
  const { category, image, imageAlt } = frontmatter;
  if (!category || !image || !imageAlt) throw new Error(`The article "${frontmatter.title}" lacks its category or image`);
  return { ...frontmatter, category, image, imageAlt };
}
