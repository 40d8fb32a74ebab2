import createCache, { type EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import type { GatsbySSR } from "gatsby";
import { wrapPageElement as wrap } from "./src/components/layout/wrapPageElement";
import { serverStyleBlocks } from "./src/lib/server-styles";

export const wrapPageElement: GatsbySSR["wrapPageElement"] = wrap;

/** Each page renders with its own Emotion cache, so its head gets exactly the CSS it uses. */
const pageCaches = new Map<string, EmotionCache>();

export const wrapRootElement: GatsbySSR["wrapRootElement"] = ({ element, pathname }) => {
  const cache = createCache({ key: "css" });
  // Compat mode keeps the CSS in the cache instead of writing <style> between the elements.
  cache.compat = true;
  pageCaches.set(pathname, cache);
  return <CacheProvider value={cache}>{element}</CacheProvider>;
};

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ pathname, setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: "nl" });
  const cache = pageCaches.get(pathname);
  pageCaches.delete(pathname);
  if (!cache) return;
  setHeadComponents(
    serverStyleBlocks(cache).map((block) => (
      <style key={block.dataEmotion} data-emotion={block.dataEmotion} dangerouslySetInnerHTML={{ __html: block.css }} />
    )),
  );
};
