import { useEffect, type RefObject } from "react";

/** The height, from the bottom of the screen, that a fixed element covers; read by the page's scroll-padding and the body's padding (globalStyles). */
export const coveredBottomProperty = "--covered-bottom";

/**
 * Registers the property as not inherited, so a change restyles the two
 * elements it is set on, not the whole page (docs/performance.md). gatsby-ssr
 * puts it in each page's head: registered before the body is parsed, it costs
 * nothing, where registering later restyles every element once. A script
 * rather than CSS's `@property`, which the W3C Nu HTML Checker rejects.
 */
export const registerCoveredBottomScript = `window.CSS&&CSS.registerProperty&&CSS.registerProperty({name:"${coveredBottomProperty}",syntax:"<length>",inherits:false,initialValue:"0px"})`;

/** Room between a focused element's outline and the covering element's edge. */
const gapPx = 8;

/**
 * While the element is shown, focus and anchor scrolling keep what they bring
 * into view above it (WCAG 2.4.11, Focus Not Obscured): the page's
 * scroll-padding grows to the part of the screen from the element's top edge
 * down, whatever that height is on this screen and at this text size.
 */
export function useKeepScrollingClearOf(ref: RefObject<HTMLElement>) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // The elements whose CSS reads the property (globalStyles): it is not inherited.
    const readers = [document.documentElement, document.body];
    const update = () => {
      const covered = `${Math.max(0, Math.round(window.innerHeight - element.getBoundingClientRect().top + gapPx))}px`;
      for (const reader of readers) reader.style.setProperty(coveredBottomProperty, covered);
    };
    // No first measurement here: it would lay out the whole page inside React's task (docs/performance.md).
    // The observer reports the element once when it starts, after the browser's own layout of that frame.
    const observer = new ResizeObserver(update);
    observer.observe(element);
    window.addEventListener("resize", update);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", update);
      for (const reader of readers) reader.style.removeProperty(coveredBottomProperty);
    };
  }, [ref]);
}
