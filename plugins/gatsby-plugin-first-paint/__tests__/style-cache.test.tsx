/**
 * The browser's Emotion cache with Emotion's browser build: the rules the
 * server listed in the page are not compiled or inserted again, and what only
 * the browser draws finds its styles there too (gatsby-ssr.test.tsx has the
 * server's side).
 */
import { nextTask } from "./react-in-jsdom";
import { CacheProvider, css } from "@emotion/react";
import type { ReactElement } from "react";
import { createRoot } from "react-dom/client";
import { BrowserOnlyStyles } from "../BrowserOnlyStyles";
import { createBrowserStyleCache, serverRuleIdsAttribute } from "../style-cache";

const inPage = css`
  color: red;
`;
const notInPage = css`
  color: green;
`;

async function renderInBrowser(element: ReactElement) {
  document.head.innerHTML = `<style ${serverRuleIdsAttribute}="${inPage.name}">.css-${inPage.name}{color:red;}</style>`;
  document.body.innerHTML = "<div></div>";
  const cache = createBrowserStyleCache();
  createRoot(document.body.firstElementChild as HTMLElement).render(<CacheProvider value={cache}>{element}</CacheProvider>);
  for (let task = 0; task < 5; task += 1) await nextTask();
  // Each <style> with the rules in it, which Emotion may have inserted through the CSSOM rather than as text.
  return [...document.querySelectorAll("style")].map((style) => ({ element: style.outerHTML, rules: [...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText).join("") }));
}

describe("the browser's style cache", () => {
  it("leaves the server's rules where they are and inserts only the others", async () => {
    const styles = await renderInBrowser(
      <>
        <p css={inPage}>In de pagina</p>
        <p css={notInPage}>Nieuw</p>
      </>,
    );
    expect(document.body.innerHTML).toBe(`<div><p class="css-${inPage.name}">In de pagina</p><p class="css-${notInPage.name}">Nieuw</p></div>`);
    expect(styles[0].element).toBe(`<style ${serverRuleIdsAttribute}="${inPage.name}">.css-${inPage.name}{color:red;}</style>`);
    // Emotion's own sheet, which only the rule the server did not list went into.
    const inserted = styles.slice(1).map((style) => style.element + style.rules);
    expect(inserted.join("")).not.toContain(inPage.name);
    expect(inserted.join("")).toContain(`.css-${notInPage.name}`);
  });

  it("draws nothing and inserts nothing for BrowserOnlyStyles, which only the server fills in", async () => {
    const styles = await renderInBrowser(<BrowserOnlyStyles styles={[notInPage]} />);
    expect(document.body.innerHTML).toBe("<div></div>");
    expect(styles).toHaveLength(1);
  });
});
