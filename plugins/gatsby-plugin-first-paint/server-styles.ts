import type { EmotionCache } from "@emotion/cache";

/** A page's CSS from its server render, and the ids Emotion knows its rules by. */
export interface PageStyles {
  ids: string[];
  css: string;
}

/**
 * The CSS a server render left in an Emotion cache in compat mode, for one
 * <style> in the page's head: the browser parses it once, before the body,
 * rather than one block at a time between the elements (Emotion's default,
 * which also is invalid HTML).
 */
export function pageStyles(cache: Pick<EmotionCache, "inserted">): PageStyles {
  const rulesById = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "");
  return { ids: rulesById.map(([id]) => id), css: rulesById.map(([, rules]) => rules).join("") };
}
