/**
 * The path the browser loaded from the server, captured once when the app
 * starts (gatsby-browser imports this module), before any client-side navigation.
 */
export const initialPathname = typeof window === "undefined" ? "" : window.location.pathname;
