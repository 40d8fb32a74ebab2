/** A usual reading speed for an article on screen. */
const wordsPerMinute = 200;

/** The words of a Markdown text: runs between spaces that hold a letter or digit, so "##", "-" and "€" do not count. */
export function countWords(markdown: string): number {
  return markdown.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Whole minutes to read a Markdown text, at least 1, so "5 min" stays true when an editor changes the text. */
export function readingMinutes(markdown: string): number {
  return Math.max(1, Math.ceil(countWords(markdown) / wordsPerMinute));
}
