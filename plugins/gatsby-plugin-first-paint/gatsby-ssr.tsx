/**
 * The server's part of the first paint (README): each page's CSS and icon
 * symbols in its own HTML, the covered-bottom property registered before the
 * body, and one page-path script for every page.
 */
import type { EmotionCache } from "@emotion/cache";
import { CacheProvider, ClassNames, type SerializedStyles } from "@emotion/react";
import type { GatsbySSR } from "gatsby";
import { isValidElement, type ReactElement, type ReactNode } from "react";
import { globalStyles } from "../../src/components/ui/globalStyles";
import type { IconName } from "../../src/lib/icons";
import { StylesIntoPageCss } from "./BrowserOnlyStyles";
import { registerCoveredBottomScript } from "./covered-bottom";
import { IconsDrawnOnPage } from "./Icon";
import { gatsbyPagePathScriptId, pagePathOf, pagePathScript } from "./page-path-script";
import { pageStyles } from "./server-styles";
import { compiledStyles, createServerStyleCache, serverRuleIdsAttribute } from "./style-cache";

/** Every icon's <symbol> by name, compiled into the page renderer by gatsby-node. */
declare const __ICON_SYMBOLS__: Record<IconName, string>;

/** The page-wide CSS (src/components/ui/globalStyles.ts), compiled once for every page. */
const globalCss = compiledStyles(globalStyles);

/**
 * Each page renders with its own Emotion cache, so its head gets exactly the
 * CSS it uses, and its own set of the icons it draws, so its HTML carries
 * exactly their symbols. Gatsby 5 calls wrapRootElement, renders the page,
 * then calls onRenderBody with the same pathname, which takes them out again;
 * in a build, a page without them fails (`gatsby develop` renders no page body).
 */
const pages = new Map<string, { cache: EmotionCache; icons: Set<IconName> }>();

/** BrowserOnlyStyles' styles into the page's cache, each under the class its `css` prop gets; it renders nothing. */
function IntoPageCss({ styles }: { styles: readonly SerializedStyles[] }) {
  return (
    <ClassNames>
      {({ css }) => {
        for (const style of styles) css(style);
        return null;
      }}
    </ClassNames>
  );
}

const intoPageCss = (styles: readonly SerializedStyles[]) => <IntoPageCss styles={styles} />;

export const wrapRootElement: GatsbySSR["wrapRootElement"] = ({ element, pathname }) => {
  const cache = createServerStyleCache();
  const icons = new Set<IconName>();
  pages.set(pathname, { cache, icons });
  return (
    <CacheProvider value={cache}>
      <IconsDrawnOnPage.Provider value={icons}>
        <StylesIntoPageCss.Provider value={intoPageCss}>{element}</StylesIntoPageCss.Provider>
      </IconsDrawnOnPage.Provider>
    </CacheProvider>
  );
};

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ pathname, setHeadComponents, setPreBodyComponents }) => {
  const rendered = pages.get(pathname);
  pages.delete(pathname);
  // The symbols of the icons the page drew, which their <use> refers to; the rest are in the sprite file (Icon.tsx).
  const icons = [...(rendered?.icons ?? [])].sort();
  if (icons.length > 0) {
    const symbols = icons.map((name) => __ICON_SYMBOLS__[name]).join("");
    setPreBodyComponents([<svg key="icons" style={{ display: "none" }} dangerouslySetInnerHTML={{ __html: symbols }} />]);
  }
  if (!rendered && process.env.NODE_ENV === "production") {
    throw new Error(`${pathname}: rendered without this plugin's wrapRootElement, or Gatsby no longer calls it before onRenderBody (plugins/gatsby-plugin-first-paint/README.md, "Upgrade checklist")`);
  }
  // The page's CSS as plain <style> elements, which Emotion's browser code leaves where they are
  // (style-cache.ts), and the covered-bottom property's registration, before the body.
  const head = [
    <style key="global" dangerouslySetInnerHTML={{ __html: globalCss }} />,
    <script key="covered-bottom" dangerouslySetInnerHTML={{ __html: registerCoveredBottomScript }} />,
  ];
  const page = rendered ? pageStyles(rendered.cache) : null;
  if (page && page.ids.length > 0) {
    head.push(<style key="page" {...{ [serverRuleIdsAttribute]: page.ids.join(" ") }} dangerouslySetInnerHTML={{ __html: page.css }} />);
  }
  setHeadComponents(head);
};

type ScriptProps = { id?: string; dangerouslySetInnerHTML?: { __html?: string } };

/**
 * One page-path script text for every page, so the site's CSP allows it by a
 * single hash (page-path-script.ts). A built page without Gatsby's page-path
 * script, or with one that says more, fails the build, naming the page: it
 * would need a hash of its own. `gatsby develop` writes no such script.
 * Gatsby's script files are deferred after the build (gatsby-node, onPostBuild).
 */
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({ pathname, getPostBodyComponents, replacePostBodyComponents }) => {
  if (process.env.NODE_ENV !== "production") return;
  let found = false;
  const components = getPostBodyComponents().map((component: ReactNode) => {
    if (!isValidElement(component)) return component;
    const props = (component as ReactElement<ScriptProps>).props;
    const pagePath = props.id === gatsbyPagePathScriptId ? pagePathOf(props.dangerouslySetInnerHTML?.__html ?? "") : null;
    if (pagePath === null) return component;
    found = true;
    return <script key={component.key} id={props.id} data-page-path={pagePath} dangerouslySetInnerHTML={{ __html: pagePathScript }} />;
  });
  if (!found) {
    throw new Error(
      `${pathname}: Gatsby's page-path script (<script id="${gatsbyPagePathScriptId}">/*<![CDATA[*/window.pagePath="…";/*]]>*/) is not in the page as Gatsby 5 writes it; an upgrade changed it (plugins/gatsby-plugin-first-paint/README.md, "Upgrade checklist")`,
    );
  }
  replacePostBodyComponents(components);
};
