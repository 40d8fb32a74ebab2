/**
 * Gatsby puts its scripts at the end of the body as `async`: on a fast
 * connection they arrive and run before the browser's first paint, so the
 * hero, whose text is in the HTML, is painted only after all of React has
 * started (docs/performance.md). This one script, the same text on every page
 * (one CSP hash), fetches them instead in the task after the first paint:
 * requestAnimationFrame runs just before a paint, and a timeout set there runs
 * after it. Inserted scripts are async, as Gatsby's were.
 */
export const afterFirstPaintScript =
  '(function(){var s=document.currentScript.dataset.sources.split(" ");requestAnimationFrame(function(){setTimeout(function(){s.forEach(function(u){var e=document.createElement("script");e.src=u;document.body.appendChild(e)})})})})();';
