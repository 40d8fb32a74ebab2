import { ClassNames, type SerializedStyles } from "@emotion/react";

/**
 * The styles of a part only the browser draws (the cookie banner: only the
 * browser knows the visitor's choice), put into the page's CSS by the server
 * under the classes their `css` props get, so drawing the part is not also the
 * moment Emotion compiles and inserts CSS (plugin README, "The cookie banner's
 * CSS in the page"). Render it beside that part. It draws nothing, in the
 * server's HTML or in the browser, so hydration finds what the server drew.
 */
export function BrowserOnlyStyles({ styles }: { styles: readonly SerializedStyles[] }) {
  if (typeof document !== "undefined") return null;
  return (
    <ClassNames>
      {({ css }) => {
        for (const style of styles) css(style);
        return null;
      }}
    </ClassNames>
  );
}
