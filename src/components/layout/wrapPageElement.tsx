import type { WrapPageElementBrowserArgs } from "gatsby";
import { Layout } from "./Layout";

export function wrapPageElement({ element, props }: Pick<WrapPageElementBrowserArgs, "element" | "props">) {
  return <Layout pathname={props.location.pathname}>{element}</Layout>;
}
