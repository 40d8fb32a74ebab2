export declare const gzipSize: (buffer: Buffer) => number;
export declare function builtPages(publicDir: string): { route: string; file: string }[];
export declare function notFoundPage(publicDir: string): { route: string; file: string };
export declare const htmlGzip: (htmlFile: string) => number;
export declare const budgets: { scriptTransferGzip: number; htmlGzip: number };
