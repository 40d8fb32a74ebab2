import type { SerializedStyles } from "@emotion/react";
import { createContext, useContext, type ReactNode } from "react";

type Styles = readonly SerializedStyles[];

/**
 * What puts styles into the page's CSS while the server renders it: this
 * plugin's gatsby-ssr provides it (with Emotion's ClassNames, which so stays
 * out of the browser's script); the browser has none.
 */
export const StylesIntoPageCss = createContext<((styles: Styles) => ReactNode) | null>(null);

/**
 * The styles of a part only the browser draws (the cookie banner: only the
 * browser knows the visitor's choice), put into the page's CSS by the server
 * under the classes their `css` props get, so drawing the part is not also the
 * moment Emotion compiles and inserts CSS (plugin README, "The cookie banner's
 * CSS in the page"). Render it beside that part. It draws nothing, in the
 * server's HTML or in the browser, so hydration finds what the server drew.
 */
export function BrowserOnlyStyles({ styles }: { styles: Styles }) {
  const intoPageCss = useContext(StylesIntoPageCss);
  return intoPageCss ? intoPageCss(styles) : null;
}
