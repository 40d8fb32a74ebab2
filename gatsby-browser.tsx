import type { GatsbyBrowser } from "gatsby";
import { wrapPageElement as wrap } from "./src/components/layout/wrapPageElement";
import "./src/lib/initial-path";

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = wrap;

/** SPEC: every path change starts at the top of the page; a link with a hash lands on its anchor. */
export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ routerProps, prevRouterProps }) => {
  const { location } = routerProps;
  if (location.hash) return true;
  if (prevRouterProps && prevRouterProps.location.pathname !== location.pathname) {
    window.scrollTo(0, 0);
    return false;
  }
  return true;
};
