import { useEffect, useRef, useState } from "react";

/**
 * Whether an element has come into the viewport (once true, it stays true).
 * Native lazy loading starts far below the screen; this waits until the
 * element is really in view, so a long page loads only what is looked at.
 */
export function useInView<T extends Element>() {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || inView) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setInView(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView]);
  return { ref, inView };
}
