import type { Browser } from "@playwright/test";

export interface ScriptTransfer {
  bytes: number;
  scripts: { url: string; bytes: number }[];
}
export declare function scriptTransfer(browser: Browser, url: string): Promise<ScriptTransfer>;
