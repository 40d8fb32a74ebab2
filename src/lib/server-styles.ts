import type { EmotionCache } from "@emotion/cache";

/** One <style> element for the page head: its data-emotion attribute and its CSS. */
export interface StyleBlock {
  dataEmotion: string;
  css: string;
}

/**
 * The CSS a server render left in an Emotion cache in compat mode, as the
 * <style> elements Emotion's browser code adopts instead of inserting again:
 * one per Global (`data-emotion="css-global {id}"`), then one with every class
 * and keyframes rule (`data-emotion="css {id} {id} …"`). In the head, the
 * browser parses the CSS once, before the body, rather than one block at a
 * time between the elements (Emotion's default), which also is invalid HTML.
 */
const keyframes = /^@(-[a-z]+-)?keyframes /;

export function serverStyleBlocks(cache: Pick<EmotionCache, "key" | "inserted">): StyleBlock[] {
  const globals: StyleBlock[] = [];
  const classIds: string[] = [];
  let classCss = "";
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== "string" || rules === "") continue;
    if (rules.includes(`.${cache.key}-${id}`) || keyframes.test(rules)) {
      classIds.push(id);
      classCss += rules;
    } else {
      globals.push({ dataEmotion: `${cache.key}-global ${id}`, css: rules });
    }
  }
  return classIds.length > 0 ? [...globals, { dataEmotion: `${cache.key} ${classIds.join(" ")}`, css: classCss }] : globals;
}
