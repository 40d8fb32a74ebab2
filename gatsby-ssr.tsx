import type { GatsbySSR } from "gatsby";
import { wrapPageElement as wrap } from "./src/components/layout/wrapPageElement";

export const wrapPageElement: GatsbySSR["wrapPageElement"] = wrap;

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "nl" });
};
