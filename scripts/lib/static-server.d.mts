import type { Server } from "node:http";

export interface HeaderRule {
  matches: RegExp;
  headers: Record<string, string>;
}
export declare function parseHeadersFile(text: string): HeaderRule[];
export declare function headersFor(rules: HeaderRule[], urlPath: string): Record<string, string>;
export declare function startStaticServer(root: string, port: number, options?: { fallback?: string; withoutHeaders?: string[] }): Promise<Server>;
