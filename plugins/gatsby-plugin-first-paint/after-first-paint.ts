/**
 * Marks a part of a page below its top (a section, the footer) that the
 * browser may skip for the first paint while it is out of view; the loader
 * below draws such parts one frame at a time after that paint
 * (plugin README, "The top of the page first").
 */
export const drawnLaterAttribute = "data-drawn-later";

/** The props that mark such a part. */
export const drawnLater = { [drawnLaterAttribute]: "" } as const;

/**
 * Set on the root element once every marked part is drawn, so that parts a
 * later client-side navigation renders are drawn at once.
 */
export const paintedAttribute = "data-painted";

/**
 * Gatsby ends each page with its script files as `async` tags: on a fast
 * connection they arrive and run before the browser's first paint, so the
 * hero, whose text is in the HTML, is painted only after all of React has
 * started (plugin README). This one script, the same text on every page
 * (one CSP hash), fetches them once the first contentful paint has been
 * reported, which is after that paint is on screen, and once the images then
 * in view are decoded and have had a frame to be painted (arrived is not
 * enough: a slow phone paints an AVIF a decode later): on a phone an article's
 * photo can be the largest paint, and scripts fetched beside it made it wait.
 * The images in view are the ones an IntersectionObserver reports on its
 * first round, which the browser computes with its next frame: measuring them
 * here would make it lay out the whole page inside this script's task. It
 * waits at most 3 s for images, and fetches the files once. Browsers
 * without paint timing start waiting in the task after the first frame.
 * Inserted scripts are async, as Gatsby's were. Then it lets the browser
 * draw the parts it skipped for the first paint, one per frame, top down: all
 * at once, they made a task of 35 to 55 ms unthrottled, which Lighthouse
 * counts as blocking time.
 */
export const afterFirstPaintScript =
  '(function(){var s=document.currentScript.dataset.sources.split(" "),g=0;' +
  'function f(){if(g++)return;s.forEach(function(u){var e=document.createElement("script");e.src=u;document.body.appendChild(e)});' +
  `var p=document.querySelectorAll("[${drawnLaterAttribute}]"),i=0;(function r(){requestAnimationFrame(function(){` +
  `if(i<p.length){p[i++].removeAttribute("${drawnLaterAttribute}");r()}else document.documentElement.setAttribute("${paintedAttribute}","")})})()}` +
  "function n(){requestAnimationFrame(function(){setTimeout(f)})}" +
  "function a(){var m=document.images;if(!m.length)return f();" +
  "var o=new IntersectionObserver(function(l){o.disconnect();var w=l.filter(function(e){return e.isIntersecting}),k=w.length;" +
  "if(!k)return f();setTimeout(f,3000);" +
  "w.forEach(function(e){function d(){if(--k===0)n()}e.target.decode().then(d,d)})});[].forEach.call(m,function(i){o.observe(i)})}" +
  'if((PerformanceObserver.supportedEntryTypes||[]).indexOf("paint")<0){requestAnimationFrame(function(){setTimeout(a)});return}' +
  'new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();a()}}).observe({type:"paint",buffered:true})})();';

/**
 * Gatsby's script file tags as it writes them into a built page, from the
 * scripts slice it stitches in after rendering (so gatsby-ssr's hooks never
 * see them).
 */
const scriptFileTag = /<script src="([^"<>]+)" async><\/script>/g;

/** The loader as a page of an earlier build carries it, perhaps in an older version. */
const loaderTag = /<script data-sources="([^"<>]+)">[\s\S]*?<\/script>/;

/**
 * The page without the NUL bytes React 18's streaming renderer can leave where
 * a chunk of its output ends inside a character of more than one byte
 * (docs/publishing.md). HTML never holds a NUL of its
 * own, so removing them gives back the text as written.
 */
export function withoutNulBytes(html: string): string {
  return html.replaceAll("\0", "");
}

/**
 * A built page with its script file tags replaced by the loader, which takes
 * the first one's place; a page a previous build left unchanged gets this
 * build's loader. Throws when the page has neither: then Gatsby wrote its
 * scripts another way and the page would start React before its first paint.
 */
export function deferScriptFiles(html: string): string {
  const loader = (sources: string) => `<script data-sources="${sources}">${afterFirstPaintScript}</script>`;
  const sources = [...html.matchAll(scriptFileTag)].map((match) => match[1]);
  if (sources.length === 0) {
    if (loaderTag.test(html)) return html.replace(loaderTag, (_tag, earlierSources: string) => loader(earlierSources));
    throw new Error("no script file of Gatsby's (<script src=… async>) in the page");
  }
  let first = true;
  return html.replace(scriptFileTag, () => {
    if (!first) return "";
    first = false;
    return loader(sources.join(" "));
  });
}
