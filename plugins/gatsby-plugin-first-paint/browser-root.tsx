import { CacheProvider } from "@emotion/react";
import type { ReactNode } from "react";
import { createBrowserStyleCache } from "./style-cache";

const styleCache = createBrowserStyleCache();

/** Every page's elements get the browser's Emotion cache, which knows the rules the server already put in the page. */
export function wrapRootElement({ element }: { element: ReactNode }) {
  return <CacheProvider value={styleCache}>{element}</CacheProvider>;
}
