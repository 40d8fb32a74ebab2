/** @jest-environment node */
/**
 * The plugin's gatsby-ssr as Gatsby's page renderer calls it, with Emotion's
 * server build: a page's CSS and icon symbols in its own HTML, and one
 * page-path script for every page.
 */
import { css } from "@emotion/react";
import type { ReactElement, ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { globalStyles } from "../../../src/components/ui/globalStyles";
import { BrowserOnlyStyles } from "../BrowserOnlyStyles";
import { registerCoveredBottomScript } from "../covered-bottom";
import { onPreRenderHTML, onRenderBody, wrapRootElement } from "../gatsby-ssr";
import { Icon } from "../Icon";
import { pagePathOf, pagePathScript } from "../page-path-script";
import { compiledStyles, serverRuleIdsAttribute } from "../style-cache";

Object.assign(globalThis, { __ICON_SYMBOLS__: { check: '<symbol id="icon-check"/>', house: '<symbol id="icon-house"/>', star: '<symbol id="icon-star"/>' } });

// Gatsby's API args, reduced to what the hooks use.
type Hook = (args: never, options: never) => unknown;
const call = (hook: unknown, args: object) => (hook as Hook)(args as never, {} as never);

/** Renders a page as Gatsby does: wrapRootElement, the HTML, then onRenderBody's head and pre-body components. */
function renderPage(pathname: string, page: ReactNode) {
  const html = renderToString(call(wrapRootElement, { element: page, pathname }) as ReactElement);
  let head: ReactNode[] = [];
  let preBody: ReactNode[] = [];
  call(onRenderBody, { pathname, setHeadComponents: (components: ReactNode[]) => (head = components), setPreBodyComponents: (components: ReactNode[]) => (preBody = components) });
  return { html, head: renderToString(<>{head}</>), preBody: renderToString(<>{preBody}</>) };
}

describe("a page's CSS and icons", () => {
  const red = css`
    color: red;
  `;
  const banner = css`
    color: blue;
  `;

  it("go into the page's head and the start of its body, and only the page's", () => {
    const { html, head, preBody } = renderPage(
      "/een",
      <p css={red}>
        <Icon name="check" />
        <Icon name="house" />
        <BrowserOnlyStyles styles={[banner]} />
      </p>,
    );
    // Emotion's compat mode: no <style> between the page's elements.
    expect(html).toMatch(new RegExp(`^<p class="css-${red.name}"><svg`));
    expect(html).not.toContain("<style");
    expect(head).toContain(`<style ${serverRuleIdsAttribute}="${red.name} ${banner.name}">.css-${red.name}{color:red;}.css-${banner.name}{color:blue;}</style>`);
    // The page-wide CSS and the property's registration first, the same on every page.
    expect(head.startsWith(`<style>${compiledStyles(globalStyles)}</style><script>${registerCoveredBottomScript}</script>`)).toBe(true);
    expect(preBody).toBe('<svg style="display:none"><symbol id="icon-check"/><symbol id="icon-house"/></svg>');
    const other = renderPage("/twee", <Icon name="star" />);
    expect(other.preBody).toBe('<svg style="display:none"><symbol id="icon-star"/></svg>');
    expect(other.head).not.toContain(serverRuleIdsAttribute);
  });

  it("compile the page-wide CSS to its rules, which Emotion's compat-mode insert returns", () => {
    expect(
      compiledStyles(css`
        p {
          color: red;
        }
      `),
    ).toBe("p{color:red;}");
  });
});

describe("the page-path script", () => {
  test("reads the path from Gatsby's own script, and nothing from a script that says more", () => {
    expect(pagePathOf('/*<![CDATA[*/window.pagePath="/over-ons";/*]]>*/')).toBe("/over-ons");
    expect(pagePathOf('/*<![CDATA[*/window.pagePath="/a\\"b";/*]]>*/')).toBe('/a"b');
    expect(pagePathOf('/*<![CDATA[*/window.pagePath="/";window.pageData={};/*]]>*/')).toBeNull();
  });

  const nodeEnv = process.env.NODE_ENV;
  beforeEach(() => {
    process.env.NODE_ENV = "production";
  });
  afterEach(() => {
    process.env.NODE_ENV = nodeEnv;
  });

  /** onPreRenderHTML on a built page's post-body components, as Gatsby 5's static-entry makes them. */
  function postBody(pathname: string, components: ReactNode[]) {
    let replaced: ReactNode[] | undefined;
    call(onPreRenderHTML, { pathname, getPostBodyComponents: () => components, replacePostBodyComponents: (next: ReactNode[]) => (replaced = next) });
    return renderToString(<>{replaced}</>);
  }

  const gatsbyScript = (text: string) => <script key="script-loader" id="gatsby-script-loader" dangerouslySetInnerHTML={{ __html: text }} />;
  const chunkMap = <script key="chunk-mapping" id="gatsby-chunk-mapping" dangerouslySetInnerHTML={{ __html: "window.___chunkMapping={};" }} />;

  test("is the same text on every page, with the path in a data attribute", () => {
    expect(postBody("/over-ons", [gatsbyScript('/*<![CDATA[*/window.pagePath="/over-ons";/*]]>*/'), chunkMap])).toBe(
      `<script id="gatsby-script-loader" data-page-path="/over-ons">${pagePathScript}</script><script id="gatsby-chunk-mapping">window.___chunkMapping={};</script>`,
    );
  });

  test("fails the page's build when Gatsby's script is not there as Gatsby 5 writes it", () => {
    expect(() => postBody("/over-ons", [chunkMap])).toThrow(/^\/over-ons: Gatsby's page-path script .* is not in the page/);
    expect(() => postBody("/over-ons", [gatsbyScript('/*<![CDATA[*/window.pagePath="/over-ons";window.pageData={};/*]]>*/')])).toThrow(/^\/over-ons: /);
  });
});
