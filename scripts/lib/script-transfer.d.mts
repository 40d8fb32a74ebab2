import type { Browser } from "@playwright/test";

export interface ScriptTransfer {
  bytes: number;
  /** firstLine: where a compile hint goes (plugins/gatsby-plugin-first-paint/compile-hint.ts); undefined when the body could not be read. */
  scripts: { url: string; bytes: number; firstLine: string | undefined }[];
  /** The scripts the browser asked for before its first contentful paint or before the images in view had arrived. */
  startedTooEarly: string[];
}
/** A phone's screen, as the phone measurements use. */
export declare const phone: { viewport: { width: number; height: number }; isMobile: boolean };
export declare function scriptTransfer(browser: Browser, url: string, options?: { imageDelayMs?: number; startedWhen?: string }): Promise<ScriptTransfer>;
