/** The height, from the bottom of the screen, that a fixed element covers; read by the page's scroll-padding and the body's padding (globalStyles). */
export const coveredBottomProperty = "--covered-bottom";

/**
 * Registers the property as not inherited, so a change restyles the two
 * elements it is set on, not the whole page (plugin README, "The cookie
 * banner's CSS in the page"). This plugin's gatsby-ssr puts it in each page's
 * head: registered before the body is parsed, it costs nothing, where
 * registering later restyles every element once. A script rather than CSS's
 * `@property`, which the W3C Nu HTML Checker rejects.
 */
export const registerCoveredBottomScript = `window.CSS&&CSS.registerProperty&&CSS.registerProperty({name:"${coveredBottomProperty}",syntax:"<length>",inherits:false,initialValue:"0px"})`;
