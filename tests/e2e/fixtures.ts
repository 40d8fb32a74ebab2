import { expect, test as base } from "@playwright/test";
import { autoOpenedStorageKey } from "../../src/lib/chatbot";
import { consentRecord, consentStorageKey, onlyNecessary } from "../../src/lib/consent";

export * from "@playwright/test";

/**
 * Every test starts as a returning visitor: one who chose "Alleen
 * noodzakelijk" (`cookieChoice`) and whose chat panel has already opened by
 * itself this session (`chatSeen`), so neither the banner nor the panel
 * covers what a test looks at. Tests of the banner and the chatbot switch
 * these off and start as a first-time visitor.
 */
export const test = base.extend<{ cookieChoice: boolean; chatSeen: boolean }>({
  cookieChoice: [true, { option: true }],
  chatSeen: [true, { option: true }],
  page: async ({ page, cookieChoice, chatSeen }, run) => {
    // A CSP violation becomes a console error, which every test that watches errors (helpers.ts) then reports.
    await page.addInitScript(() =>
      document.addEventListener("securitypolicyviolation", (event) =>
        console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "an inline script or style"}`),
      ),
    );
    await page.addInitScript(
      ({ consentKey, consent, chatKey }) => {
        try {
          if (consent && !localStorage.getItem(consentKey)) localStorage.setItem(consentKey, consent);
          if (chatKey) sessionStorage.setItem(chatKey, "1");
        } catch {
          // Frames without storage (a sandboxed map) have nothing to set.
        }
      },
      {
        consentKey: consentStorageKey,
        consent: cookieChoice ? JSON.stringify(consentRecord(onlyNecessary)) : "",
        chatKey: chatSeen ? autoOpenedStorageKey : "",
      },
    );
    await run(page);
  },
});

/**
 * expect for the specs that visit a page once and check its parts as named
 * steps: a failing check is named by its step, and the page's later steps still run.
 */
export const softExpect = expect.configure({ soft: true });
