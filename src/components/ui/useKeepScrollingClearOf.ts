import { useEffect, type RefObject } from "react";
import { coveredBottomProperty } from "../../../plugins/gatsby-plugin-first-paint";


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
    // No first measurement here: it would lay out the whole page inside React's task (plugins/gatsby-plugin-first-paint/README.md).
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
